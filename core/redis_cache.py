"""Django's Redis cache backend: one client per connection pool, and an outage is a miss.

Django's backend makes a new `redis.Redis` client for every cache call; building one
registers every response callback, which costs as much as the rest of a page served from
the cache (core.page_cache). A client is safe to share
between threads (connections come from its pool), so one per pool is kept. The backend
here is a cache backend of its own (Django's `BaseCache`), reading and writing through
Django's Redis client wrapper with its `get_client` replaced.

Redis holds nothing a page cannot do without (cached pages, remembered values, Wagtail's
site paths), so a Redis that refuses connections or stops answering must not take the
site down: every read is then a miss and every write is skipped, and readers get pages
rendered afresh. Each call waits at most the socket timeouts (half a second by default,
`OPTIONS` socket_connect_timeout and socket_timeout), and after a failure Redis is left
alone for `RETRY_SECONDS`, so a request pays for at most one timeout rather than one per
cache call. The log gets one line a minute per process while it lasts, not a traceback
per request.

Code whose answer must not be guessed (the reader question limit) asks for the error
instead, inside `errors_raised()`, and decides for itself what an outage means.
"""

import contextlib
import logging
import random
import re
import threading
import time
from urllib.parse import urlsplit

import redis
from asgiref.local import Local
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.redis import RedisCacheClient
from django.dispatch import Signal
from django.utils.module_loading import import_string
from redis.connection import DefaultParser

logger = logging.getLogger("rulesage.cache")

# A failed call leaves Redis alone for this long (seconds): calls in the meantime are
# misses at once, without waiting on a socket.
RETRY_SECONDS = 5
# At most one log line per this many seconds (and per Redis address) while it is failing.
LOG_EVERY_SECONDS = 60
DEFAULT_SOCKET_TIMEOUT = 0.5
PROBE_KEY = "redis-cache:probe"
UNAVAILABLE_ERRORS = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)

# Sent (sender: the backend class, location: its LOCATION) when Redis is reached again
# after a call failed, before the call that reached it is made: what was written
# meanwhile was lost (core.page_cache makes every page stale, so no page rendered before
# a change made during the outage is served after it).
reachable_again = Signal()


class CacheUnavailable(Exception):
    """Redis could not be reached, raised only inside `errors_raised()`."""


_raising = Local()


@contextlib.contextmanager
def errors_raised():
    """Inside this block, a cache call that cannot reach Redis raises CacheUnavailable
    instead of answering as a miss. Other backends (memory, files) never raise it."""
    previous = getattr(_raising, "active", False)
    _raising.active = True
    try:
        yield
    finally:
        _raising.active = previous


class Outage:
    """What one process knows of one Redis address: shared by the backend instances of
    every thread (Django makes one per thread)."""

    def __init__(self, location):
        self.where = ", ".join(
            f"{parts.hostname}:{parts.port or 6379}"
            for parts in map(urlsplit, location if isinstance(location, list) else [location])
        )
        self.lock = threading.Lock()
        self.down_until = 0.0
        self.failing = False
        self.last_logged = None

    def skipping(self):
        return time.monotonic() < self.down_until

    def failed(self, error):
        now = time.monotonic()
        with self.lock:
            self.down_until = now + RETRY_SECONDS
            self.failing = True
            if self.last_logged is not None and now - self.last_logged < LOG_EVERY_SECONDS:
                return
            self.last_logged = now
        logger.warning(
            "Redis at %s unavailable (%s: %s): cache reads are misses and writes are "
            "skipped, pages are served uncached; next try in %s s, next log line in %s s",
            self.where,
            type(error).__name__,
            (str(error).splitlines() or [""])[0][:200],
            RETRY_SECONDS,
            LOG_EVERY_SECONDS,
        )

    def succeeded(self):
        """True for the first success after a failure."""
        if not self.failing:
            return False
        with self.lock:
            recovered, self.failing = self.failing, False
        if recovered:
            logger.warning("Redis at %s reachable again", self.where)
        return recovered


_outages = {}
_outages_lock = threading.Lock()


def outage_for(location):
    key = repr(location)
    with _outages_lock:
        return _outages.setdefault(key, Outage(location))


class SharedClientRedisCacheClient(RedisCacheClient):
    """Django's Redis client wrapper, keeping one `redis.Redis` per server it talks to.

    Its reads and writes are Django's (same keys, values and timeouts); only `get_client`,
    the method Django's wrapper asks for a client, is replaced. The connection pool is
    built as Django builds it, from the same OPTIONS (`pool_class`, `parser_class`, and
    the rest for the pool).
    """

    def __init__(self, servers, serializer=None, pool_class=None, parser_class=None, **options):
        super().__init__(servers, serializer, pool_class, parser_class, **options)
        if isinstance(pool_class, str):
            pool_class = import_string(pool_class)
        if isinstance(parser_class, str):
            parser_class = import_string(parser_class)
        self.servers = servers
        self.pool_class = pool_class or redis.ConnectionPool
        self.pool_options = {"parser_class": parser_class or DefaultParser, **options}
        self.clients = {}

    def get_client(self, key=None, *, write=False):
        # As Django chooses: writes go to the first server, reads to one of the others.
        replicas = len(self.servers) - 1
        index = random.randint(1, replicas) if replicas and not write else 0
        client = self.clients.get(index)
        if client is None:
            pool = self.pool_class.from_url(self.servers[index], **self.pool_options)
            client = self.clients.setdefault(index, redis.Redis(connection_pool=pool))
        return client


