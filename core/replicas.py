"""Reader pages read from a PostgreSQL replica when one is configured (DATABASE_REPLICA_URL);
everything else reads the primary, and a page rendered from a replica that had not yet
replayed the last change to what it shows is not kept (docs/decisions/read-replica.md)."""

import logging
import threading
import time

from asgiref.local import Local
from django.conf import settings
from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connections

logger = logging.getLogger("rulesage.replica")

REPLICA = "replica"
# Beside each tag's version in the page cache (core.cache_tags): the primary's WAL position
# just after the last change that moved the tag was committed; and that of the last change
# of all, with the time it was committed.
LSN_KEY = "page-cache:lsn:"
LATEST_KEY = "page-cache:lsn"
PAGE_CACHE = "pages"
# Past every position: what a server that replays nothing (promoted, or the primary
# itself) counts as having replayed.
CAUGHT_UP = float("inf")

# Per request: whether it is a reader's, which database it reads once chosen and, when
# that was the replica, the position it had replayed then.
_request = Local()


def configured():
    return REPLICA in settings.DATABASES


def begin_request(reader):
    """A request starts: a reader's (core.page_cache.reader_request) may read the replica."""
    _request.reader = reader and configured()
    _request.alias = None
    _request.replayed = None
    _request.failed = False


def end_request():
    begin_request(False)


def failed_in_request():
    """True when the replica this request read stopped answering it (the primary did not):
    core.faults does not count it against the primary, and the page is read again from it."""
    replica_failed = (
        getattr(_request, "replayed", None) is not None and connections[REPLICA].errors_occurred
    )
    if replica_failed and not getattr(_request, "failed", False):
        _request.failed = True
        unavailable.failed("it stopped answering during a request")
    return replica_failed


def read_again():
    """After the replica failed this request: True once, and the rest of it reads the primary."""
    if not getattr(_request, "failed", False):
        return False
    begin_request(False)
    return True


def as_number(lsn):
    """A WAL position as PostgreSQL writes it ("16/B374D848") as one number."""
    high, _slash, low = lsn.partition("/")
    return (int(high, 16) << 32) + int(low, 16)


def primary_position():
    """How far the primary has flushed its WAL: a committed change ends at or before it, and
    a standby can replay up to it (the insert position may run ahead of any record)."""
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_flush_lsn()")
        return as_number(cursor.fetchone()[0])


def record_change(cache, tags):
    """After a change to `tags` is committed, before their versions move on again: keep
    the primary's position, which a replica must have replayed to show the change."""
    if not configured():
        return
    position = primary_position()
    values = {LSN_KEY + tag: position for tag in tags}
    values[LATEST_KEY] = (position, time.time())
    cache.set_many(values, timeout=None)


def caught_up(cache, tags):
    """False when this request read a replica that, when it was chosen, had not replayed
    the last change to one of `tags`: what it rendered may predate that change."""
    if getattr(_request, "replayed", None) is None:  # it read the primary alone
        return True
    keys = [LSN_KEY + tag for tag in tags]
    found = cache.get_many([*keys, LATEST_KEY])
    positions = [found[key] for key in keys if key in found]
    if len(positions) < len(keys):  # evicted, or Redis is new: the last change of all
        latest = found.get(LATEST_KEY)
        if latest is None:  # none known: the primary's position now is past every one
            latest = (primary_position(), time.time())
            cache.add(LATEST_KEY, latest, timeout=None)
        positions.append(latest[0])
    return max(positions, default=0) <= _request.replayed


class Unavailable:
    """When the replica last failed to answer or fell behind, per process: logged once a
    minute, and left alone for RULESAGE_REPLICA_RETRY_SECONDS after failing."""

    def __init__(self):
        self.lock = threading.Lock()
        self.down_until = 0.0
        self.logged = {}

    def log(self, message, *args):
        now = time.monotonic()
        with self.lock:
            if now - self.logged.get(message, -60.0) < 60:
                return
            self.logged[message] = now
        logger.warning(message, *args)

    def failed(self, error):
        with self.lock:
            self.down_until = time.monotonic() + settings.RULESAGE_REPLICA_RETRY_SECONDS
        connections[REPLICA].close()
        self.log("The replica cannot be read (%s): readers read the primary", error)

    def resting(self):
        return time.monotonic() < self.down_until


unavailable = Unavailable()


def choose():
    """The replica, unless it is down or behind the last change by more than the lag
    budget: then the primary, for the whole request."""
    if unavailable.resting():
        return DEFAULT_DB_ALIAS
    try:
        with connections[REPLICA].cursor() as cursor:
            cursor.execute("SELECT pg_is_in_recovery(), pg_last_wal_replay_lsn()")
            recovering, replayed = cursor.fetchone()
    except (OperationalError, InterfaceError) as error:
        unavailable.failed((str(error).strip().splitlines() or [type(error).__name__])[0])
        return DEFAULT_DB_ALIAS
    # A replica no longer recovering was promoted: it is a primary now.
    replayed = (as_number(replayed) if replayed else 0) if recovering else CAUGHT_UP
    latest = caches[PAGE_CACHE].get(LATEST_KEY)
    if latest is not None and replayed < latest[0]:
        behind = time.time() - latest[1]
        if behind > settings.RULESAGE_REPLICA_LAG_SECONDS:
            unavailable.log(
                "The replica has not replayed a change made %.0f s ago (lag budget %g s): "
                "readers read the primary",
                behind,
                settings.RULESAGE_REPLICA_LAG_SECONDS,
            )
            return DEFAULT_DB_ALIAS
    _request.replayed = replayed
    return REPLICA


class ReplicaRouter:
    """Reads of a reader's request go to the replica (chosen at its first read), all else
    to the primary; a request that writes reads the primary from then on."""

    def db_for_read(self, model, **hints):
        if not getattr(_request, "reader", False):
            return None
        if _request.alias is None:
            _request.alias = choose()
        return _request.alias

    def db_for_write(self, model, **hints):
        if not configured():
            return None  # Django's own choice
        if getattr(_request, "reader", False):
            _request.alias = DEFAULT_DB_ALIAS  # read what it wrote
        return DEFAULT_DB_ALIAS  # a row read from the replica is written to the primary

    def allow_relation(self, obj1, obj2, **hints):
        return True if configured() else None  # one database, two copies

    def allow_migrate(self, db, app_label, model_name=None, **hints):
        return False if db == REPLICA else None  # it replays the primary's
