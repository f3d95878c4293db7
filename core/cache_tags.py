"""When a cached page or a remembered value is still current: the versions of its tags.

A page is stored with the *tags* of what it shows, and with each tag's version at the
time it was rendered; it is served while every one of those versions is still current.
A change moves on the versions of the tags of what it touched (the rules, which change
touches which tags, live in each app's signals, `core.page_cache_events`), so it
re-renders only the pages that can show it. The tags:

- ``site``: what every page shows (header links, breadcrumbs above a game, the page tree,
  view restrictions, the site's address). Every page has it; a change no rule knows of
  moves it, so an unknown change re-renders everything rather than nothing.
- ``lists``: the site-wide lists, feeds, search, sitemaps and home page. Every content
  change moves it, and a page whose view declared nothing has it: such a page is
  re-rendered after any change, as if it showed the whole site.
- ``game-<id>``: what every page of one game shows (the game, its editions, documents,
  passages, glossary, its game page).
- ``game-<id>-errata``: its errata cards, where they are listed (the errata registry, a
  rulebook's superseded passages); a ruling page shows the cards of the passages it cites
  and has the ruling's own tag for them.
- ``game-<id>-rulings``: its lists of rulings (edition lists, the game page's counts, a
  guide's related rulings, a rulebook's citing rulings).
- ``game-<id>-guides``: its guides and their records (versions, changes, translations).
- ``ruling-<id>``: one ruling's own page.

Besides the tags, one counter of changes, the *sequence*, moves on with every change. A
request reads it first (in the same round trip as its page): a page stored when the
sequence was the same has seen no change since and is served without reading its tags;
and a page rendered while any change was made is not stored, since it may have read the
data from before that change and the tags' versions from after it.

A change moves its tags twice: at once, so that the writer's next request (and a test
inside one transaction) sees it, and again when its transaction commits, so that a page
rendered from the data before the commit is not served after it. As it commits, the same
tags are queued for purging from a CDN in front (`core.cdn_purge`). `bump` is the one
call for all of it: signals (`core.page_cache_events`), imports, bulk writes and
commands that make pages stale all go through it.

Restore-safe: the versions live in Redis, the content in PostgreSQL. Every committed
change also writes a new token to the database (`core.models.ContentState`) and to Redis.
Each web process watches the two (`DatabaseWatch`, every RULESAGE_DATABASE_CHECK_SECONDS,
in a thread of its own, so a page served from the cache still needs no database): when
they differ, the database holds a state the cache has not seen (restored from a backup,
or changed while Redis was away) and everything is made stale.

Counters start, when missing (a new or emptied Redis, an evicted key), at the time in
microseconds: a reading above every number used before, so no page stored under an
earlier counter can match a new one.
"""

import logging
import threading
import time
import uuid
from contextlib import contextmanager

from asgiref.local import Local
from django.conf import settings
from django.core.cache import caches
from django.db import connection, transaction

from .cdn_purge import purge_tags

logger = logging.getLogger("rulesage.cache")

CACHE_ALIAS = "pages"
SEQUENCE_KEY = "page-cache:changes"
TOKEN_KEY = "page-cache:database-token"
TAG_KEY = "page-cache:tag:"

SITE = "site"
LISTS = "lists"


def game(pk):
    return f"game-{pk}"


def game_rulings(pk):
    return f"game-{pk}-rulings"


def game_guides(pk):
    return f"game-{pk}-guides"


def game_errata(pk):
    return f"game-{pk}-errata"


def ruling(pk):
    return f"ruling-{pk}"


def of_game(pk):
    """Every tag of what a game's pages show about it: records, rulings, guides, errata."""
    return [game(pk), game_rulings(pk), game_guides(pk), game_errata(pk)]


# What one request has read: the sequence at its start, the tags' versions it has read,
# and the tags of what it has shown so far. Set by the page cache middleware for the
# length of a request.
_request = Local()
_gathering = Local()


