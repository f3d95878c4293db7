"""`make test` finds its PostgreSQL through scripts/ensure_postgres.py: a DATABASE_URL naming
a database the server does not have yet is created, a server that does not answer is
named in one line."""

import os
import socket
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
from django.conf import settings

SCRIPT = Path(settings.BASE_DIR) / "scripts" / "ensure_postgres.py"


def run(url):
    return subprocess.run(
        [sys.executable, str(SCRIPT)],
        env={**os.environ, "DATABASE_URL": url},
        capture_output=True,
        text=True,
        timeout=60,
    )


def server_url(name):
    database = settings.DATABASES["default"]
    host, port = database["HOST"] or "127.0.0.1", database["PORT"] or 5432
    return f"postgres://{database['USER']}@{host}:{port}/{name}"


def test_a_missing_named_database_is_created():
    name = f"rulesage_ensure_{uuid.uuid4().hex[:8]}"
    maintenance = psycopg.connect(server_url("postgres"), autocommit=True)
    try:
        result = run(server_url(name))
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == server_url(name)
        found = "SELECT 1 FROM pg_database WHERE datname = %s"
        assert maintenance.execute(found, [name]).fetchone()
    finally:
        maintenance.execute(f'DROP DATABASE IF EXISTS "{name}"')
        maintenance.close()


def test_no_server_is_one_line_saying_where():
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgres://postgres@127.0.0.1:{port}/rulesage"
    result = run(url)
    assert result.returncode == 1
    assert result.stderr.strip() == f"DATABASE_URL is set but no PostgreSQL answers at {url}."
