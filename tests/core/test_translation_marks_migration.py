"""Guides' and rulings' translation records move to the one record every kind shares
(core.TranslationMark) with every row: its language, the English it follows, its reason,
who marked it and when; a guide's translation still follows the same version after.

The demo is loaded at the latest migration; the database is taken back to before the move
(the marks copied back into the old tables), records are written there with the old
models, and forward again, each step read through the migration state's own models."""

import datetime

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from core.freshness import mark_for
from core.models import TranslationMark
from guides.models import GuidePage
from guides.models.history import translation_state as guide_state
from rulings.models import Ruling
from tests.conftest import load_demo

BEFORE = [
    ("guides", "0015_catalogue_models"),
    ("rulings", "0030_catalogue_models_moved"),
    ("core", "0001_content_state"),
]
WHEN = timezone.make_aware(datetime.datetime(2026, 3, 14, 15, 9, 26))


def migrate(targets):
    """The database migrated to `targets`; the models of that migration state."""
    MigrationExecutor(connection).migrate(targets)
    ContentType.objects.clear_cache()
    return MigrationExecutor(connection).loader.project_state(targets).apps


def latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_every_translation_record_moves_to_the_shared_marks(root_page, django_user_model):
    load_demo()
    tania = django_user_model.objects.create_user("tania", "tania@example.com", "pw")
    guide = GuidePage.objects.filter(translation_marks__language="es").first()
    assert guide is not None and guide.versions.count() > 1, "the demo's guide has versions"
    rulings = list(Ruling.objects.order_by("pk")[:3])
    for ruling in rulings:
        ruling.save_revision(changed=False)

    old = migrate(BEFORE)
    try:
        GuideTranslation = old.get_model("guides", "GuideTranslation")
        RulingTranslation = old.get_model("rulings", "RulingTranslation")
        GuideVersion = old.get_model("guides", "GuideVersion")
        Revision = old.get_model("wagtailcore", "Revision")
        # The demo's marks came back as the old records, each following its current version.
        assert GuideTranslation.objects.filter(language="es").count() == 3
        first = GuideVersion.objects.get(page_id=guide.pk, number=1)
        GuideTranslation.objects.filter(page_id=guide.pk).update(
            follows=first, marked_by=tania.pk, marked_at=WHEN
        )
        revisions = {
            ruling.pk: Revision.objects.filter(
                content_type__model="ruling", object_id=str(ruling.pk)
            )
            .latest("pk")
            .pk
            for ruling in rulings
        }
        RulingTranslation.objects.create(
            ruling_id=rulings[0].pk,
            language="es",
            follows_id=revisions[rulings[0].pk],
            note="Nada cambió en español.",
            marked_by_id=tania.pk,
            marked_at=WHEN,
        )
        RulingTranslation.objects.create(ruling_id=rulings[1].pk, language="es", follows=None)
        RulingTranslation.objects.create(
            ruling_id=rulings[2].pk, language="fr", follows_id=revisions[rulings[2].pk]
        )
        guide_rows = {
            (r.page_id, r.language, r.follows.revision_id, "", r.marked_by_id, r.marked_at)
            for r in GuideTranslation.objects.select_related("follows")
        }
        ruling_rows = {
            (r.ruling_id, r.language, r.follows_id, r.note, r.marked_by_id, r.marked_at)
            for r in RulingTranslation.objects.all()
        }
    finally:
        migrate(latest())

    def moved(model):
        content_type = ContentType.objects.get_for_model(model)
        marks = TranslationMark.objects.filter(content_type=content_type)
        return set(
            marks.values_list(
                "object_id", "language", "follows_id", "note", "marked_by_id", "marked_at"
            )
        )

    assert len(guide_rows) == 3 and len(ruling_rows) == 3
    assert moved(GuidePage) == guide_rows
    assert moved(Ruling) == ruling_rows
    assert TranslationMark.objects.count() == 6
    # The guide's translation follows version 1 still, behind the versions after it.
    mark = mark_for(guide, "es")
    state = guide_state(guide, "es", list(guide.versions.all()), mark)
    assert (state.follows, mark.marked_by, mark.marked_at) == (1, tania, WHEN)
