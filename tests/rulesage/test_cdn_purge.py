"""One invalidation path: whatever makes pages stale (an edit's signals, an import's bulk
writes, an admin bulk action) moves the page cache's tags and, once committed, has a CDN in
front purge exactly those tags, in one purge per change; with no CDN configured nothing is
queued."""

import pytest
from django_tasks.signals import task_enqueued

from catalogue.models import Game
from core.cache_tags import (
    LISTS,
    SITE,
    TOKEN_KEY,
    database_seen,
    game,
    game_errata,
    game_guides,
    game_rulings,
    page_cache,
    read_versions,
    ruling,
)
from core.cdn_purge import purge_tags_task
from rulings.models import Ruling
from tests.rulings.factories import record_correction
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued():
    """[the tags of each purge task queued] while the test runs."""
    found = []

    def listener(sender, task_result, **kwargs):
        if task_result.task.func is purge_tags_task.func:
            found.append(set(*task_result.args))

    task_enqueued.connect(listener)
    yield found
    task_enqueued.disconnect(listener)


def every_tag():
    tags = {SITE, LISTS}
    for pk in Game.objects.values_list("pk", flat=True):
        tags |= {game(pk), game_rulings(pk), game_guides(pk), game_errata(pk)}
    return tags | {ruling(pk) for pk in Ruling.objects.values_list("pk", flat=True)}


def moved_by(change, tags, capture):
    """The tags among `tags` whose versions `change` moved on, committed."""
    before = read_versions(tags, again=True)
    with capture(execute=True):
        result = change()
    after = read_versions(tags, again=True)
    return result, {tag for tag in tags if after[tag] != before[tag]}


def test_an_import_purges_exactly_the_tags_of_the_pages_it_changed(
    purge_listener, queued, django_capture_on_commit_callbacks
):
    import_export(question="Can I pass?")
    import_export(question="Another game?", game="Other Game", code="bg-900002-en-1e", doc_id=6001)
    purge_listener.clear(), queued.clear()
    tags = every_tag()

    # A new ruling of the game, citing passages the game did not have: its rulebook's pages
    # change too (the passages are written in bulk, without a signal).
    def new_ruling():
        return import_export(question="Can I trade?", heading="TRADING")

    created, moved = moved_by(new_ruling, tags, django_capture_on_commit_callbacks)
    game_id = created.edition.game_id
    expected = {
        ruling(created.pk),
        LISTS,
        game(game_id),
        game_rulings(game_id),
        game_guides(game_id),
        game_errata(game_id),
    }
    # What moved of the tags there were (the new ruling's page had none), and the new page.
    assert moved == expected - {ruling(created.pk)}
    assert queued == [expected]  # one purge for the file, as it committed
    assert [set(received.split()) for received in purge_listener] == [expected]

    # The same ruling exported again with another closing line: only its page and lists.
    purge_listener.clear(), queued.clear()

    def changed_export():
        return import_export(question="Can I trade?", heading="TRADING", closing="Have fun.")

    _updated, moved = moved_by(changed_export, every_tag(), django_capture_on_commit_callbacks)
    assert moved == {ruling(created.pk), LISTS, game_rulings(game_id)}
    assert queued == [moved]
    assert [set(received.split()) for received in purge_listener] == [moved]


def test_a_saved_correction_purges_the_tags_of_the_pages_showing_it(
    purge_listener, queued, django_capture_on_commit_callbacks, ruling
):
    tags = every_tag()
    purge_listener.clear(), queued.clear()
    _result, moved = moved_by(
        lambda: record_correction(ruling, what_it_says_now="You may pass twice."),
        tags,
        django_capture_on_commit_callbacks,
    )
    assert moved == {f"ruling-{ruling.pk}", LISTS, game_rulings(ruling.edition.game_id)}
    assert queued and set().union(*queued) == moved
    assert set(" ".join(purge_listener).split()) == moved


def test_with_no_cdn_nothing_is_queued(settings, queued, django_capture_on_commit_callbacks):
    settings.RULESAGE_PURGE_URL = ""
    settings.RULESAGE_CLOUDFLARE_ZONE_ID = ""
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        imported = import_export(question="Can I pass?")
        record_correction(imported, what_it_says_now="You may pass twice.")
    assert callbacks  # the changes were committed, and made pages stale
    assert queued == []


def test_a_restored_database_has_the_cdn_purge_every_page(purge_listener, queued):
    """The database no longer holds the state the caches last saw (restored from a backup):
    the CDN's copies are of that other state too."""
    database_seen()  # from here, the cache knows the database's token
    queued.clear(), purge_listener.clear()
    assert database_seen() is False
    assert queued == []
    page_cache().set(TOKEN_KEY, "the token of a later state", timeout=None)
    assert database_seen() is True
    assert queued == [{SITE}]
    assert purge_listener == [SITE]


def test_one_ruling_save_purges_exactly_its_page_its_game_s_rulings_and_the_lists(
    purge_listener, queued, django_capture_on_commit_callbacks, ruling
):
    purge_listener.clear(), queued.clear()
    ruling.status = Ruling.Status.VERIFIED
    with django_capture_on_commit_callbacks(execute=True):
        ruling.save()
    keys = sorted([f"ruling-{ruling.pk}", f"game-{ruling.edition.game_id}-rulings", "lists"])
    assert [sorted(tags) for tags in queued] == [keys]  # one purge, of three keys
    assert purge_listener == [" ".join(keys)]


def test_a_bulk_mark_reviewed_purges_each_ticked_ruling_once_in_one_purge(
    purge_listener, queued, django_capture_on_commit_callbacks, admin_client, home
):
    first = import_export(question="Illustrative: how many cards?", doc_id=1035)
    second = import_export(question="Illustrative: what ends the turn?", doc_id=1036)
    untouched = import_export(question="Another game?", game="Other Game", code="bg-900002-en-1e")
    purge_listener.clear(), queued.clear()
    tags = every_tag()
    mark = f"/admin/bulk/rulings/ruling/mark_reviewed/?id={first.pk}&id={second.pk}"

    def mark_reviewed():
        return admin_client.post(mark, {"note": "Checked against p.8."})

    response, moved = moved_by(mark_reviewed, tags, django_capture_on_commit_callbacks)
    assert response.status_code == 302
    game_id = first.edition.game_id
    expected = {ruling(first.pk), ruling(second.pk), LISTS, game_rulings(game_id)}
    assert moved == expected and ruling(untouched.pk) not in moved
    assert queued == [expected]
    assert [set(received.split()) for received in purge_listener] == [expected]
