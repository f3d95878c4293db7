"""A reader finds their way around in Chromium: header links, breadcrumbs, and a guide's
table of contents marking the section being read."""

from tests.browser.conftest import BROWSER_TEST, accessibility_violations

pytestmark = BROWSER_TEST


def test_the_table_of_contents_follows_the_reader(journey, demo_site):
    reader = journey.open()
    reader.goto(f"{journey.url}/en/")
    reader.locator(".main-nav").get_by_role("link", name="Games").click()
    assert reader.locator('.main-nav [aria-current="page"]').inner_text() == "Games"
    reader.get_by_role("link", name="Point City", exact=True).click()
    reader.get_by_role("link", name="How to play Point City").click()
    toc = reader.locator("nav.toc")
    toc.get_by_role("link", name="Breaking a tie").click()
    assert reader.url.endswith("#breaking-a-tie")
    reader.wait_for_function(
        "document.querySelector('nav.toc a[aria-current]')?.textContent === 'Breaking a tie'"
    )
    violations, results = accessibility_violations(reader)
    assert violations == [], results.generate_report()
    # Back up the trail: the breadcrumbs lead to the game.
    reader.locator(".breadcrumbs").get_by_role("link", name="Point City").click()
    assert reader.locator("h1").inner_text() == "Point City"


def test_without_javascript_the_contents_are_plain_links(browser, live_server, demo_site):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/es/juegos/ciudad-de-puntos/")
    assert page.locator(".main-nav").get_by_role("link", name="Resoluciones").count() == 1
    page.get_by_role("link", name="Cómo jugar a Ciudad de Puntos").click()
    first = page.locator("nav.toc a").first
    anchor = first.get_attribute("href")
    first.click()
    assert page.url.endswith(anchor) and page.locator(anchor).count() == 1
    context.close()
