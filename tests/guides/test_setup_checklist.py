"""A table-side setup checklist for one player count, from the game's stored figures."""

import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from catalogue.models import Game, SetupFigure, SetupGroup
from guides.models import GamePage, GuidePage

pytestmark = pytest.mark.django_db

GAME = "point-city"


def checklist_url(players=None, language="en"):
    """The checklist's address: a route of the game's page, in `language`."""
    page = GamePage.objects.get(game__slug=GAME)
    with translation.override(language):
        if players is None:
            return page.subpage_url("setup")
        return page.subpage_url("setup_players", players=players)


def lines(client, url):
    """{section heading: [(key, text)]} of the checklist at `url`."""
    response = client.get(url)
    assert response.status_code == 200
    soup = BeautifulSoup(response.content, "html.parser")
    return {
        section.h2.get_text(strip=True): [
            (line.input["data-key"], line.label.get_text(strip=True)) for line in section("li")
        ]
        for section in soup.select("[data-checklist] section")
    }


def test_three_players_take_out_leave_in_the_box_and_keep_in_mind(client, demo_site):
    found = lines(client, checklist_url(3))
    taken = [text for _key, text in found["Take out of the box"]]
    assert taken == ["52 × Tier 1", "36 × Tier 2", "28 × Tier 3"]
    # What the box holds less what is used: 65 − 52, 50 − 36, 45 − 28.
    left = [text for _key, text in found["Leave in the box"]]
    assert left == ["13 × Tier 1", "14 × Tier 2", "17 × Tier 3"]
    assert [text for _key, text in found["Shared supply"]] == ["12 × Civic tokens"]
    assert "Turns per player: 17" in [text for _key, text in found["Keep in mind"]]


def test_a_range_of_player_counts_gives_each_count_its_figures(client, demo_site):
    for players in (1, 2):
        taken = [
            text for _key, text in lines(client, checklist_url(players))["Take out of the box"]
        ]
        assert taken[0] == "40 × Tier 1"


def test_each_player_figures_are_counted_for_the_table(client, demo_site):
    game = Game.objects.get(slug=GAME)
    SetupFigure.objects.create(
        game=game,
        group=SetupGroup.EACH_PLAYER,
        component="Illustrative starting coins",
        min_players=1,
        max_players=4,
        quantity=3,
    )
    found = lines(client, checklist_url(4))
    assert found["Each player"][0][1] == "3 × Illustrative starting coins each (12 in all)"


def test_the_spanish_checklist_has_the_same_figures_and_ticks_in_spanish_words(client, demo_site):
    url = checklist_url(3, "es")
    assert url == "/es/juegos/ciudad-de-puntos/preparacion/3/"  # the game page's Spanish slug
    spanish = lines(client, url)
    english = lines(client, checklist_url(3))
    assert [text for _k, text in spanish["Sacar de la caja"]][0] == "52 × Nivel 1"
    # The same lines under the same keys: a tick survives a change of language.
    assert [key for s in spanish.values() for key, _t in s] == [
        key for s in english.values() for key, _t in s
    ]


def test_the_game_page_and_the_guides_setup_section_link_every_player_count(client, demo_site):
    game_page = GamePage.objects.get(game__slug=GAME)
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path__contains=GAME)
    expected = [checklist_url(n) for n in (1, 2, 3, 4)]
    for url in (game_page.url, guide.url):
        soup = BeautifulSoup(client.get(url).content, "html.parser")
        links = [a["href"] for a in soup.select(".checklist-link a")]
        assert links[:4] == expected, url


def test_unknown_counts_and_games_are_not_found(client, demo_site):
    assert client.get(checklist_url(9)).status_code == 404
    assert client.get("/en/games/no-such-game/setup/3/").status_code == 404
    assert client.get(checklist_url()).status_code == 200  # the choice of player counts


def test_the_checklist_costs_the_same_queries_however_many_guides_and_figures(client, demo_site):
    url = checklist_url(3)
    client.get(url)
    with CaptureQueriesContext(connection) as first:
        client.get(url)
    game = Game.objects.get(slug=GAME)
    for n in range(4):
        SetupFigure.objects.create(
            game=game,
            group=SetupGroup.SUPPLY,
            component=f"Illustrative {n}",
            min_players=3,
            max_players=3,
            quantity=n,
        )
    client.get(url)  # the first read after a change finds the page's route again
    with CaptureQueriesContext(connection) as second:
        client.get(url)
    assert len(second) == len(first)


def test_the_service_worker_is_served_from_the_root_as_a_script_never_kept_stale(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert b"rulesage-offline" in response.content
