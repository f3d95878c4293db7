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
