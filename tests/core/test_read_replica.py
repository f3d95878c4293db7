"""Readers read a streaming replica, editors the primary: with replay paused on the replica,
a guide published on the primary is shown at once to its editor, and readers are never
served a stored page of before it; a web host whose lag budget is spent reads the primary,
and the other serves what it stored, through the one Redis; with the replica stopped, pages
are still served.

The test runs its own primary and hot standby (PostgreSQL's initdb, pg_ctl and
pg_basebackup, as the postgres user when run as root), never the shared server, and two
gunicorn processes on them, as two web hosts sharing Redis.
"""

import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

from scripts.fault_proxy import port_outside_ephemeral_range
from tests.conftest import ensure_root
from tests.core.test_database_outage import (
    PG_BIN,
    ROOT,
    OwnPostgres,
    as_postgres,
    gunicorn_site,
)
from tests.guides.factories import url_in
from tests.guides.fixtures import make_spanish_guide
from tests.rulesage.fixtures import make_full_site, reader_urls
from tests.rulings.fixtures import import_export

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

# The spare ports this test may take: primary, standby, then the web hosts.
NEW_TITLE = "Retitled while the replica lagged"


class Standby(OwnPostgres):
    def copy_of(self, primary):
        """A hot standby streaming from `primary`, from its base backup."""
        as_postgres(PG_BIN / "pg_basebackup", "-h", "127.0.0.1", "-p", primary.port,
                    "-U", "postgres", "-D", self.data, "-R", "-X", "stream",
                    "--checkpoint=fast")  # fmt: skip

    def replayed(self):
        return self.sql("site", "SELECT pg_last_wal_replay_lsn()")


