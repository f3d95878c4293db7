"""Whose address is it: one rule behind 0 or 1 proxies, for the question limit and the
sign-in throttle; and the question limit holds under concurrent sends."""

import os
import subprocess
import threading
import uuid

import pytest

from core.client_address import client_address, spoofable
from rulings.asking import take_a_send
from tests.core.test_database_outage import ROOT, free_port
from tests.rulings.factories import EditionFactory

SPOOFED = "1.1.1.1"


def test_with_no_trusted_proxy_a_spoofed_forwarded_for_is_ignored(rf, settings):
    settings.RULESAGE_TRUSTED_PROXIES = 0
    request = rf.get("/", HTTP_X_FORWARDED_FOR=SPOOFED, REMOTE_ADDR="203.0.113.7")
    assert client_address(request) == "203.0.113.7"


def test_behind_one_proxy_the_address_it_saw_is_the_client(rf, settings):
    settings.RULESAGE_TRUSTED_PROXIES = 1
    # The client wrote 1.1.1.1 itself; the proxy appended the address it really saw.
    request = rf.get("/", HTTP_X_FORWARDED_FOR=f"{SPOOFED}, 198.51.100.4", REMOTE_ADDR="10.0.0.2")
    assert client_address(request) == "198.51.100.4"
    # Reached without the proxy's entry (or with junk in it): the connection's address.
    assert client_address(rf.get("/", REMOTE_ADDR="10.0.0.2")) == "10.0.0.2"
    junk = rf.get("/", HTTP_X_FORWARDED_FOR="not-an-address", REMOTE_ADDR="10.0.0.2")
    assert client_address(junk) == "10.0.0.2"


@pytest.mark.django_db
def test_the_question_limit_counts_readers_behind_the_proxy_apart(client, settings):
    EditionFactory(code="bg-368017-en-1e")
    settings.RULESAGE_TRUSTED_PROXIES = 1
    settings.RULESAGE_QUESTION_RATE_LIMIT = (1, 3600)

    def send(forwarded):
        data = {"edition": "bg-368017-en-1e", "question": f"Question {uuid.uuid4()} on passing?"}
        return client.post(
            "/en/rulings/ask/",
            {**data, "email": "", "website": "", "action": "send"},
            REMOTE_ADDR="10.0.0.2",
            HTTP_X_FORWARDED_FOR=forwarded,
        )

    assert send("198.51.100.4").status_code == 302
    assert send("198.51.100.5").status_code == 302  # another reader, same proxy
    assert send("198.51.100.4").status_code == 429
    # Writing another address before the proxy's does not escape the limit.
    assert send(f"{SPOOFED}, 198.51.100.4").status_code == 429


def concurrent_sends(request, senders=20):
    start = threading.Barrier(senders)
    results = []

    def send():
        start.wait()
        results.append(take_a_send(request))

    threads = [threading.Thread(target=send) for _sender in range(senders)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


REDIS_CACHE = {
    "default": {
        "BACKEND": "core.redis_cache.RedisCache",
        "LOCATION": os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/4"),
        "KEY_PREFIX": f"rulesage-test-limit-{uuid.uuid4().hex}",
    }
}


def assert_five_of_twenty_get_through(rf):
    request = rf.post("/en/rulings/ask/", REMOTE_ADDR="203.0.113.99")
    results = concurrent_sends(request)
    assert results.count(0) == 5
    assert all(0 < wait <= 61 for wait in results if wait)  # "send again in a minute"
    # Another address is counted apart.
    assert take_a_send(rf.post("/", REMOTE_ADDR="203.0.113.100")) == 0


def test_twenty_concurrent_sends_let_exactly_five_through(rf, settings):
    settings.RULESAGE_QUESTION_RATE_LIMIT = (5, 60)
    assert_five_of_twenty_get_through(rf)


def test_twenty_concurrent_sends_let_exactly_five_through_with_redis(rf, settings):
    """Production keeps the count in Redis, shared by every worker and thread."""
    settings.RULESAGE_QUESTION_RATE_LIMIT = (5, 60)
    settings.CACHES = REDIS_CACHE
    assert_five_of_twenty_get_through(rf)


# serialized_rollback: the database is put back as migrations left it when the test ends
# (a plain transactional test leaves only what post_migrate makes, and a later test that
# restores the serialized state would then meet duplicate content types).
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_twenty_readers_sending_at_once_from_one_address_store_five_questions(settings, home):
    """The whole send, form to stored question, from 20 threads at once (each its own
    database connection), counted in Redis as in production."""
    from django.db import connection
    from django.test import Client

    from rulings.models import ReaderQuestion

    EditionFactory(code="bg-368017-en-1e")
    settings.RULESAGE_QUESTION_RATE_LIMIT = (5, 60)
    settings.CACHES = {**settings.CACHES, "default": REDIS_CACHE["default"]}
    start = threading.Barrier(20)
    statuses = []

    def send(n):
        try:
            client = Client()
            data = {"edition": "bg-368017-en-1e", "question": f"Question {n} about passing?"}
            start.wait()
            response = client.post(
                "/en/rulings/ask/",
                {**data, "email": "", "website": "", "action": "send"},
                REMOTE_ADDR="203.0.113.50",
            )
            statuses.append(response.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(n,)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [302] * 5 + [429] * 15
    assert ReaderQuestion.objects.count() == 5


@pytest.mark.parametrize(
    ("proxies", "binds", "allowed", "refused"),
    [
        (1, ["0.0.0.0:8000"], ["127.0.0.1"], "0.0.0.0:8000"),
        (1, ["[::1]:8000", "example.org:8000"], ["*"], "example.org:8000"),
        (1, ["127.0.0.1:8000", "[::1]:8000", "localhost", "unix:/run/site.sock"], [], None),
        (1, ["0.0.0.0:8000"], ["10.0.0.5"], None),  # the proxy is named
        (0, ["0.0.0.0:8000"], ["*"], None),  # X-Forwarded-For is not read
    ],
)
def test_trusting_a_proxy_is_refused_where_clients_reach_the_server_directly(
    proxies, binds, allowed, refused
):
    assert spoofable(proxies, binds, allowed) == refused


@pytest.mark.slow
def test_gunicorn_refuses_to_start_trusting_a_proxy_it_listens_without():
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "rulesage.settings.test",
        "GUNICORN_BIND": f"0.0.0.0:{free_port()}",
        "RULESAGE_TRUSTED_PROXIES": "1",
    }
    finished = subprocess.run(
        [ROOT / ".venv/bin/gunicorn", "-c", "gunicorn.conf.py",
         "--no-control-socket", "rulesage.wsgi"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert finished.returncode != 0
    assert "Not started: RULESAGE_TRUSTED_PROXIES=1" in finished.stderr
    assert "GUNICORN_FORWARDED_ALLOW_IPS" in finished.stderr
