"""An editor changes one setup figure of a game in the admin; readers of both languages see it.

The figure is a row of the Game snippet's setup inline (player count, component, quantity),
stored once: the English and Spanish guides both render it. A figure the box cannot hold is
refused with the database constraint's message, and what the editor typed stays in the form.
"""

import re

import pytest

from catalogue.models import Game
from guides.models import GuidePage
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user
from tests.guides.factories import url_in

pytestmark = BROWSER_TEST


@pytest.fixture
def demo(demo_site, roles, django_user_model):
    make_user(django_user_model, "eduardo", roles["Editors"])
    return Game.objects.get(slug="point-city")


def inline_field(game, component, players, field):
    """The admin form field of one setup row, found the way the inline orders its rows."""
    figures = list(game.setup_figures.order_by("sort_order"))
    (row,) = [f for f in figures if f.component_en == component and f.min_players == players]
    return f"#id_setup_figures-{figures.index(row)}-{field}"


def civic_tokens_for_four(reader, url):
    reader.goto(url)
    table = reader.locator("table.setup-facts").nth(1)
    return table.locator("tbody tr").last.locator("th, td").all_inner_texts()


def test_editor_edits_a_setup_row_and_readers_see_it_in_both_languages(journey, demo):
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")
    reader = journey.open()
    assert civic_tokens_for_four(reader, journey.url + url_in(guide, "en")) == ["4", "14"]

    editor = journey.open()
    log_in(editor, journey.url, "eduardo")
    editor.goto(f"{journey.url}/admin/snippets/catalogue/game/edit/{demo.pk}/")
    expect_heading = editor.get_by_text("Setup figures (shown in every language's guides)")
    assert expect_heading.first.is_visible()

    # More tier-1 cards than the box holds: refused, with the reason, and the figure kept.
    tier_one = inline_field(demo, "Tier 1", 4, "quantity")
    editor.locator(tier_one).fill("70")
    editor.get_by_role("button", name="Save").click()
    editor.wait_for_load_state()
    assert "A game cannot use more than the box holds." in editor.content()
    assert editor.locator(tier_one).input_value() == "70"

    editor.locator(tier_one).fill("64")
    editor.locator(inline_field(demo, "Civic tokens", 4, "quantity")).fill("15")
    editor.get_by_role("button", name="Save").click()
    editor.wait_for_url(re.compile(r"/admin/snippets/catalogue/game/$"))
    assert "updated" in editor.locator(".messages").inner_text()

    assert civic_tokens_for_four(reader, journey.url + url_in(guide, "en")) == ["4", "15"]
    assert civic_tokens_for_four(reader, journey.url + url_in(guide, "es")) == ["4", "15"]
