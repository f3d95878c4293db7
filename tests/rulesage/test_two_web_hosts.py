"""Two web hosts, one cache: two gunicorn processes on ports of their own, behind a proxy
taking them in turn, share Redis, the database and one task worker. A page one stored is
served by the other; an editor's change made through one is served by the other at once,
and purged from a CDN by the worker; a database restored under both makes both serve it."""

import http.cookiejar
import re
import time
import urllib.parse
import urllib.request
import uuid

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model

from core.models import ContentState
from rulings.models import Ruling
from scripts.fault_proxy import FaultProxy, port_outside_ephemeral_range
from tests.core.test_database_outage import gunicorn_site
from tests.rulesage.task_worker import task_worker, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

SITE_NAME = "localhost"  # as the proxy passes the Host header on, whichever host answers


class Client:
    """A browser's cookies, asking `base` for pages of the site."""

    def __init__(self, base):
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def open(self, path, data=None):
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body, headers={"Host": SITE_NAME})
        with self.opener.open(request, timeout=20) as response:
            return response.status, response.headers, response.read().decode()

    def cookie(self, name):
        return next(cookie.value for cookie in self.cookies if cookie.name == name)

    def sign_in(self, username, password):
        self.open("/admin/login/")
        fields = {"username": username, "password": password}
        self.open("/admin/login/", {**fields, "csrfmiddlewaretoken": self.cookie("csrftoken")})
        assert self.cookie("sessionid")

    def post(self, path, data):
        return self.open(path, {**data, "csrfmiddlewaretoken": self.cookie("csrftoken")})


def review_status(body):
    return re.search(r"review-status--(\w+)", body).group(1)


@pytest.fixture
def two_hosts(home, ruling, purge_listener, tmp_path):
    """(proxy's address, host A's, host B's) on the test database, with the worker."""
    database = settings.DATABASES["default"]
    env = {
        "DJANGO_SETTINGS_MODULE": "tests.rulesage.worker_settings",
        "TEST_SMTP_PORT": "0",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:{database['PORT'] or 5432}/"
        f"{database['NAME']}",
        "TEST_PAGE_CACHE": "1",
        "TEST_CACHE_KEY_PREFIX": f"rulesage-two-hosts-{uuid.uuid4().hex}",
        "TEST_DATABASE_CHECK_SECONDS": "0.5",
        "FRONTEND_CACHE_PURGE_URL": settings.RULESAGE_PURGE_URL,
    }
    # Ports below the ephemeral range (the proxy's too): no outgoing connection of another
    # test can hold one meanwhile.
    with (
        gunicorn_site(tmp_path, port=port_outside_ephemeral_range(), **env) as (host_a, _log_a),
        gunicorn_site(tmp_path, port=port_outside_ephemeral_range(), **env) as (host_b, _log_b),
        task_worker(tmp_path, **env) as worker,
    ):
        ports = [int(host.rsplit(":", 1)[1]) for host in (host_a, host_b)]
        proxy = FaultProxy(ports[0], more_ports=ports[1:])
        try:
            yield f"http://127.0.0.1:{proxy.port}", host_a, host_b, worker
        finally:
            proxy.close()


def test_a_change_through_one_host_is_never_served_stale_by_the_other(
    two_hosts, ruling, purge_listener
):
    proxy, host_a, host_b, worker = two_hosts
    path = ruling.get_absolute_url()
    before = ruling.status
    get_user_model().objects.create_superuser("editor", None, "a long password")

    # In turn through the proxy: what one host stored, the other serves.
    seen = [Client(proxy).open(path) for _attempt in range(4)]
    assert [review_status(body) for _status, _headers, body in seen] == [before] * 4
    assert [headers["X-Page-Cache"] for _status, headers, _body in seen][-3:] == ["hit"] * 3

    editor = Client(host_a)
    editor.sign_in("editor", "a long password")
    mark = f"/admin/bulk/rulings/ruling/mark_reviewed/?id={ruling.pk}"
    editor.post(mark, {"note": "Checked against p.8."})
    assert Ruling.objects.get(pk=ruling.pk).status == Ruling.Status.VERIFIED

    for base in (host_b, proxy, proxy):
        assert review_status(Client(base).open(path)[2]) == Ruling.Status.VERIFIED
    wait_for(lambda: f"ruling-{ruling.pk}" in " ".join(purge_listener), "the purge", worker)

    # A restore under both: the database's token and the ruling as they were, written
    # without a change's signals; each host's watch finds it and both serve it.
    ContentState.objects.update(token=uuid.uuid4().hex)
    Ruling.objects.filter(pk=ruling.pk).update(status=before)
    for base in (host_a, host_b):
        for _attempt in range(100):
            if review_status(Client(base).open(path)[2]) == before:
                break
            time.sleep(0.1)
        assert review_status(Client(base).open(path)[2]) == before, base