def own_folder(name):
    folder = Path(tempfile.mkdtemp(prefix=f"rulesage-{name}-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    return folder


@pytest.fixture
def committed_site(transactional_db):
    """A guide and a ruling, committed, for the servers to copy: (guide, ruling)."""
    ensure_root()
    spanish_guide, _policy = make_spanish_guide()
    return make_full_site(spanish_guide, import_export())


@pytest.fixture
def primary_and_standby(committed_site):
    if not all((PG_BIN / name).exists() for name in ("initdb", "pg_ctl", "pg_basebackup")):
        pytest.skip("PostgreSQL 15's server programs are not installed")
    # Ports below the ephemeral range: no outgoing connection of another test can hold one.
    primary = OwnPostgres(own_folder("primary"), port=port_outside_ephemeral_range())
    standby = Standby(own_folder("standby"), port=port_outside_ephemeral_range())
    try:
        primary.init()
        primary.start()
        primary.copy_test_database("site")
        standby.copy_of(primary)
        standby.start()
        yield primary, standby
    finally:
        for server in (standby, primary):
            if server.data.exists():
                subprocess.run(
                    [*(["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []),
                     PG_BIN / "pg_ctl", "-D", server.data, "-m", "immediate", "stop"],
                    capture_output=True,
                )  # fmt: skip
            shutil.rmtree(server.folder, ignore_errors=True)


def site_env(primary, standby, prefix):
    return {
        "DATABASE_URL": primary.url("site"),
        "DATABASE_REPLICA_URL": standby.url("site"),
        "TEST_PAGE_CACHE": "1",
        "TEST_CONN_MAX_AGE": "60",
        "TEST_REDIS_URL": os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/4"),
        "TEST_CACHE_KEY_PREFIX": prefix,
    }


def publish_on_primary(env, guide_pk):
    """Publish a new title for the guide on the primary, as its editor would, in a process
    of the site's own; return that editor's session cookie."""
    code = (
        "from django.contrib.auth import get_user_model\n"
        "from django.test import Client\n"
        "from guides.models import GuidePage\n"
        "from tests.guides.factories import publish\n"
        f"publish(GuidePage.objects.get(pk={guide_pk}), title={NEW_TITLE!r})\n"
        "editor = get_user_model().objects.create_superuser('replica-editor', None, 'pw')\n"
        "client = Client()\n"
        "client.force_login(editor)\n"
        "print(client.cookies['sessionid'].value)\n"
    )
    done = subprocess.run(
        [ROOT / ".venv/bin/python", "manage.py", "shell", "-c", code],
        cwd=ROOT, env={**os.environ, **env}, check=True, capture_output=True, text=True,
    )  # fmt: skip
    return done.stdout.strip().splitlines()[-1]


def heading(body):
    """The page's title, as its heading shows it."""
    return re.search(r"<h1>(.*?)</h1>", body).group(1)


def read(host, path, session=None):
    """(status, headers, body) of a GET from web host `host`, addressed as the site's one
    name, as a load balancer in front passes it on; as an editor with `session`."""
    headers = {"Host": "localhost"}
    if session:
        headers["Cookie"] = f"sessionid={session}"
    request = urllib.request.Request(host + path, headers=headers)
    with urllib.request.urlopen(request, timeout=20) as response:
        return response.status, response.headers, response.read().decode()


def caught_up(primary, standby):
    wanted = primary.sql("site", "SELECT pg_current_wal_lsn()")
    for _attempt in range(200):
        if standby.sql("site", f"SELECT pg_last_wal_replay_lsn() >= '{wanted}'::pg_lsn") == "t":
            return
        time.sleep(0.1)
    pytest.fail("the standby did not catch up")


def test_readers_never_get_a_stale_page_stored_and_the_editor_sees_the_change_at_once(
    committed_site, primary_and_standby, tmp_path
):
    primary, standby = primary_and_standby
    guide, ruling = committed_site
    path = url_in(guide, "en")
    env = site_env(primary, standby, f"rulesage-replica-test-{uuid.uuid4().hex}")
    port_a, port_b = port_outside_ephemeral_range(), port_outside_ephemeral_range()
    # Host A lets the replica lag for minutes; host B not at all.
    with (
        gunicorn_site(tmp_path, port=port_a, DATABASE_REPLICA_LAG_SECONDS="600", **env)
        as (host_a, log_a),
        gunicorn_site(tmp_path, port=port_b, DATABASE_REPLICA_LAG_SECONDS="0", **env)
        as (host_b, log_b),
    ):  # fmt: skip
        # Kept once the replica has replayed what the primary held when it was first read.
        statuses = []
        for _attempt in range(20):
            status, headers, body = read(host_a, path)
            assert (status, heading(body)) == (200, guide.title)
            statuses.append(headers["X-Page-Cache"])
            if statuses[-1] == "hit":
                break
            time.sleep(0.2)
        assert statuses[-1] == "hit", statuses

        standby.sql("site", "SELECT pg_wal_replay_pause()")
        session = publish_on_primary(env, guide.pk)

        # The editor reads the primary: their change, at once.
        status, _headers, body = read(host_a, path, session)
        assert (status, heading(body)) == (200, NEW_TITLE)

        # Host A's readers read the replica, which has not replayed it: the page is served
        # as it was (or with what the editor's read on the primary remembered, such as the
        # page's route), and never stored, so no later reader is served it from the cache.
        for _attempt in range(2):
            status, headers, body = read(host_a, path)
            assert status == 200 and heading(body) in (guide.title, NEW_TITLE)
            assert headers["X-Page-Cache"] != "hit"

        # Host B's budget is spent: its readers read the primary, and the page it stored
        # is what host A serves from the one cache.
        for _attempt in range(2):
            status, headers, body = read(host_b, path)
            assert (status, heading(body)) == (200, NEW_TITLE)
        status, headers, body = read(host_a, path)
        assert (status, headers["X-Page-Cache"], heading(body)) == (200, "hit", NEW_TITLE)
        behind = [line for line in log_b.read_text().splitlines() if "has not replayed" in line]
        assert len(behind) == 1, log_b.read_text()

        standby.sql("site", "SELECT pg_wal_replay_resume()")
        caught_up(primary, standby)

        # The replica stopped: pages not yet kept are still served, by the primary, and
        # each host logs it once.
        standby.stop()
        for host, language in ((host_a, "en"), (host_b, "es")):  # none kept yet
            urls = reader_urls(guide, ruling, language)
            for name in ("rulings", "edition rulings", "errata", "document", "ruling"):
                assert read(host, urls[name])[0] == 200, urls[name]
        for log in (log_a, log_b):
            down = [line for line in log.read_text().splitlines() if "cannot be read" in line]
            assert len(down) == 1, log.read_text()
            assert "Database unavailable" not in log.read_text()
