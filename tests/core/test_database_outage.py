"""With PostgreSQL stopped, refusing or not answering, readers get the 503 page with
Retry-After within seconds and the log gets one line per failed request, while pages in
the page cache are still served; once it is back, pages are served again without a
restart. A request that runs past gunicorn's timeout is ended.

The tests run their own PostgreSQL (a throw-away cluster in a temporary folder, on a free
port), or their own proxy in front of the machine's shared one (scripts/fault_proxy.py),
never stopping the shared server, and serve the site from it with
gunicorn and the production gunicorn.conf.py, in a process of its own.
"""

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings

PG_BIN = Path("/usr/lib/postgresql/15/bin")
ROOT = Path(settings.BASE_DIR)
pytestmark = pytest.mark.django_db


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def as_postgres(*command, **kwargs):
    """PostgreSQL's tools refuse to run as root: as root, run them as the postgres user."""
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    return subprocess.run([*prefix, *map(str, command)], check=True, capture_output=True, **kwargs)


class OwnPostgres:
    def __init__(self, folder, port=None):
        self.folder = folder
        self.data = folder / "data"
        self.port = port or free_port()

    def init(self):
        as_postgres(PG_BIN / "initdb", "-D", self.data, "-U", "postgres", "--auth=trust",
                    "-E", "UTF8", "--no-sync")  # fmt: skip

    def start(self):
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        as_postgres(PG_BIN / "pg_ctl", "-D", self.data, "-o", options,
                    "-l", self.folder / "server.log", "-w", "start")  # fmt: skip

    def stop(self):
        as_postgres(PG_BIN / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")

    def url(self, name):
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def copy_test_database(self, name):
        """The test database's tables and rows (migrated by pytest-django, and what a test
        committed), copied into a new database `name` of this server."""
        source = settings.DATABASES["default"]
        dump = subprocess.run(
            ["pg_dump", "--no-owner", "--no-privileges", "-h", source["HOST"] or "127.0.0.1",
             "-p", str(source["PORT"] or 5432), "-U", source["USER"] or "postgres",
             source["NAME"]],
            check=True, capture_output=True,
        ).stdout  # fmt: skip
        as_postgres(PG_BIN / "createdb", "-h", "127.0.0.1", "-p", self.port, name)
        subprocess.run(
            ["psql", "-q", "-v", "ON_ERROR_STOP=1", self.url(name)],
            input=dump, check=True, capture_output=True,
        )  # fmt: skip

    def sql(self, name, statement):
        """`statement`'s first value, run by psql in database `name`."""
        return subprocess.run(
            ["psql", "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", statement, self.url(name)],
            check=True, capture_output=True, text=True,
        ).stdout.strip()  # fmt: skip


@pytest.fixture
def own_postgres(django_db_setup):
    if not (PG_BIN / "initdb").exists():
        pytest.skip("PostgreSQL 15's server programs are not installed")
    folder = Path(tempfile.mkdtemp(prefix="rulesage-outage-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    server = OwnPostgres(folder)
    server.init()
    server.start()
    try:
        server.copy_test_database("site")
        yield server
    finally:
        subprocess.run(
            [*(["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []),
             PG_BIN / "pg_ctl", "-D", server.data, "-m", "immediate", "stop"],
            capture_output=True,
        )  # fmt: skip
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def gunicorn_site(tmp_path, app="rulesage.wsgi", ready="/robots.txt", port=None, **env):
    """gunicorn with the production gunicorn.conf.py and the test settings, one worker, in a
    process of its own: (base address, its standard error)."""
    port = port or free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "rulesage.settings.test",
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_WORKERS": "1",
        "GUNICORN_ACCESS_LOG": "/dev/null",
        **env,
    }
    errors = tmp_path / f"stderr-{port}.log"
    with errors.open("w") as stderr:
        server = subprocess.Popen(
            [ROOT / ".venv/bin/gunicorn", "-c", "gunicorn.conf.py", app],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=stderr,
        )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        for _attempt in range(150):
            try:
                urllib.request.urlopen(f"{base}{ready}", timeout=5)
                break
            except OSError:
                assert server.poll() is None, errors.read_text()
                time.sleep(0.2)
        yield base, errors
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.fixture
def site_on_own_postgres(own_postgres, tmp_path):
    with gunicorn_site(tmp_path, DATABASE_URL=own_postgres.url("site")) as site:
        yield site


def get(url):
    """(status, headers, body) of a GET, whatever the status."""
    try:
        with urllib.request.urlopen(url, timeout=20) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def log_lines(errors, since):
    return errors.read_text().splitlines()[since:]


@pytest.mark.slow
def test_an_outage_is_a_503_with_retry_after_and_one_log_line_and_the_site_recovers(
    own_postgres, site_on_own_postgres
):
    base, errors = site_on_own_postgres
    # Pages that read the database at each render (a list's remembered total would let
    # an empty list render without it).
    pages = [f"{base}/en/search/?q=turn", f"{base}/es/buscar/?q=turno"]
    for url in pages:
        assert get(url)[0] == 200, url

    own_postgres.stop()
    before = len(errors.read_text().splitlines())
    for language, url in zip(("en", "es"), pages, strict=True):
        for _attempt in range(2):
            status, headers, body = get(url)
            assert status == 503, url
            assert headers["Retry-After"] == str(settings.RULESAGE_RETRY_AFTER_SECONDS)
            assert headers["Content-Security-Policy"]
            assert f'<html lang="{language}">' in body
            assert "/static/css/site.css" in body  # the site's styled page
    lines = log_lines(errors, before)
    assert len(lines) == 4, "\n".join(lines)
    assert all("Database unavailable" in line and "503" in line for line in lines), lines

    own_postgres.start()
    for url in pages:
        status = None
        for _attempt in range(20):
            status = get(url)[0]
            if status == 200:
                break
            time.sleep(0.5)
        assert status == 200, url


@pytest.fixture
def cached_site_behind_proxy(postgres_proxy, tmp_path):
    """The site on the test database (as migrated: the tests' rows are not committed)
    through the proxy, keeping its connections open between requests as production does,
    with the page cache on (in Redis database 10, under keys of its own)."""
    database = settings.DATABASES["default"]
    url = f"postgres://postgres@127.0.0.1:{postgres_proxy.port}/{database['NAME']}"
    with gunicorn_site(
        tmp_path,
        DATABASE_URL=url,
        TEST_PAGE_CACHE="1",
        TEST_CONN_MAX_AGE="60",
        TEST_REDIS_URL="redis://127.0.0.1:6379/10",
    ) as site:
        yield site


@pytest.mark.slow
def test_postgres_not_answering_is_a_503_within_ten_seconds_and_cached_pages_are_served(
    postgres_proxy, cached_site_behind_proxy
):
    base, errors = cached_site_behind_proxy
    cached, uncached = f"{base}/en/corrections/", f"{base}/es/resoluciones/"
    assert get(cached)[0] == 200
    assert get(cached)[1]["X-Page-Cache"] == "hit"

    postgres_proxy.hang()
    status, headers, _body = get(cached)
    assert (status, headers["X-Page-Cache"], postgres_proxy.held) == (200, "hit", 0)
    # On the connection kept open (a query that is never answered: the request's time
    # limit ends it), then on a new one (the connection attempt gives up): each request
    # waits on the database once, and is answered.
    for waits, url in enumerate((uncached, f"{base}/en/rulings/"), start=1):
        status, headers, _body = get(url)
        assert (status, postgres_proxy.held) == (503, waits), url
        assert headers["Retry-After"] == str(settings.RULESAGE_RETRY_AFTER_SECONDS)
    assert get(f"{base}/static/css/site.css")[0] == 200

    postgres_proxy.forward()
    assert get(uncached)[0] == 200


@pytest.mark.slow
def test_postgres_refusing_connections_still_serves_cached_pages(
    postgres_proxy, cached_site_behind_proxy
):
    base, errors = cached_site_behind_proxy
    cached, uncached = f"{base}/en/corrections/", f"{base}/es/resoluciones/"
    get(cached)
    postgres_proxy.refuse()
    for _attempt in range(3):
        status, headers, _body = get(cached)
        assert (status, headers["X-Page-Cache"]) == (200, "hit")
    # A host whose site nothing remembers, for a page that needs none: still answered.
    status, _headers, body = get(base.replace("127.0.0.1", "localhost") + "/robots.txt?p=2")
    assert status == 200 and "Sitemap:" in body
    status, headers, _body = get(uncached)
    assert status == 503 and headers["Retry-After"]


@pytest.mark.slow
def test_a_request_past_the_worker_timeout_is_ended_and_the_worker_replaced(tmp_path):
    with gunicorn_site(
        tmp_path, app="tests.rulesage.slow_wsgi:application", ready="/", GUNICORN_TIMEOUT="2"
    ) as (base, errors):
        # Ended by gunicorn with its own error page: the client (which waits 20 s) is
        # answered before the application's 42 s are up.
        assert get(f"{base}/?sleep=42")[0] == 500
        assert "WORKER TIMEOUT" in errors.read_text()
        status, _headers, _body = get(f"{base}/")
        assert status == 200  # a new worker serves the next request


def test_the_statement_timeout_from_the_environment_ends_a_slow_query(monkeypatch):
    import psycopg

    from rulesage.settings.base import with_timeouts

    monkeypatch.setenv("DATABASE_STATEMENT_TIMEOUT", "500ms")
    database = with_timeouts({"ENGINE": "django.db.backends.postgresql"})
    assert database["OPTIONS"]["connect_timeout"] == 5
    source = settings.DATABASES["default"]
    with (
        psycopg.connect(
            host=source["HOST"] or "127.0.0.1",
            port=source["PORT"] or 5432,
            user=source["USER"] or "postgres",
            dbname=source["NAME"],
            **database["OPTIONS"],
        ) as connection,
        pytest.raises(psycopg.errors.QueryCanceled, match="statement timeout"),
    ):
        connection.execute("SELECT pg_sleep(5)")
