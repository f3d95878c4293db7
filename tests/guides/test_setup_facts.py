"""Facts once: setup figures are stored on the game and rendered into every language's guide."""

import pytest
from bs4 import BeautifulSoup
from django.db import IntegrityError, transaction

from catalogue.models import SetupFigure
from tests.guides.factories import give_setup_figures, publish, publish_version, url_in
from tests.guides.fixtures import fixtures_from_guide_site

pytestmark = pytest.mark.django_db


# The guide's site is built once for the module (tests.guides.fixtures.GuideSite).
home, policy, game_page, rulebook, guide = fixtures_from_guide_site()


USED = [["1–2", "40", "24", "18"], ["3", "52", "36", "28"], ["4", "64", "48", "38"]]
RETURNED = [["1–2", "25", "26", "27"], ["3", "13", "14", "17"], ["4", "1", "2", "7"]]
BOX = ["65", "50", "45"]


def facts(show):
    return ("setup_facts", {"show": show, "caption": ""})


@pytest.fixture
def facts_guide(guide):
    """English states the cards used, Spanish the cards returned: the seeds' two framings."""
    give_setup_figures(guide.game_page.game)
    return publish(
        guide,
        body_en=[facts("cards_used"), facts("civic_tokens"), facts("turns_and_market")],
        body_es=[facts("cards_returned"), facts("civic_tokens"), facts("turns_and_market")],
        title_es="Cómo jugar",
        slug_es="como-jugar",
    )


def tables(client, page, language):
    response = client.get(url_in(page, language))
    assert response.status_code == 200
    html = BeautifulSoup(response.content, "html.parser")
    return [
        {
            "caption": table.caption.get_text(strip=True),
            "head": [th.get_text(strip=True) for th in table.select("thead th")],
            "rows": [
                [cell.get_text(strip=True) for cell in row.select("th, td")]
                for row in table.select("tbody tr")
            ],
            "foot": [cell.get_text(strip=True) for cell in table.select("tfoot th, tfoot td")],
        }
        for table in html.select(".guide-body table.setup-facts")
    ]


def test_english_and_spanish_state_the_same_figures_each_in_its_own_framing(client, facts_guide):
    cards_en, tokens_en, turns_en = tables(client, facts_guide, "en")
    cards_es, tokens_es, turns_es = tables(client, facts_guide, "es")

    assert cards_en["caption"] == "Cards used from each tier"
    assert cards_en["head"] == ["Players", "Tier 1", "Tier 2", "Tier 3"]
    assert cards_en["rows"] == USED
    assert cards_en["foot"] == ["Total", *BOX]

    assert cards_es["caption"] == "Cartas de cada nivel devueltas a la caja"
    assert cards_es["head"] == ["Jugadores", "Nivel 1", "Nivel 2", "Nivel 3"]
    assert cards_es["rows"] == RETURNED
    assert cards_es["foot"] == ["Total", *BOX]

    # Used plus returned is the whole box, for every player count and tier.
    for used, returned in zip(cards_en["rows"], cards_es["rows"], strict=True):
        assert used[0] == returned[0]
        assert [int(u) + int(r) for u, r in zip(used[1:], returned[1:], strict=True)] == [
            int(total) for total in BOX
        ]

    # The same view shows the same figures under translated headings.
    assert tokens_en["rows"] == tokens_es["rows"] == [["1–2", "10"], ["3", "12"], ["4", "14"]]
    assert tokens_en["head"] == ["Players", "Civic tokens"]
    assert tokens_es["head"] == ["Jugadores", "Fichas de edificio comunitario"]
    assert turns_en["rows"] == turns_es["rows"] == [[p, "17", "14"] for p in ("1–2", "3", "4")]


