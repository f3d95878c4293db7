"""When a cached page or remembered value is still current: the versions of its tags, moved
on by each change (docs/cache.md)."""

import logging
import threading
import time
import uuid
from contextlib import contextmanager

from asgiref.local import Local
from django.conf import settings
from django.core.cache import caches
from django.db import connection, transaction

from . import replicas
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


# The sequence at the start of a request, the versions it read and the tags it showed.
_request = Local()
_gathering = Local()


def page_cache():
    return caches[CACHE_ALIAS]


def first_version():
    return time.time_ns() // 1000


def begin_request(sequence=None):
    _request.active = True
    _request.sequence = sequence
    _request.versions = {}
    _request.tags = set()


def end_request():
    begin_request()
    _request.active = False


def in_request():
    return getattr(_request, "active", False)


def shows(*tags):
    """Declare that the page being rendered shows what these tags stand for."""
    if in_request():
        _request.tags.update(tags)


def shown():
    """The tags of the page rendered in this request: `site` always, and `lists` when its
    view declared nothing narrower."""
    tags = {*getattr(_request, "tags", ()), SITE}
    return tags if len(tags) > 1 else {SITE, LISTS}


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
    """{tag: version} and the sequence (under None) in one round trip; None when the cache
    cannot be reached. Within a request, versions are read once unless `again`."""
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
    return now is not None and all(now[tag] == v for tag, v in stored_versions.items())


def versions_to_store(tags, start):
    """The versions to store a value rendered since sequence `start` with; None when a
    change was made meanwhile, the cache is unreachable, or the value was read from a
    replica that had not replayed the last change to these tags (core.replicas)."""
    versions = read_versions(tags, again=True)
    if start is None or versions is None or versions.pop(None) != start:
        return None
    if not replicas.caught_up(page_cache(), tags):
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
    """After a commit: note the primary's position for replicas, move the tags on again
    (after the note, so a page rendered since reads it), store the database's new token,
    then purge the CDN (after the move, so what it fetches again is rendered afresh)."""
    replicas.record_change(page_cache(), tags)
    move_on(tags)
    page_cache().set(TOKEN_KEY, token or _write_token(), timeout=None)
    purge_tags(tags)


def _write_token():
    from .models import ContentState

    token = uuid.uuid4().hex
    if not ContentState.objects.filter(pk=1).update(token=token):
        ContentState.objects.create(pk=1, token=token)
    return token


@contextmanager
def gathered():
    """Gather the bumps within and make them once; inside a transaction, the token is
    written last, so its locked row never waits for another."""
    if getattr(_gathering, "tags", None) is not None:
        yield
        return
    _gathering.tags = tags = set()
    try:
        yield
    finally:
        del _gathering.tags
    if tags and transaction.get_connection().in_atomic_block:
        move_on(tags)
        token = _write_token()
        transaction.on_commit(lambda: _committed(tags, token))
    elif tags:
        bump(tags)


def bump(tags):
    """Make what shows these tags stale: now, and again (with the CDN purge) on commit."""
    tags = set(tags)
    if getattr(_gathering, "tags", None) is not None:
        _gathering.tags |= tags
    elif transaction.get_connection().in_atomic_block:
        move_on(tags)
        transaction.on_commit(lambda: _committed(tags))
    else:
        _committed(tags)


def bump_everything():
    """Every cached page and remembered value is stale (a release, a restore)."""
    bump({SITE})


def database_seen():
    """Make everything stale when the database's token is not the cache's (a restore, or a
    change while Redis was away); True then."""
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


_watch_lock = threading.Lock()
_watcher = threading.Thread()  # none started yet


def watch_database():
    """Compare the tokens every few seconds in a thread of its own, so a database that hangs
    holds it, never a reader's request."""
    global _watcher
    seconds = settings.RULESAGE_DATABASE_CHECK_SECONDS
    with _watch_lock:
        if seconds and not _watcher.is_alive():
            _watcher = threading.Thread(
                target=_watch, args=(seconds,), name="page-cache-watch", daemon=True
            )
            _watcher.start()


def _watch(seconds):
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
            seconds = settings.RULESAGE_DATABASE_CHECK_SECONDS
    finally:
        connection.close()
