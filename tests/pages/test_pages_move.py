"""Moving the home page, standard pages and site settings from `rulesage` to `pages` keeps
every row: a database holding the demo, as it stood before the move, migrates across it
with every page, its Spanish fields, its revisions and the site settings intact."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from wagtail.models import Page, Revision

from pages.models import HomePage, SiteSettings, StandardPage
from tests.conftest import load_demo

BEFORE = [("rulesage", "0009_editors_publish_rulings")]
MOVED = ["homepage", "standardpage", "sitesettings"]


def rows(table, columns):
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY 1")
        return cursor.fetchall()


def content_type_apps():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT model, app_label FROM django_content_type WHERE model = ANY(%s)", [MOVED]
        )
        return dict(cursor.fetchall())


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    ContentType.objects.clear_cache()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_demo_migrates_across_the_move_with_every_page_intact(root_page):
    load_demo()
    home = HomePage.objects.get()
    policy = StandardPage.objects.get(slug="editorial-policy")
    pages = {
        page.pk: (page.title_es, page.intro_es, getattr(page, "body_es", None))
        for page in [home, policy]
    }
    assert policy.intro_es and policy.body_es.raw_data, "the demo has a Spanish policy"
    revisions = {
        page.pk: sorted(Revision.page_revisions.filter(object_id=str(page.pk)).values_list("pk"))
        for page in [home, policy]
    }
    assert all(revisions.values())
    settings_row = SiteSettings.objects.values("site_id", "editorial_policy_id").get()
    assert settings_row["editorial_policy_id"] == policy.pk
    migrate(BEFORE)
    try:
        # Before the move, the same rows were the rulesage app's.
        assert content_type_apps() == dict.fromkeys(MOVED, "rulesage")
        assert rows("rulesage_standardpage", ["page_ptr_id", "intro_es"]) == [
            (policy.pk, policy.intro_es)
        ]
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

        assert content_type_apps() == dict.fromkeys(MOVED, "pages")
        for pk, (title_es, intro_es, body_es) in pages.items():
            page = Page.objects.get(pk=pk).specific
            assert type(page) in (HomePage, StandardPage)
            assert (page.title_es, page.intro_es, getattr(page, "body_es", None)) == (
                title_es,
                intro_es,
                body_es,
            )
            kept = Revision.page_revisions.filter(object_id=str(pk))
            assert sorted(kept.values_list("pk")) == revisions[pk]
            assert type(kept.latest("pk").as_object()) is type(page)
        assert SiteSettings.objects.values("site_id", "editorial_policy_id").get() == (settings_row)
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
