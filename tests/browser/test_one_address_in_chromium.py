"""One address per page in Chromium: switching language keeps a reader's search, and a
Spanish reader's links to a game's checklist and feed lead to the game page's own
Spanish address (an old bookmark moves there)."""

import re

from tests.browser.conftest import BROWSER_TEST

pytestmark = BROWSER_TEST


def test_a_reader_switches_to_spanish_and_keeps_the_search(journey, demo_site):
    reader = journey.open()
    reader.goto(f"{journey.url}/en/")
    box = reader.locator("header form.search-box")
    box.get_by_role("searchbox").fill("sandstorm")
    box.get_by_role("button", name="Search").click()
    reader.wait_for_url(re.compile(r"/en/search/\?q=sandstorm$"))
    assert reader.locator("ol.search-results a").count() > 0

    reader.get_by_role("navigation", name="Language").get_by_role("link", name="Español").click()
    reader.wait_for_url(re.compile(r"/es/buscar/\?q=sandstorm$"))
    assert reader.locator("html").get_attribute("lang") == "es"
    form = reader.locator("main form.search-form")
    assert form.get_by_role("searchbox").input_value() == "sandstorm"
    results = reader.locator("ol.search-results a")
    assert results.count() > 0
    # The Spanish guide names the card in English too: "Tormenta de arena (Sandstorm)".
    assert "Cómo jugar a Archaeology" in results.first.inner_text()


def test_a_spanish_reader_reaches_the_games_checklist_and_feed(journey, demo_site):
    reader = journey.open()
    reader.goto(f"{journey.url}/es/juegos/ciudad-de-puntos/")
    reader.locator(".checklist-link").get_by_role("link", name="3 jugadores").click()
    reader.wait_for_url(re.compile(r"/es/juegos/ciudad-de-puntos/preparacion/3/$"))
    assert reader.get_by_role("heading", level=1).inner_text() == (
        "Preparar Ciudad de Puntos para 3 jugadores"
    )
    feed = reader.locator(
        'head link[type="application/atom+xml"][title="Rulesage: Ciudad de Puntos"]'
    )
    address = feed.get_attribute("href")
    assert address == "/es/juegos/ciudad-de-puntos/canal/"
    response = reader.request.get(journey.url + address)
    assert response.status == 200
    assert response.headers["content-type"].startswith("application/atom+xml")
    assert "<title>Rulesage: Ciudad de Puntos</title>" in response.text()

    # A bookmark of the address the checklist had before moves to its address now.
    reader.goto(f"{journey.url}/es/juegos/point-city/preparacion/3/?desde=marcador")
    assert reader.url == f"{journey.url}/es/juegos/ciudad-de-puntos/preparacion/3/?desde=marcador"
    assert reader.get_by_role("heading", level=1).inner_text() == (
        "Preparar Ciudad de Puntos para 3 jugadores"
    )
