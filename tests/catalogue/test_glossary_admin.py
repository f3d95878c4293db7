"""Translators and editors keep each game's glossary in the admin."""

import pytest
from django.urls import reverse

from catalogue.models import GlossaryTerm
from tests.rulings.factories import GameFactory

pytestmark = pytest.mark.django_db

ADD = reverse("wagtailsnippets_catalogue_glossaryterm:add")


@pytest.fixture
def game(db):
    return GameFactory(name="Point City", slug="point-city")


def term_data(game, **changes):
    data = {"game": game.pk, "english": "tie", "language": "es", "translation": "empate"}
    data.update(changes)
    return data


def test_a_translator_adds_a_pair_and_it_is_stemmed_for_matching(client, translator, game):
    client.force_login(translator)
    response = client.post(ADD, term_data(game, translation="  Recursos   permanentes "))
    assert response.status_code == 302, response.content.decode()[:2000]
    term = GlossaryTerm.objects.get()
    assert (term.translation, term.stems, term.head) == (
        "Recursos permanentes",
        "recurs permanent",
        "recurs",
    )
    listing = client.get(reverse("wagtailsnippets_catalogue_glossaryterm:list"), {"game": game.pk})
    assert "Recursos permanentes" in listing.content.decode()
    # The game itself stays the editors'.
    assert client.get(
        reverse("wagtailsnippets_catalogue_game:edit", args=[game.pk])
    ).status_code in (
        302,
        403,
    )


def test_a_rendering_of_common_words_only_or_a_repeated_pair_is_refused(client, editor, game):
    client.force_login(editor)
    response = client.post(ADD, term_data(game, translation="de la"))
    assert response.status_code == 200
    assert "too common to search for" in response.content.decode()
    assert client.post(ADD, term_data(game)).status_code == 302
    response = client.post(ADD, term_data(game))
    assert response.status_code == 200
    assert "already has this pair" in response.content.decode()
    assert GlossaryTerm.objects.count() == 1
