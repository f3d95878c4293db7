"""A hanging database costs only what needs it: cached pages and static files are served
to every client while others wait on it, and once the site knows it gives no answer,
requests that need it get the 503 with Retry-After without waiting on it again, but for
one let through now and then to try; pages come back when it answers.

The database hangs behind the test's own proxy (scripts/fault_proxy.py), which
counts how many times the site was left waiting on it.
"""

import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings
from django.db import OperationalError, connection, transaction
from django.test.utils import CaptureQueriesContext

from core import faults
from scripts.fault_proxy import port_outside_ephemeral_range
from tests.core.test_database_outage import get, gunicorn_site

pytestmark = pytest.mark.django_db
RETRY_AFTER = str(settings.RULESAGE_RETRY_AFTER_SECONDS)
RETRY_SECONDS = 15


@pytest.fixture
def site_with_breaker(postgres_proxy, tmp_path):
    """Two sync workers through the proxy, as production runs them (the breaker on, the
    page cache in Redis database 10), with short limits so that the test waits less."""
    database = settings.DATABASES["default"]
    url = f"postgres://postgres@127.0.0.1:{postgres_proxy.port}/{database['NAME']}"
    with gunicorn_site(
        tmp_path,
        DATABASE_URL=url,
        TEST_PAGE_CACHE="1",
        TEST_CONN_MAX_AGE="60",
        TEST_REDIS_URL="redis://127.0.0.1:6379/10",
        GUNICORN_WORKERS="2",
        # Longer than the requests below take on a busy machine: they meet one trial at most.
        DATABASE_RETRY_SECONDS=str(RETRY_SECONDS),
        # Long enough for the other readers to be served while one waits, on a busy machine.
        REQUEST_TIME_LIMIT="6",
        DATABASE_CONNECT_TIMEOUT="5",
    ) as (base, _errors):
        yield base


def wait_for(condition, seconds=10):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError("never happened")


@pytest.mark.slow
def test_a_hanging_database_is_waited_on_once_and_cached_pages_are_served_meanwhile(
    postgres_proxy, site_with_breaker
):
    base = site_with_breaker
    cached, static = f"{base}/en/corrections/", f"{base}/static/css/site.css"
    uncached = [f"{base}/es/resoluciones/", f"{base}/en/rulings/", f"{base}/en/search/?q=card"]
    get(cached)
    assert get(cached)[1]["X-Page-Cache"] == "hit"

    postgres_proxy.hang()
    with ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(get, uncached[0])
        wait_for(lambda: postgres_proxy.held)
        # While that reader waits on the database, the others are served.
        for _attempt in range(5):
            status, headers, _body = get(cached)
            assert (status, headers["X-Page-Cache"]) == (200, "hit")
        assert get(static)[0] == 200
        assert not waiting.done()
        status, headers, _body = waiting.result()
    assert (status, headers["Retry-After"]) == (503, RETRY_AFTER)

    # Now the site knows: every request that needs the database is answered without
    # waiting on it, but the one let through every DATABASE_RETRY_SECONDS to try again.
    held = postgres_proxy.held
    for url in uncached * 3:
        status, headers, _body = get(url)
        assert (status, headers["Retry-After"]) == (503, RETRY_AFTER), url
    assert postgres_proxy.held - held <= 2 < len(uncached) * 3
    assert get(cached)[0] == get(static)[0] == 200

    postgres_proxy.forward()
    # Pages that need the database come back once the next trial finds it answering.
    wait_for(lambda: get(uncached[1])[0] == 200, seconds=RETRY_SECONDS * 2)
    assert [get(url)[0] for url in uncached] == [200, 200, 200]


@pytest.fixture
def breaker_on(settings):
    settings.RULESAGE_DATABASE_RETRY_SECONDS = 60
    settings.ROOT_URLCONF = "tests.rulesage.database_down"
    yield
    faults.breaker.answered()


@pytest.fixture
def redis_down(settings):
    settings.CACHES = {
        **settings.CACHES,
        "pages": {
            "BACKEND": "core.redis_cache.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{port_outside_ephemeral_range()}/0",
        },
    }


def let_one_through():
    """As if DATABASE_RETRY_SECONDS had passed."""
    faults.page_cache().delete(faults.TRIAL_KEY)
    faults.breaker.next_trial = 0.0


@pytest.mark.parametrize("where", ["in the cache", "in the process, Redis down too"])
def test_a_database_that_gave_no_answer_is_not_asked_again_until_one_request_tries(
    where, request, breaker_on, client, home
):
    if where != "in the cache":
        request.getfixturevalue("redis_down")
    assert client.get("/en/").status_code == 200
    assert client.get("/in-view/").status_code == 503  # no answer: now known

    with CaptureQueriesContext(connection) as queries:
        response = client.get("/en/")
    assert (response.status_code, response["Retry-After"]) == (503, RETRY_AFTER)
    assert len(queries) == 0

    let_one_through()
    assert client.get("/en/").status_code == 200  # it answered: no longer known down
    assert client.get("/es/").status_code == 200


def test_an_error_the_database_answered_with_is_not_remembered(breaker_on, client, home, rf):
    """A query PostgreSQL ended (its statement timeout) says nothing of the next request."""
    with (
        pytest.raises(OperationalError) as raised,
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("SET LOCAL statement_timeout = '10ms'")
        cursor.execute("SELECT pg_sleep(1)")
    assert faults.database_unavailable(rf.get("/en/"), raised.value).status_code == 503
    assert client.get("/en/").status_code == 200
