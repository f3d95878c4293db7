"""Publishing a guide or a translated ruling mines the game's glossary suggestions, in a task:
a freshly loaded demo has them, and a decided pair is never suggested again."""

from unittest import mock

import pytest

from catalogue.models import GlossarySuggestion, GlossaryTerm
from guides import glossary_suggestions
from guides.models import GamePage, GuidePage
from rulings.models import Ruling
from tests.guides.factories import publish

pytestmark = pytest.mark.django_db

GAME = "archaeology-the-new-expedition"


def suggested(**filters):
    rows = GlossarySuggestion.objects.filter(game__slug=GAME, language="es", **filters)
    return {(row.english.lower(), row.translation.lower()): row for row in rows}


def test_the_demo_suggests_the_archaeology_pairs_a_spanish_reader_needs(demo_site):
    assert not GlossaryTerm.objects.filter(game__slug=GAME).exists()  # nobody typed them
    pairs = suggested(status=GlossarySuggestion.Status.SUGGESTED)
    for pair in [
        ("sandstorm", "tormenta de arena"),
        ("tent", "tienda"),
        ("thief", "ladrón"),
        ("treasure", "tesoro"),
        ("marketplace", "mercado"),
        ("dig site", "yacimiento"),
    ]:
        assert pair in pairs, sorted(pairs)
    sandstorm = pairs["sandstorm", "tormenta de arena"]
    assert sandstorm.sources and all(
        "andstorm" in english and "ormenta" in spanish for english, spanish in sandstorm.sources
    )


def test_publishing_a_guide_translation_queues_the_mining_and_keeps_decisions(demo_site):
    game_page = GamePage.objects.get(game__slug=GAME)
    guide = GuidePage.objects.descendant_of(game_page).get()
    pairs = suggested()
    pairs["tent", "tienda"].reject()
    pairs["sandstorm", "tormenta de arena"].accept()
    GlossarySuggestion.objects.filter(status=GlossarySuggestion.Status.SUGGESTED).delete()
    assert not suggested(status=GlossarySuggestion.Status.SUGGESTED)
    # The tests run tasks as they are queued (ImmediateBackend).
    publish(guide, intro_es=guide.intro_es + " ")
    after = suggested()
    assert after["tent", "tienda"].status == GlossarySuggestion.Status.REJECTED
    assert after["sandstorm", "tormenta de arena"].status == GlossarySuggestion.Status.ACCEPTED
    assert after["thief", "ladrón"].status == GlossarySuggestion.Status.SUGGESTED
    assert GlossaryTerm.objects.filter(
        game__slug=GAME, english="Sandstorm", translation="Tormenta de arena"
    ).exists()


def test_publishing_a_translated_ruling_queues_the_mining_of_its_game(demo_site):
    ruling = Ruling.objects.get(slug="what-happens-when-i-draw-a-sandstorm-card")
    ruling.question_es = "¿Qué pasa cuando robo una carta de Tormenta de arena?"
    with mock.patch.object(glossary_suggestions, "refresh_glossary_suggestions") as task:
        ruling.save_revision().publish()
    task.enqueue.assert_called_once_with(ruling.edition.game_id)


def test_publishing_an_english_only_ruling_queues_nothing(demo_site):
    ruling = Ruling.objects.get(slug="what-breaks-a-tie")
    with mock.patch.object(glossary_suggestions, "refresh_glossary_suggestions") as task:
        ruling.save_revision().publish()
    task.enqueue.assert_not_called()
