"""A Spanish reader in a real browser: the switcher, the outdated notice, accessibility."""

from tests.browser.conftest import BROWSER_TEST, accessibility_violations
from tests.guides.factories import publish_version, url_in

pytestmark = BROWSER_TEST


def test_switcher_lands_on_the_same_guide_in_the_other_language(page, live_server, demo_guide):
    page.goto(live_server.url + url_in(demo_guide, "es"))
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.locator("h1").inner_text() == "Cómo jugar a Ciudad de Puntos"
    page.locator(".language-switcher").get_by_role("link", name="English").click()
    assert page.url == live_server.url + url_in(demo_guide, "en")
    page.get_by_role("link", name="Read version 1").click()
    page.locator(".language-switcher").get_by_role("link", name="Español").click()
    assert page.url == live_server.url + url_in(demo_guide, "es") + "v/1/"


def test_outdated_spanish_guide_says_so_accessibly(page, live_server, demo_guide):
    publish_version(demo_guide, "Clarified the refill.")
    page.goto(live_server.url + url_in(demo_guide, "es"))
    notice = page.locator(".notice--translation")
    assert "corresponde a la versión 2 del original en inglés" in notice.inner_text()
    violations, results = accessibility_violations(page)
    assert violations == [], results.generate_report()
    notice.get_by_role("link", name="Leer la versión actual en inglés").click()
    assert page.url == live_server.url + url_in(demo_guide, "en")
