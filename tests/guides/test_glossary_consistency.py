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