def test_a_change_to_the_game_shows_in_both_languages(client, facts_guide):
    game = facts_guide.game_page.game
    # Read (its sections and the game's figures remembered) before the change.
    tables(client, facts_guide, "en")
    tables(client, facts_guide, "es")
    give_setup_figures(
        game,
        setups=[((1, 2), [40, 24, 18], 10), ((3, 3), [52, 36, 28], 12), ((4, 4), [60, 45, 40], 15)],
    )
    cards_en, tokens_en, _turns = tables(client, facts_guide, "en")
    cards_es, tokens_es, _turns = tables(client, facts_guide, "es")
    assert cards_en["rows"][-1] == ["4", "60", "45", "40"]
    assert cards_es["rows"][-1] == ["4", "5", "5", "5"]
    assert tokens_en["rows"][-1] == tokens_es["rows"][-1] == ["4", "15"]


def test_an_editor_caption_replaces_the_standard_one(client, facts_guide):
    guide = publish(
        facts_guide, body_en=[("setup_facts", {"show": "cards_used", "caption": "Deal"})]
    )
    assert tables(client, guide, "en")[0]["caption"] == "Deal"


def test_a_game_without_figures_shows_no_empty_table(client, guide):
    guide = publish(guide, body_en=[facts("cards_used"), ("paragraph", "<p>Shuffle.</p>")])
    assert tables(client, guide, "en") == []
    assert "Shuffle." in client.get(guide.url).content.decode()


def test_old_versions_render_their_facts_from_the_game(client, facts_guide):
    guide = publish_version(facts_guide, "Reworded.", body_en=[facts("civic_tokens")])
    html = BeautifulSoup(client.get(f"{guide.url}v/1/").content, "html.parser")
    first = html.select_one(".guide-body table.setup-facts")
    assert first.caption.get_text(strip=True) == "Cards used from each tier"


def test_any_game_fits_named_components_without_new_fields(client, guide):
    """A game with no tiers or tokens: its own components, named in each language."""
    game = guide.game_page.game
    for order, (en, es, quantity) in enumerate(
        [("Cards in hand", "Cartas en la mano", 4), ("Tent card", "Carta de tienda", 1)]
    ):
        SetupFigure.objects.create(
            game=game,
            sort_order=order,
            min_players=2,
            max_players=4,
            group="each_player",
            component_en=en,
            component_es=es,
            quantity=quantity,
        )
    SetupFigure.objects.create(
        game=game,
        min_players=5,
        max_players=5,
        group="each_player",
        component_en="Cards in hand",
        component_es="Cartas en la mano",
        quantity=5,
        sort_order=3,
    )
    guide = publish(
        guide,
        body_en=[facts("each_player")],
        body_es=[facts("each_player")],
        title_es="Cómo jugar",
        slug_es="como-jugar",
    )
    (english,) = tables(client, guide, "en")
    (spanish,) = tables(client, guide, "es")
    assert english["head"] == ["Players", "Cards in hand", "Tent card"]
    assert spanish["head"] == ["Jugadores", "Cartas en la mano", "Carta de tienda"]
    # Fewest players first; no figure for a component at a player count shows a dash.
    assert english["rows"] == spanish["rows"] == [["2–4", "4", "1"], ["5", "5", "—"]]
    assert english["foot"] == []
    # Views of other tables show nothing rather than an empty table.
    assert tables(client, publish(guide, body_en=[facts("cards_used")]), "en") == []


@pytest.mark.parametrize(
    "change",
    [
        {"quantity": 66},  # more than the box holds
        {"max_players": 0},  # a range out of order
        {"min_players": 0, "max_players": 0},  # no players
        {"quantity": -1},
    ],
    ids=["over-the-box", "range-reversed", "no-players", "negative"],
)
def test_the_database_refuses_figures_that_cannot_be_true(guide, change):
    give_setup_figures(guide.game_page.game)
    figure = SetupFigure.objects.get(component_en="Tier 1", min_players=4)
    for field, value in change.items():
        setattr(figure, field, value)
    with pytest.raises(IntegrityError), transaction.atomic():
        figure.save()


def test_one_figure_per_component_and_player_count(guide):
    give_setup_figures(guide.game_page.game)
    twin = SetupFigure.objects.get(component_en="Civic tokens", min_players=3)
    twin.pk = None
    twin.quantity = 99
    with pytest.raises(IntegrityError), transaction.atomic():
        twin.save()
