"""The benchmarks' throw-away PostgreSQL databases, on the server BENCH_DATABASE_URL names
(its database part is ignored; default the local server): each benchmark creates its own
and drops it at the end."""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")


def database_url(name: str) -> str:
    """The address of database ``name`` on the benchmarks' server."""
    parts = urlsplit(SERVER)
    return urlunsplit(parts._replace(path=f"/{name}"))


def admin(sql: str) -> None:
    """Run ``sql`` (CREATE or DROP DATABASE) on the server, outside a transaction."""
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as connection:
        connection.execute(sql)
