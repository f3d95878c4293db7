"""The data migration moves what is stored today: on a database holding the small
catalogue, Spanish rulings stored as the importer used to store them (their text in the
English columns, none in the Spanish) get it in the Spanish columns, indexed with the
Spanish configuration and no longer counted as translations; a Spanish ruling that has
its own Spanish beside an English translation, and every English ruling, stay as they are.

The database is taken back to before the migration, rows are written there as the old
importer wrote them, through that migration state's own models, and forward again."""

import pytest
from django.contrib.postgres.search import SearchQuery
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.models import F

from rulings.models import Ruling
from rulings.translation_listing import ruling_statuses

pytestmark = pytest.mark.django_db

BEFORE = [("rulings", "0031_translation_marks_fresh")]
TEXT = ["question", "answer", "closing_line", "abstain_rationale"]


def migrate(targets):
    """The database migrated to `targets`; the models of that migration state.

    A deferred check a migration's writes leave is run when it is applied, as its commit
    would run it outside the test's transaction: a later migration's new index finds none
    pending."""

    def applied(action, migration=None, fake=False):
        if action == "apply_success":
            connection.check_constraints()

    MigrationExecutor(connection, progress_callback=applied).migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


def latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def texts(pks):
    columns = [f"{name}_{code}" for name in TEXT for code in ("en", "es")]
    return {row["pk"]: row for row in Ruling.objects.filter(pk__in=pks).values("pk", *columns)}


def found_in_spanish(pk, question):
    """True when the Spanish search finds ruling `pk` by the longest word of `question`."""
    word = max(question.split(), key=len).strip("¿?().,")
    return Ruling.objects.filter(pk=pk, search_es=SearchQuery(word, config="spanish")).exists()


def test_spanish_rulings_stored_in_the_english_columns_move_to_the_spanish(small_catalogue):
    spanish = list(
        Ruling.objects.public()
        .filter(edition__language="es")
        .order_by("pk")
        .values_list("pk", flat=True)[:6]
    )
    english = list(Ruling.objects.filter(edition__language="en").values_list("pk", flat=True)[:3])
    assert len(spanish) == 6 and english
    moved, translated = spanish[:5], spanish[5]
    loaded = texts(spanish + english)
    # The catalogue loader stores a Spanish ruling's text in the Spanish columns alone.
    assert all(loaded[pk]["question_es"] and not loaded[pk]["question_en"] for pk in spanish)

    old = migrate(BEFORE)
    OldRuling = old.get_model("rulings", "Ruling")
    # As the importer stored a Spanish export: the English columns, the Spanish empty.
    OldRuling.objects.filter(pk__in=moved).update(
        **{f"{name}_en": F(f"{name}_es") for name in TEXT},
        **{f"{name}_es": None for name in TEXT},
    )
    OldRuling.objects.filter(pk=translated).update(question_en="An English translation")
    # Stored so, they were indexed with the English configuration alone.
    assert not any(found_in_spanish(pk, loaded[pk]["question_es"]) for pk in moved)

    migrate(latest())
    now = texts(spanish + english)
    for pk in moved:
        assert now[pk] == loaded[pk], "its Spanish is back in the Spanish columns"
        assert not now[pk]["question_en"] and not now[pk]["answer_en"]
    assert now[translated]["question_en"] == "An English translation"
    assert now[translated]["question_es"] == loaded[translated]["question_es"]
    for pk in english:
        assert now[pk] == loaded[pk]

    # Indexed with the Spanish configuration: each is found by a word of its own question.
    assert all(found_in_spanish(pk, loaded[pk]["question_es"]) for pk in moved)
    assert not {pk for _status, _code, pk in ruling_statuses("es")} & set(spanish)
