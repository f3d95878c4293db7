"""The header search box in Chromium, in both languages, without any JavaScript of ours."""

from tests.browser.conftest import BROWSER_TEST

pytestmark = BROWSER_TEST


def test_reader_searches_from_the_header_in_english_and_spanish(journey, demo_site):
    reader = journey.open()
    reader.goto(f"{journey.url}/en/rulings/")
    box = reader.locator("header form.search-box")
    box.get_by_role("searchbox").fill("permanent resource")
    box.get_by_role("button", name="Search").click()
    assert reader.url.startswith(f"{journey.url}/en/search/?q=permanent+resource")
    guides = reader.locator("section[aria-labelledby=results-guides]")
    assert "Point City" in guides.inner_text()
    marked = [text.lower() for text in reader.locator(".snippet mark").all_inner_texts()]
    assert any(text.startswith("permanent") for text in marked)
    reader.get_by_role("link", name="Can I use a resource I drafted this turn").first.click()
    assert "/en/rulings/bg-368017-en-1e/" in reader.url

    reader.goto(f"{journey.url}/es/")
    box = reader.locator("header form.search-box")
    box.get_by_role("searchbox").fill("recursos permanentes")
    box.get_by_role("button", name="Buscar").click()
    assert reader.url.startswith(f"{journey.url}/es/buscar/?q=recursos+permanentes")
    assert reader.locator("html").get_attribute("lang") == "es"
    guides = reader.locator("section[aria-labelledby=results-guides]")
    assert "permanente" in guides.inner_text().lower()
    # The English words find nothing on the Spanish page, and the page says what to try.
    box = reader.locator("header form.search-box")
    box.get_by_role("searchbox").fill("permanent resource")
    box.get_by_role("button", name="Buscar").click()
    assert reader.locator("section.no-results").is_visible()


def test_reader_narrows_the_results_to_one_game_and_the_choice_stays(journey, demo_site):
    reader = journey.open()
    reader.goto(f"{journey.url}/en/search/?q=card")
    form = reader.locator("main form.search-form")
    form.get_by_label("Game").select_option(label="Archaeology: The New Expedition")
    form.get_by_role("button", name="Search").click()
    assert "game=archaeology-the-new-expedition" in reader.url
    assert form.get_by_label("Game").input_value() == "archaeology-the-new-expedition"
    rulings = reader.locator("section[aria-labelledby=results-rulings]")
    assert "Point City" not in rulings.inner_text()
    # The game's editions are offered once a game is chosen.
    assert form.get_by_label("Edition").locator("option").count() >= 2
