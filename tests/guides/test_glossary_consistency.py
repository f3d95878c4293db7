"""A Spanish guide that renders a glossary term otherwise than the game's glossary is
flagged to translators on their dashboard, naming the term and the expected rendering."""

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse

from catalogue.models import GlossaryTerm
from tests.guides.factories import publish

pytestmark = pytest.mark.django_db

DASHBOARD = reverse("guides_translations")
ENGLISH = [("paragraph", "<p>Final-score ties go to the player with more resource cards.</p>")]


def warnings(client):
    html = BeautifulSoup(client.get(DASHBOARD).content, "html.parser")
    row = html.select_one("#translation-guides tbody tr")
    return [p.get_text(" ", strip=True) for p in row.select(".glossary-warnings p")]


@pytest.fixture
def glossary(game_page):
    game = game_page.game
    for english, spanish, variant in [
        ("tie", "empate", False),
        ("tie", "igualdad", True),
        ("Resource Card", "carta de recurso", False),
    ]:
        GlossaryTerm(game=game, english=english, translation=spanish, variant=variant).save()


def test_a_term_rendered_otherwise_is_named_with_its_expected_rendering(
    client, translator, spanish_guide, glossary
):
    publish(
        spanish_guide,
        body_en=ENGLISH,
        body_es=[
            ("paragraph", "<p>En caso de igualdad gana quien tenga más cartas de recurso.</p>")
        ],
    )
    client.force_login(translator)
    (warning,) = warnings(client)
    assert "«tie»" in warning or "“tie”" in warning
    assert "empate" in warning and "igualdad" not in warning


def test_the_glossary_rendering_inflected_and_without_accents_is_consistent(
    client, translator, spanish_guide, glossary
):
    publish(
        spanish_guide,
        body_en=ENGLISH,
        body_es=[("paragraph", "<p>Los empates los gana quien tenga más CARTAS DE RECURSOS.</p>")],
    )
    client.force_login(translator)
    assert warnings(client) == []


def test_the_guide_editor_warns_of_the_term_too(client, translator, spanish_guide, glossary):
    publish(
        spanish_guide,
        body_en=ENGLISH,
        body_es=[
            ("paragraph", "<p>En caso de igualdad gana quien tenga más cartas de recurso.</p>")
        ],
    )
    client.force_login(translator)
    response = client.get(reverse("wagtailadmin_pages:edit", args=(spanish_guide.pk,)))
    messages = [str(message) for message in response.context["messages"]]
    assert any("“tie”" in message and "“empate”" in message for message in messages), messages


def test_a_common_word_is_not_a_term_the_translation_must_carry(
    client, translator, spanish_guide, glossary
):
    for english, spanish in [("use", "usar"), ("space", "espacio")]:
        GlossaryTerm(
            game=spanish_guide.get_parent().specific.game, english=english, translation=spanish
        ).save()
    publish(
        spanish_guide,
        body_en=[("paragraph", "<p>Use the empty space to break a tie.</p>")],
        body_es=[("paragraph", "<p>Con el hueco libre se resuelve la igualdad.</p>")],
    )
    client.force_login(translator)
    (warning,) = warnings(client)  # "tie" only: "use" and "space" are everyday words
    assert "“tie”" in warning and "“use”" not in warning and "“space”" not in warning


def test_a_word_the_games_translations_seldom_render_so_is_not_a_term(
    client, translator, spanish_guide, glossary
):
    GlossaryTerm(
        game=spanish_guide.get_parent().specific.game, english="tile", translation="loseta"
    ).save()
    lines = ["Tile the market.", "Tile it again.", "A tile each.", "Tiles tie.", "One tile."]
    publish(
        spanish_guide,
        body_en=[("paragraph", f"<p>{line}</p>") for line in lines],
        body_es=[("paragraph", "<p>Una pieza por jugador, en caso de empate.</p>")] * 5,
    )
    client.force_login(translator)
    assert warnings(client) == []  # written in five lines, rendered in none: everyday

    publish(
        spanish_guide,
        body_en=[("paragraph", "<p>Put a tile on the market.</p>")],
        body_es=[("paragraph", "<p>Pon una pieza en el mercado.</p>")],
    )
    (warning,) = warnings(client)  # one line is too little to tell: still a term
    assert "“tile”" in warning and "loseta" in warning
