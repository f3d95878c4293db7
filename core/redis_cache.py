"""Django's Redis cache backend with one shared client, where an unreachable Redis is a miss
(for `RETRY_SECONDS`, logged once a minute) unless asked inside `errors_raised()`."""

import contextlib
import logging
import threading
import time
from urllib.parse import urlsplit

import redis
from asgiref.local import Local
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisSerializer
from django.dispatch import Signal
from django.utils.functional import cached_property

logger = logging.getLogger("rulesage.cache")

# A failed call leaves Redis alone for this long (seconds): calls meanwhile are misses.
RETRY_SECONDS = 5
LOG_EVERY_SECONDS = 60
PROBE_KEY = "redis-cache:probe"
UNAVAILABLE_ERRORS = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)

# Sent (sender: the backend class, location: its LOCATION) when Redis is reached again
# after a failure, before the call that reached it: what was written meanwhile was lost.
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
    """What one process knows of one Redis address, shared by every thread's backend."""

    def __init__(self, location):
        parts = urlsplit(location)
        self.where = f"{parts.hostname}:{parts.port or 6379}"
        self.lock = threading.Lock()
        self.down_until = 0.0
        self.failing = False
        self.last_logged = None

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
        with self.lock:
            recovered, self.failing = self.failing, False
        if recovered:
            logger.warning("Redis at %s reachable again", self.where)
        return recovered


_outages = {}  # by LOCATION
# Values stored as Django's Redis backend stores them: integers as they are (for `incr`).
serializer = RedisSerializer()
dumps, loads = serializer.dumps, serializer.loads


class RedisCache(BaseCache):
    """Django's Redis cache backend (LOCATION, OPTIONS, keys, values and timeouts), where a
    Redis that cannot be reached is a miss."""

    def __init__(self, server, params):
        super().__init__(params)
        self.location = server
        self.options = {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}
        self.options.update(params.get("OPTIONS") or {})
        self.outage = _outages.setdefault(server, Outage(server))  # atomic

    @cached_property
    def client(self):
        """One client for every call of this backend (Django makes a backend per thread)."""
        return redis.Redis.from_url(self.location, **self.options)

    # Seconds for Redis as Django's backend counts them: None keeps the key, and 0 deletes it.
    get_backend_timeout = DjangoRedisCache.get_backend_timeout

    def attempt(self, fallback, call):
        """`call(client)`, or `fallback` when Redis cannot be reached."""
        raising = getattr(_raising, "active", False)
        if time.monotonic() < self.outage.down_until:
            if raising:
                raise CacheUnavailable(self.outage.where)
            return fallback
        try:
            if self.outage.failing:
                # A read first, so that what must happen once Redis is back happens
                # before this call reads or writes.
                self.client.get(self.make_and_validate_key(PROBE_KEY))
                if self.outage.succeeded():
                    reachable_again.send(type(self), location=self.location)
            return call(self.client)
        except UNAVAILABLE_ERRORS as error:
            self.outage.failed(error)
            if raising:
                raise CacheUnavailable(self.outage.where) from error
            return fallback

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        key = self.make_and_validate_key(key, version=version)
        timeout = self.get_backend_timeout(timeout)
        if timeout == 0:
            return self.attempt(
                False, lambda r: bool(r.set(key, dumps(value), nx=True)) and bool(r.delete(key))
            )
        return self.attempt(False, lambda r: bool(r.set(key, dumps(value), ex=timeout, nx=True)))

    def get(self, key, default=None, version=None):
        key = self.make_and_validate_key(key, version=version)
        value = self.attempt(None, lambda r: r.get(key))
        return default if value is None else loads(value)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        key = self.make_and_validate_key(key, version=version)
        timeout = self.get_backend_timeout(timeout)
        if timeout == 0:
            self.attempt(None, lambda r: r.delete(key))
        else:
            self.attempt(None, lambda r: r.set(key, dumps(value), ex=timeout))

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        key = self.make_and_validate_key(key, version=version)
        timeout = self.get_backend_timeout(timeout)
        if timeout is None:
            return self.attempt(False, lambda r: bool(r.persist(key)))
        return self.attempt(False, lambda r: bool(r.expire(key, timeout)))

    def delete(self, key, version=None):
        key = self.make_and_validate_key(key, version=version)
        return self.attempt(False, lambda r: bool(r.delete(key)))

    def get_many(self, keys, version=None):
        names = {self.make_and_validate_key(key, version=version): key for key in keys}
        values = self.attempt([], lambda r: r.mget(list(names)))
        return {names[n]: loads(v) for n, v in zip(names, values, strict=False) if v is not None}

    def incr(self, key, delta=1, version=None):
        key = self.make_and_validate_key(key, version=version)
        if not self.attempt(False, lambda r: r.exists(key)):
            raise ValueError(f"Key '{key}' not found.")
        return self.attempt(None, lambda r: r.incr(key, delta))

    def incr_many(self, keys, start):
        """Add one to each counter of `keys`, starting a missing one at `start`, in one round
        trip where `incr` takes two per key. Skipped when Redis is down."""
        names = [self.make_and_validate_key(key) for key in keys]

        def write(client):
            pipeline = client.pipeline(transaction=False)
            for name in names:
                pipeline.set(name, start, nx=True)
                pipeline.incr(name)
            pipeline.execute()

        self.attempt(None, write)

    def clear(self):
        self.attempt(None, lambda r: r.flushdb())