def _missing_key(*_args, **_kwargs):
    raise ValueError("Redis unavailable: the key cannot be read")


class RedisCache(BaseCache):
    """Django's Redis cache backend (its LOCATION, OPTIONS, keys and timeouts) through the
    client above, where a Redis that cannot be reached is a miss."""

    def __init__(self, server, params):
        super().__init__(params)
        options = dict(params.get("OPTIONS") or {})
        options.setdefault("socket_connect_timeout", DEFAULT_SOCKET_TIMEOUT)
        options.setdefault("socket_timeout", DEFAULT_SOCKET_TIMEOUT)
        servers = re.split("[;,]", server) if isinstance(server, str) else server
        self.client = SharedClientRedisCacheClient(servers, **options)
        self.location = server
        self.outage = outage_for(server)

    def get_backend_timeout(self, timeout=DEFAULT_TIMEOUT):
        """Seconds for Redis, as Django's backend counts them: None keeps the key, and 0
        or less deletes it."""
        if timeout == DEFAULT_TIMEOUT:
            timeout = self.default_timeout
        return None if timeout is None else max(0, int(timeout))

    def _guarded(self, method, fallback, *args):
        """`method(*args)`, or `fallback(*args)` when Redis cannot be reached."""
        if self.outage.skipping():
            if getattr(_raising, "active", False):
                raise CacheUnavailable(self.outage.where)
            return fallback(*args)
        try:
            if self.outage.failing:
                # Trying again after a failure: a read first, so that whatever must happen
                # once Redis is back happens before this call reads or writes.
                self.client.get(self.make_and_validate_key(PROBE_KEY), None)
                if self.outage.succeeded():
                    reachable_again.send(type(self), location=self.location)
            return method(*args)
        except UNAVAILABLE_ERRORS as error:
            self.outage.failed(error)
            if getattr(_raising, "active", False):
                raise CacheUnavailable(self.outage.where) from error
            return fallback(*args)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        key = self.make_and_validate_key(key, version=version)
        timeout = self.get_backend_timeout(timeout)
        return self._guarded(self.client.add, lambda *a: False, key, value, timeout)

    def get(self, key, default=None, version=None):
        key = self.make_and_validate_key(key, version=version)
        return self._guarded(self.client.get, lambda *a: default, key, default)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        key = self.make_and_validate_key(key, version=version)
        timeout = self.get_backend_timeout(timeout)
        self._guarded(self.client.set, lambda *a: None, key, value, timeout)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        key = self.make_and_validate_key(key, version=version)
        timeout = self.get_backend_timeout(timeout)
        return self._guarded(self.client.touch, lambda *a: False, key, timeout)

    def delete(self, key, version=None):
        key = self.make_and_validate_key(key, version=version)
        return self._guarded(self.client.delete, lambda *a: False, key)

    def get_many(self, keys, version=None):
        names = {self.make_and_validate_key(key, version=version): key for key in keys}
        found = self._guarded(self.client.get_many, lambda *a: {}, list(names))
        return {names[name]: value for name, value in found.items()}

    def has_key(self, key, version=None):
        key = self.make_and_validate_key(key, version=version)
        return self._guarded(self.client.has_key, lambda *a: False, key)

    def incr(self, key, delta=1, version=None):
        key = self.make_and_validate_key(key, version=version)
        return self._guarded(self.client.incr, _missing_key, key, delta)

    def incr_many(self, keys, start):
        """Add one to each counter of `keys`, starting one that is missing at `start`: in
        one round trip, where `incr` takes two per key. Skipped when Redis is down."""
        names = [self.make_and_validate_key(key) for key in keys]

        def write(names, start):
            pipeline = self.client.get_client(write=True).pipeline(transaction=False)
            for name in names:
                pipeline.set(name, start, nx=True)
                pipeline.incr(name)
            pipeline.execute()

        self._guarded(write, lambda *a: None, names, start)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        """The keys that could not be written: none, or all of them when Redis is down."""
        if not data:
            return []
        values = {self.make_and_validate_key(key, version=version): v for key, v in data.items()}
        timeout = self.get_backend_timeout(timeout)

        def write(values, timeout):
            self.client.set_many(values, timeout)
            return []

        return self._guarded(write, lambda *a: list(data), values, timeout)

    def delete_many(self, keys, version=None):
        if keys:
            names = [self.make_and_validate_key(key, version=version) for key in keys]
            self._guarded(self.client.delete_many, lambda *a: None, names)

    def clear(self):
        return self._guarded(self.client.clear, lambda: None)
