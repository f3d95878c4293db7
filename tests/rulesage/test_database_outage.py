"""With PostgreSQL stopped, readers get the 503 page with Retry-After and the log gets one
line per failed request; once it is back, pages are served again without a restart.

The test runs its own PostgreSQL (a throw-away cluster in a temporary folder, on a free
port), never the machine's shared one, and serves the site from it with gunicorn and the
production gunicorn.conf.py, in a process of its own.
"""

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
    def __init__(self, folder):
        self.folder = folder
        self.data = folder / "data"
        self.port = free_port()

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
        # The test database's tables and rows (migrated by pytest-django), copied over.
        source = settings.DATABASES["default"]
        dump = subprocess.run(
            ["pg_dump", "--no-owner", "--no-privileges", "-h", source["HOST"] or "127.0.0.1",
             "-p", str(source["PORT"] or 5432), "-U", source["USER"] or "postgres",
             source["NAME"]],
            check=True, capture_output=True,
        ).stdout  # fmt: skip
        as_postgres(PG_BIN / "createdb", "-h", "127.0.0.1", "-p", server.port, "site")
        subprocess.run(
            ["psql", "-q", "-v", "ON_ERROR_STOP=1", server.url("site")],
            input=dump, check=True, capture_output=True,
        )  # fmt: skip
        yield server
    finally:
        subprocess.run(
            [*(["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []),
             PG_BIN / "pg_ctl", "-D", server.data, "-m", "immediate", "stop"],
            capture_output=True,
        )  # fmt: skip
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def site_on_own_postgres(own_postgres, tmp_path):
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "rulesage.settings.test",
        "DATABASE_URL": own_postgres.url("site"),
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_WORKERS": "1",
        "GUNICORN_ACCESS_LOG": "/dev/null",
    }
    errors = tmp_path / "stderr.log"
    with errors.open("w") as stderr:
        server = subprocess.Popen(
            [ROOT / ".venv/bin/gunicorn", "-c", "gunicorn.conf.py", "rulesage.wsgi"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=stderr,
        )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        for _attempt in range(150):
            try:
                urllib.request.urlopen(f"{base}/robots.txt", timeout=5)
                break
            except OSError:
                assert server.poll() is None, errors.read_text()
                time.sleep(0.2)
        yield base, errors
    finally:
        server.terminate()
        server.wait(timeout=30)


def get(url):
    """(status, headers, body) of a GET, whatever the status."""
    try:
        with urllib.request.urlopen(url, timeout=20) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def log_lines(errors, since):
    return errors.read_text().splitlines()[since:]


def test_an_outage_is_a_503_with_retry_after_and_one_log_line_and_the_site_recovers(
    own_postgres, site_on_own_postgres
):
    base, errors = site_on_own_postgres
    pages = [f"{base}/en/corrections/", f"{base}/es/resoluciones/"]
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
