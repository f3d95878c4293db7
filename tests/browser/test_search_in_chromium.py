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


def test_reader_narrows_the_results_to_one_game_by_typing_its_name(journey, demo_site):
    """The game filter is a text box: typing part of a name offers the games that hold it
    (fetched as the reader types), choosing one narrows the results and it stays shown."""
    reader = journey.open()
    reader.goto(f"{journey.url}/en/search/?q=card")
    form = reader.locator("main form.search-form")
    game = form.get_by_label("Game")
    assert game.evaluate("box => box.tagName") == "INPUT"
    with reader.expect_response(lambda response: "/en/search/suggestions/?q=arch" in response.url):
        game.press_sequentially("arch", delay=40)
    suggestions = form.locator("datalist#id_game_suggestions option")
    suggestions.first.wait_for(state="attached")
    assert [o.get_attribute("value") for o in suggestions.all()] == [
        "Archaeology: The New Expedition"
    ]
    game.fill("Archaeology: The New Expedition")  # what choosing the suggestion puts in it
    form.get_by_role("button", name="Search").click()
    assert "game=Archaeology" in reader.url
    assert form.get_by_label("Game").input_value() == "Archaeology: The New Expedition"
    rulings = reader.locator("section[aria-labelledby=results-rulings]")
    assert "Point City" not in rulings.inner_text()
    # The game's editions are offered once a game is chosen.
    assert form.get_by_label("Edition").locator("option").count() >= 2


def test_a_game_typed_without_suggestions_still_narrows_the_search(journey, demo_site):
    """With scripts off the box is plain text: a unique part of a name (in English or the
    reader's language) is enough, and the box then shows the name in the reader's language."""
    context = journey.open().context.browser.new_context(java_script_enabled=False)
    reader = context.new_page()
    reader.goto(f"{journey.url}/es/buscar/?q=carta")
    form = reader.locator("main form.search-form")
    form.get_by_label("Juego").fill("point")
    form.get_by_role("button", name="Buscar").click()
    assert form.get_by_label("Juego").input_value() == "Ciudad de Puntos"  # its Spanish name
    assert not reader.locator("form.search-form .error").count()
    context.close()
