"""The migration keeps every passage and gives each its edition's language: on a database
holding the small catalogue, taken back to before it (no language column, both languages'
vectors on every passage) and forward again, every passage is still there, with its
edition's language, a vector in that language only, and its text unchanged."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.models import F, Q

from catalogue.models import Passage

pytestmark = pytest.mark.django_db

BEFORE = [("catalogue", "0003_glossary_suggestions_h34b")]


def migrate(targets):
    MigrationExecutor(connection).migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


def latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def test_every_passage_is_kept_and_takes_its_editions_language(small_catalogue):
    loaded = dict(Passage.objects.values_list("pk", "text"))
    spanish = Passage.objects.filter(document__edition__language="es").count()
    assert spanish and len(loaded) > spanish

    old = migrate(BEFORE)
    OldPassage = old.get_model("catalogue", "Passage")
    assert OldPassage.objects.count() == len(loaded)
    # Before: every passage, Spanish ones too, had an English vector.
    assert (
        OldPassage.objects.filter(document__edition__language="es", search_en__isnull=False).count()
        == spanish
    )

    migrate(latest())
    assert dict(Passage.objects.values_list("pk", "text")) == loaded
    assert not Passage.objects.exclude(language=F("document__edition__language")).exists()
    assert Passage.objects.filter(language="es").count() == spanish
    in_own_language_only = (Q(language="en") & Q(search_es__isnull=True)) | (
        Q(language="es") & Q(search_en__isnull=True)
    )
    assert Passage.objects.filter(in_own_language_only).count() == len(loaded)
    assert not Passage.objects.filter(language="es", search_es__isnull=True).exists()


def test_a_spanish_documents_title_in_the_english_column_moves_to_the_spanish(small_catalogue):
    from catalogue.models import Document

    spanish = list(Document.objects.filter(edition__language="es").order_by("pk")[:2])
    english = Document.objects.filter(edition__language="en").order_by("pk").first()
    moved, kept = spanish
    old = migrate(BEFORE)
    OldDocument = old.get_model("catalogue", "Document")
    # As the importer stored a Spanish export's book: its title in the English column.
    OldDocument.objects.filter(pk=moved.pk).update(title_en="Juego — Reglamento", title_es=None)
    migrate(latest())
    titles = {
        pk: (en, es)
        for pk, en, es in Document.objects.filter(
            pk__in=[moved.pk, kept.pk, english.pk]
        ).values_list("pk", "title_en", "title_es")
    }
    assert titles[moved.pk] == (None, "Juego — Reglamento")
    assert titles[kept.pk] == (kept.title_en, kept.title_es), "a Spanish title of its own stays"
    assert titles[english.pk] == (english.title_en, english.title_es)
