"""A reader at the table: from the game page to the 3-player setup checklist, ticks lines,
reloads, loses the network and still has the checklist, its ticks and the game's pages;
the same ticks in Spanish; the checklist prints on one page."""

import re

import pytest

from guides.models import GamePage
from tests.browser.conftest import BROWSER_TEST

pytestmark = BROWSER_TEST


def ticked(reader):
    return [
        reader.locator(f"label[for='{box.get_attribute('id')}']").inner_text()
        for box in reader.locator("[data-checklist] input[type=checkbox]").all()
        if box.is_checked()
    ]


@pytest.fixture
def game_page(demo_site):
    return GamePage.objects.get(game__slug="point-city")


def test_a_three_player_checklist_ticked_kept_offline_and_printed(journey, game_page):
    reader = journey.open()
    reader.goto(journey.url + game_page.url)
    reader.locator(".checklist-link").get_by_role("link", name="3 players").click()
    reader.wait_for_url(re.compile(r"/en/games/point-city/setup/3/$"))
    assert reader.get_by_role("heading", level=1).inner_text() == (
        "Setting up Point City for 3 players"
    )
    reader.get_by_label("52 × Tier 1").check()
    reader.get_by_label("12 × Civic tokens").check()
    reader.get_by_role("status").get_by_text("Kept in this browser").wait_for()

    reader.reload()
    assert ticked(reader) == ["52 × Tier 1", "12 × Civic tokens"]

    reader.context.set_offline(True)
    reader.reload()
    assert reader.get_by_role("heading", level=1).inner_text() == (
        "Setting up Point City for 3 players"
    )
    assert ticked(reader) == ["52 × Tier 1", "12 × Civic tokens"]
    reader.get_by_role("link", name="More about Point City").click()
    reader.wait_for_url(re.compile(re.escape(game_page.url) + "$"))
    assert reader.get_by_role("heading", level=1).inner_text() == "Point City"
    reader.go_back()
    reader.get_by_label("13 × Tier 1").check()  # left in the box: ticked offline too
    reader.context.set_offline(False)

    # The same table in Spanish, under the game page's Spanish address: the lines in
    # Spanish words, the same ticks.
    reader.get_by_role("navigation", name="Language").get_by_role("link", name="Español").click()
    reader.wait_for_url(re.compile(r"/es/juegos/ciudad-de-puntos/preparacion/3/$"))
    assert ticked(reader) == ["52 × Nivel 1", "13 × Nivel 1", "12 × Fichas de edificio comunitario"]
    reader.get_by_role("button", name="Borrar las marcas").click()
    reader.reload()
    assert ticked(reader) == []

    # One printed page, to tick with a pen.
    reader.emulate_media(media="print")
    pdf = reader.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
