"""Which requests read the replica: a reader's page, and nothing an editor, a form sent or
the admin asks for; a reader request that writes reads the primary from then on; a page
read from a replica behind the last change to its tags is not kept. (With real servers:
tests/core/test_read_replica.py.)"""

from types import SimpleNamespace

import pytest
from django.db import OperationalError
from django.http import HttpResponse
from django.test import RequestFactory

from core import faults, replicas
from core.cache_tags import page_cache
from core.page_cache import PageCacheMiddleware, reader_request

ROUTER = replicas.ReplicaRouter()


@pytest.fixture
def with_replica(monkeypatch):
    """A replica configured, which has replayed up to position 100 when chosen."""
    monkeypatch.setattr(replicas, "configured", lambda: True)

    def choose():
        replicas._request.replayed = 100
        return replicas.REPLICA

    monkeypatch.setattr(replicas, "choose", choose)
    yield
    replicas.end_request()


@pytest.mark.parametrize(
    ("method", "path", "cookies", "reader"),
    [
        ("get", "/en/rulings/", {}, True),
        ("head", "/es/resoluciones/", {}, True),
        ("get", "/en/rulings/", {"sessionid": "an editor's"}, False),
        ("get", "/en/rulings/", {"messages": "a message for this reader"}, False),
        ("post", "/en/rulings/ask/", {}, False),
        ("get", "/admin/", {}, False),
    ],
)
def test_only_a_reader_s_request_reads_the_replica(with_replica, method, path, cookies, reader):
    request = getattr(RequestFactory(), method)(path)
    request.COOKIES.update(cookies)
    assert reader_request(request) is reader
    replicas.begin_request(reader_request(request))
    assert ROUTER.db_for_read(None) == (replicas.REPLICA if reader else None)
    assert ROUTER.db_for_write(None) == "default"


def test_a_reader_request_that_writes_reads_the_primary_from_then_on(with_replica):
    replicas.begin_request(True)
    assert ROUTER.db_for_read(None) == replicas.REPLICA
    ROUTER.db_for_write(None)
    assert ROUTER.db_for_read(None) == "default"


def test_without_a_replica_nothing_is_routed():
    replicas.begin_request(True)
    assert ROUTER.db_for_read(None) is None
    assert ROUTER.db_for_write(None) is None
    assert replicas.caught_up(page_cache(), ["site"])


def test_a_page_from_a_replica_behind_its_tags_last_change_is_not_kept(with_replica):
    cache = page_cache()
    cache.set_many({replicas.LSN_KEY + "ruling-1": 90, replicas.LSN_KEY + "ruling-2": 120})
    cache.set(replicas.LATEST_KEY, (120, 0.0))
    replicas.begin_request(True)
    ROUTER.db_for_read(None)  # the replica, replayed to 100
    assert replicas.caught_up(cache, ["ruling-1"])
    assert not replicas.caught_up(cache, ["ruling-1", "ruling-2"])
    # A tag whose position is gone counts as the last change of all.
    assert not replicas.caught_up(cache, ["ruling-3"])


def test_a_replica_failing_mid_request_has_the_page_read_from_the_primary(
    with_replica, monkeypatch, settings, rf
):
    """Not a 503, and not counted against the primary by the breaker."""
    settings.RULESAGE_DATABASE_RETRY_SECONDS = 60
    replica = SimpleNamespace(errors_occurred=True, close=lambda: None)
    monkeypatch.setattr(replicas, "connections", {replicas.REPLICA: replica})
    answers = []

    def view(request):
        answers.append(ROUTER.db_for_read(None))
        if answers[-1] == replicas.REPLICA:
            return faults.database_unavailable(request, OperationalError("server closed"))
        return HttpResponse("from the primary")

    response = PageCacheMiddleware(view)(rf.get("/en/rulings/"))
    assert (response.status_code, response.content) == (200, b"from the primary")
    assert answers == [replicas.REPLICA, None]
    assert faults.breaker.state() == faults.CLOSED
    assert replicas.unavailable.resting()
    replicas.unavailable.down_until = 0.0
