"""A reader's journey in Chromium, following links only, with axe-core on every page.

Home → games → a game → its guide → the guide in Spanish → the game's rulings → a ruling
→ one of its citations → the rulebook passage it points at.
"""

from tests.browser.conftest import BROWSER_TEST, accessibility_violations

pytestmark = BROWSER_TEST


def accessible(page):
    violations, results = accessibility_violations(page)
    assert violations == [], f"{page.url}\n{results.generate_report()}"
    return page


def test_reader_goes_from_home_to_a_rulebook_passage(journey, demo_site):
    reader = journey.open()
    reader.goto(f"{journey.url}/en/")
    accessible(reader).get_by_role("link", name="All games").click()
    accessible(reader).get_by_role("link", name="Point City", exact=True).click()
    game_url = reader.url
    accessible(reader).get_by_role("link", name="How to play Point City").click()
    assert reader.locator("h1").inner_text() == "How to play Point City"

    accessible(reader).locator(".language-switcher").get_by_role("link", name="Español").click()
    assert reader.locator("html").get_attribute("lang") == "es"
    assert reader.locator("h1").inner_text() == "Cómo jugar a Ciudad de Puntos"
    accessible(reader).locator(".eyebrow a").first.click()
    assert reader.url != game_url and "/es/" in reader.url

    rulings = reader.locator("#rulings-heading").locator("..")
    accessible(reader)
    rulings.get_by_role("link").first.click()
    accessible(reader).get_by_role("link", name="What breaks a tie?").click()
    assert reader.locator("h1").inner_text() == "What breaks a tie?"

    accessible(reader).locator(".answer a.cite-ref").first.click()
    citation = reader.locator(".citations li:target")
    assert citation.count() == 1
    citation.get_by_role("link").first.click()
    passage = reader.locator(":target")
    assert passage.count() == 1
    assert "9 · GAME END · SCORING" in passage.inner_text()
    accessible(reader)
