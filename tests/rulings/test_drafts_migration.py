"""Giving rulings drafts keeps every ruling a database had public, published at its date
of record, and undoing it takes nothing else away."""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("rulings", "0026_one_permission_per_action")]
AFTER = [("rulings", "0028_rulings_stay_published")]
ANSWERED = datetime(2026, 10, 14, 9, 30, tzinfo=UTC)
CREATED = datetime(2026, 11, 2, 16, 0, tzinfo=UTC)


def rulings_before_drafts(apps):
    """An export with its answer date, one without, and an editor's ruling, each with a
    revision, as the database held them before rulings had drafts."""
    Game = apps.get_model("rulings", "Game")
    Edition = apps.get_model("rulings", "Edition")
    Ruling = apps.get_model("rulings", "Ruling")
    Revision = apps.get_model("wagtailcore", "Revision")
    ContentType = apps.get_model("contenttypes", "ContentType")
    game = Game.objects.create(name="Point City", slug="point-city")
    edition = Edition.objects.create(game=game, code="bg-368017-en-1e", label="First edition")
    content_type = ContentType.objects.get(app_label="rulings", model="ruling")
    made = {}
    for name, origin, status, answered in (
        ("dated", "export", "imported", ANSWERED),
        ("undated", "export", "imported", None),
        ("editors", "editor", "written", None),
    ):
        ruling = Ruling.objects.create(
            edition=edition,
            slug=name,
            question=f"{name}?",
            origin=origin,
            status=status,
            answered_at=answered,
            import_key=name if origin == "export" else None,
        )
        Ruling.objects.filter(pk=ruling.pk).update(created_at=CREATED)
        revision = Revision.objects.create(
            content_type=content_type,
            base_content_type=content_type,
            object_id=str(ruling.pk),
            content={},
            object_str=name,
            created_at=CREATED,
        )
        Ruling.objects.filter(pk=ruling.pk).update(latest_revision=revision)
        made[name] = ruling.pk
    return made


@pytest.mark.slow
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_every_ruling_stays_live_published_at_its_date_of_record():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    try:
        made = rulings_before_drafts(executor.loader.project_state(BEFORE).apps)
        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
        Ruling = executor.loader.project_state(AFTER).apps.get_model("rulings", "Ruling")
        rows = {
            name: Ruling.objects.values(
                "live",
                "has_unpublished_changes",
                "first_published_at",
                "last_published_at",
                "answered_at",
                "live_revision_id",
                "latest_revision_id",
            ).get(pk=pk)
            for name, pk in made.items()
        }
        for row in rows.values():
            assert row["live"] and not row["has_unpublished_changes"]
            assert row["live_revision_id"] == row["latest_revision_id"] is not None
            assert row["first_published_at"] == row["last_published_at"]
        assert rows["dated"]["first_published_at"] == ANSWERED
        # An export that gives no answer date is dated by its import, and stays undated.
        assert rows["undated"]["first_published_at"] == CREATED
        assert rows["undated"]["answered_at"] is None
        # An editor's ruling went live as it was written: its answer was given then.
        assert rows["editors"]["answered_at"] == rows["editors"]["first_published_at"] == CREATED

        executor = MigrationExecutor(connection)
        executor.migrate(BEFORE)
        Ruling = executor.loader.project_state(BEFORE).apps.get_model("rulings", "Ruling")
        answered = dict(Ruling.objects.values_list("slug", "answered_at"))
        assert answered == {"dated": ANSWERED, "undated": None, "editors": None}
    finally:
        MigrationExecutor(connection).migrate(
            MigrationExecutor(connection).loader.graph.leaf_nodes()
        )