def page_cache():
    return caches[CACHE_ALIAS]


def invalidating():
    """False where nothing moves versions on (tests that cache nothing): then nothing is
    remembered either, since nothing would tell when it went stale."""
    return getattr(settings, "RULESAGE_PAGE_CACHE_INVALIDATE", True)


def first_version():
    return time.time_ns() // 1000


def begin_request(sequence=None):
    _request.active = True
    _request.sequence = sequence
    _request.versions = {}
    _request.tags = set()


def end_request():
    _request.active = False
    _request.sequence, _request.versions, _request.tags = None, {}, set()


def in_request():
    return getattr(_request, "active", False)


def shows(*tags):
    """Declare that the page being rendered shows what these tags stand for."""
    if in_request():
        _request.tags.update(tags)


def shown():
    """The tags of the page rendered in this request: `site` always, and `lists` when its
    view declared nothing narrower."""
    tags = set(getattr(_request, "tags", ()) or ()) | {SITE}
    if tags == {SITE}:
        tags.add(LISTS)
    return tags


def read_sequence():
    """The sequence now, or None when the cache cannot be reached."""
    cache = page_cache()
    sequence = cache.get(SEQUENCE_KEY)
    if sequence is None:
        cache.add(SEQUENCE_KEY, first_version(), timeout=None)
        sequence = cache.get(SEQUENCE_KEY)
    return sequence


def request_sequence():
    """The sequence this request started in (read once, on first use)."""
    if not in_request():
        return read_sequence()
    if _request.sequence is None:
        _request.sequence = read_sequence()
    return _request.sequence


def read_versions(tags, again=False):
    """{tag: version} for `tags` and the sequence now (under the key None), in one round
    trip; None when the cache cannot be reached. Missing counters are started. Within a
    request, versions already read are not read again unless `again`."""
    tags = set(tags)
    known = getattr(_request, "versions", {}) if in_request() and not again else {}
    wanted = [tag for tag in tags if tag not in known]
    found = {}
    if wanted or again:
        cache = page_cache()
        keys = [SEQUENCE_KEY, *(TAG_KEY + tag for tag in wanted)]
        found = cache.get_many(keys)
        if SEQUENCE_KEY not in found and read_sequence() is None:
            return None
        for tag in wanted:
            if TAG_KEY + tag not in found:
                cache.add(TAG_KEY + tag, first_version(), timeout=None)
                value = cache.get(TAG_KEY + tag)
                if value is None:
                    return None
                found[TAG_KEY + tag] = value
    versions = {tag: known.get(tag) or found.get(TAG_KEY + tag) for tag in tags}
    if in_request():
        _request.versions.update({tag: versions[tag] for tag in wanted})
    versions[None] = found.get(SEQUENCE_KEY)
    return versions


def still_current(stored_sequence, stored_versions, sequence):
    """True when a value stored at `stored_sequence` with `stored_versions` is current."""
    if stored_sequence == sequence:
        return True  # no change at all since it was stored
    now = read_versions(stored_versions)
    if now is None:
        return False
    return all(now[tag] == version for tag, version in stored_versions.items())


def versions_to_store(tags, start):
    """The versions to store a value rendered since the sequence was `start` with, or None
    when it must not be stored: a change was made while it was rendered (the sequence
    moved on), or the cache is unreachable."""
    versions = read_versions(tags, again=True)
    if start is None or versions is None or versions.pop(None) != start:
        return None
    return versions


def move_on(tags):
    cache = page_cache()
    keys = [*(TAG_KEY + tag for tag in sorted(tags)), SEQUENCE_KEY]
    if hasattr(cache, "incr_many"):  # Redis (core.redis_cache): every counter at once
        cache.incr_many(keys, first_version())
    else:
        for key in keys:
            try:
                cache.incr(key)
            except ValueError:  # missing: a new counter is a new version already
                cache.add(key, first_version(), timeout=None)
    if in_request():
        _request.versions = {}
        _request.sequence = None


