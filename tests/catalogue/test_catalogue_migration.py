"""Moving games, editions, documents, passages, errata cards, setup figures and glossary
terms from the rulings app to the catalogue keeps every row, what names a row by its
content type (revisions, the groups' permissions), and every reader page as it was.

The demo is loaded at the latest migration; the database is taken back to before the
move (the rulings app holding the models, under their old tables and content types) and
forward again, and each step is read through the migration state's own models."""

import pytest
from django.apps import apps
from django.contrib.auth.models import Group
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from catalogue.models import ErrataCard
from core.roles import EDITORS, ISSUE_ERRATA, KEEP_GLOSSARY, TRANSLATORS, ensure_roles
from tests.conftest import load_demo
from tests.rulesage.test_restore_drill import every_reader_page

BEFORE = [("catalogue", None)]  # the rulings app's last migration before the move, and
HELD_BY_RULINGS = [("rulings", "0029_import_job_heartbeat")]  # the state it leaves
MODELS = ["Game", "Edition", "Document", "Passage", "ErrataCard", "SetupFigure", "GlossaryTerm"]
LISTINGS = ["game", "edition", "document", "passage", "erratacard", "glossaryterm"]


def held(apps, app_label):
    """Every row of the moved models, the errata cards' revisions, and the groups'
    permissions, as the migration state `apps` reads them with the models in `app_label`."""
    rows = {
        name: list(apps.get_model(app_label, name).objects.order_by("pk").values())
        for name in MODELS
    }
    Revision = apps.get_model("wagtailcore", "Revision")
    revisions = Revision.objects.filter(
        content_type__app_label=app_label, content_type__model="erratacard"
    )
    Group = apps.get_model("auth", "Group")
    permissions = {
        group.name: sorted(group.permissions.values_list("pk", flat=True))
        for group in Group.objects.filter(name__in=[EDITORS, TRANSLATORS])
    }
    return {
        "rows": rows,
        "revisions": sorted(revisions.values_list("pk", "object_id", "content")),
        "permissions": permissions,
    }


def migrate(targets, state):
    """The database migrated to `targets`; the models of the migration state `state`."""
    MigrationExecutor(connection).migrate(targets)
    return MigrationExecutor(connection).loader.project_state(state).apps


@pytest.mark.slow
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_move_keeps_every_row_revision_permission_and_page(client, root_page):
    load_demo()
    ensure_roles(apps)
    card = ErrataCard.objects.first()
    card.save_revision()
    revisions = card.revisions.count()
    pages = every_reader_page(client)
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()

    before = held(migrate(BEFORE, HELD_BY_RULINGS), "rulings")
    after = held(migrate(latest, latest), "catalogue")

    assert all(before["rows"][name] for name in MODELS), "the demo fills every moved model"
    # Later migrations add columns (a passage's language) and keep a passage's search
    # vector in its language alone: the moved columns are compared, the derived ones apart.
    derived = {"search_en", "search_es"}
    for state in (before, after):
        for name in MODELS:
            state["rows"][name] = [
                {key: value for key, value in row.items() if key not in derived}
                for row in state["rows"][name]
            ]
    for name in MODELS:
        after["rows"][name] = [
            {key: row[key] for key in old}
            for row, old in zip(after["rows"][name], before["rows"][name], strict=True)
        ]
    assert after == before
    assert before["revisions"] and before["permissions"][EDITORS]
    assert every_reader_page(client) == pages
    granted = Group.objects.get(name=EDITORS).permissions.select_related("content_type")
    editors = {f"{p.content_type.app_label}.{p.codename}" for p in granted}
    assert {ISSUE_ERRATA, KEEP_GLOSSARY} <= editors
    assert card.revisions.count() == revisions


@pytest.mark.django_db
def test_the_catalogue_listings_serve_under_the_catalogue(admin_client):
    for model in LISTINGS:
        response = admin_client.get(reverse(f"wagtailsnippets_catalogue_{model}:list"))
        assert response.status_code == 200, model
