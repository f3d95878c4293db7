"""The site's Redis cache backend (core.redis_cache) stores exactly what Django's own Redis
backend stores, under the same keys, and makes one Redis client per server rather than one
per cache call. Its behaviour with Redis down is in test_redis_outage.py."""

import uuid

import pytest
import redis
from django.conf import settings
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache

from core.redis_cache import RedisCache

KEYS = ["text", "number", "nested", "added", "counter", "gone", "short"]


@pytest.fixture
def both():
    """(the site's backend, Django's) on the tests' Redis, under one key prefix of their own."""
    params = {"KEY_PREFIX": f"rulesage-test-{uuid.uuid4().hex}", "TIMEOUT": 60}
    location = settings.CACHES["pages"]["LOCATION"]
    ours, django = RedisCache(location, params), DjangoRedisCache(location, params)
    yield ours, django
    django.delete_many(KEYS)


@pytest.mark.parametrize("writer", ["ours", "django"])
def test_what_one_backend_writes_the_other_reads(both, writer):
    ours, django = both
    write, read = (ours, django) if writer == "ours" else (django, ours)
    write.set("text", "Ties go to the player with the most civic buildings.")
    assert write.set_many({"number": 7, "nested": {"tiers": [1, 2, 3]}}) == []
    assert write.add("added", "first") and not write.add("added", "second")
    write.set("counter", 1)
    assert write.incr("counter", 4) == 5
    write.set("gone", "soon")
    assert write.delete("gone")
    write.set("short", "lived", timeout=60)
    assert write.touch("short", timeout=0)  # no time left: Redis drops the key
    assert read.get_many(KEYS) == {
        "text": "Ties go to the player with the most civic buildings.",
        "number": 7,
        "nested": {"tiers": [1, 2, 3]},
        "added": "first",
        "counter": 5,
    }
    assert read.has_key("text") and not read.has_key("gone")
    assert read.get("gone", "default") == "default"


def test_one_redis_client_serves_every_call(both, monkeypatch):
    ours, _django = both
    made = []

    class CountedRedis(redis.Redis):
        def __init__(self, *args, **kwargs):
            made.append(self)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(redis, "Redis", CountedRedis)
    for number in range(10):
        ours.set("number", number)
        assert ours.get("number") == number
    assert len(made) == 1