def _committed(tags, token=None):
    """After a commit: the tags move on again, the cache learns the database's new token
    (written now, unless the transaction wrote it already), and the CDN is asked to purge
    them (after the tags moved, so that what it fetches again is rendered afresh)."""
    if invalidating():
        move_on(tags)
        page_cache().set(TOKEN_KEY, token or _write_token(), timeout=None)
    purge_tags(tags)


def _write_token():
    """A new token in the database (see above)."""
    from .models import ContentState

    token = uuid.uuid4().hex
    if not ContentState.objects.filter(pk=1).update(token=token):
        ContentState.objects.create(pk=1, token=token)
    return token


@contextmanager
def gathered():
    """Within it, bumps are gathered and made once, as it ends without an error: one change
    that writes many records (an imported file) moves each tag on once, not per record.

    Entered inside a transaction, as its last writes are done, it writes the new token in
    that transaction: the change and its token then commit together, in one commit rather
    than two, and since the token's row is the last the transaction locks, it never waits
    for another row while holding it. Entered within another, its bumps are the outer one's.
    """
    if getattr(_gathering, "tags", None) is not None:
        yield
        return
    _gathering.tags = tags = set()
    try:
        yield
    finally:
        del _gathering.tags
    if not tags:
        return
    if invalidating() and transaction.get_connection().in_atomic_block:
        move_on(tags)
        token = _write_token()
        transaction.on_commit(lambda: _committed(tags, token))
    else:
        bump(tags)


def bump(tags):
    """Make what shows these tags stale: now, and again when the transaction commits,
    when a CDN is asked to purge them too. Where nothing moves versions on (tests that
    cache nothing), only the CDN's purge is left."""
    tags = set(tags)
    if getattr(_gathering, "tags", None) is not None:
        _gathering.tags |= tags
        return
    if transaction.get_connection().in_atomic_block:
        if invalidating():
            move_on(tags)
        transaction.on_commit(lambda: _committed(tags))
    else:
        _committed(tags)


def bump_everything():
    """Every cached page and remembered value is stale (a release, a restore)."""
    bump({SITE})


def database_seen():
    """Compare the database's token with the cache's; make everything stale when they
    differ. True when they differed."""
    from .models import ContentState

    token = ContentState.objects.filter(pk=1).values_list("token", flat=True).first() or ""
    cache = page_cache()
    seen = cache.get(TOKEN_KEY)
    if seen == token:
        return False
    if seen is not None:
        logger.warning(
            "The database is not in the state the page cache last saw: every cached page is stale"
        )
        move_on({SITE})
        purge_tags({SITE})  # a CDN in front holds pages of that other state too
    cache.set(TOKEN_KEY, token, timeout=None)
    return seen is not None


class DatabaseWatch:
    """A thread per process that compares the tokens every `seconds` (see above).

    A thread of its own, with its own database connection: a database that hangs holds
    this thread, never a reader's request.
    """

    def __init__(self):
        self.lock = threading.Lock()
        self.thread = None

    def start(self):
        seconds = getattr(settings, "RULESAGE_DATABASE_CHECK_SECONDS", 0)
        if not seconds or (self.thread is not None and self.thread.is_alive()):
            return
        with self.lock:
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(
                    target=self.run, args=(seconds,), name="page-cache-watch", daemon=True
                )
                self.thread.start()

    def run(self, seconds):
        """Until the setting says 0 (a test that turned the watch on has ended)."""
        last_logged = 0.0
        try:
            while seconds:
                try:
                    database_seen()
                except Exception as error:  # noqa: BLE001 - the next round tries again
                    connection.close()
                    if time.monotonic() - last_logged > 60:
                        last_logged = time.monotonic()
                        logger.warning("Cannot compare the database with the cache: %s", error)
                time.sleep(seconds)
                seconds = getattr(settings, "RULESAGE_DATABASE_CHECK_SECONDS", 0)
        finally:
            connection.close()


database_watch = DatabaseWatch()
