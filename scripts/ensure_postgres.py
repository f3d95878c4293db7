"""Find a PostgreSQL server for the tests, starting the local cluster if it is stopped, and
the database DATABASE_URL names (created when the server answers without it).

Prints the DATABASE_URL to use on stdout; on failure prints one line saying what to
provide and exits 1.
"""

import glob
import os
import shutil
import subprocess
import sys
import time

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/postgres"


def reachable(url):
    try:
        with psycopg.connect(url, connect_timeout=3):
            return True
    except psycopg.OperationalError:
        return False


def ensure_database(url, name):
    """Create the project's database if missing (Django's checks connect to it)."""
    with psycopg.connect(url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')


def start_local_cluster():
    """Start the installed Debian cluster (as the machines' own start-up does)."""
    if not shutil.which("pg_ctlcluster"):
        return False
    for version_dir in sorted(glob.glob("/etc/postgresql/*")):
        version = os.path.basename(version_dir)
        subprocess.run(
            ["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "start"],
            capture_output=True,
            check=False,
        )
    return True


def main():
    url = os.environ.get("DATABASE_URL")
    if url:
        if not reachable(url):
            # The server may answer without the named database: create it, as below.
            server = make_conninfo(url, dbname="postgres")
            if not reachable(server):
                print(f"DATABASE_URL is set but no PostgreSQL answers at {url}.", file=sys.stderr)
                return 1
            ensure_database(server, conninfo_to_dict(url)["dbname"])
        print(url)
        return 0
    if not reachable(DEFAULT_URL) and start_local_cluster():
        for _ in range(20):
            if reachable(DEFAULT_URL):
                break
            time.sleep(0.5)
    if reachable(DEFAULT_URL):
        ensure_database(DEFAULT_URL, "rulesage")
        print("postgres://postgres@127.0.0.1:5432/rulesage")
        return 0
    print(
        "No PostgreSQL reachable: start one on 127.0.0.1:5432 (user postgres, trust auth) "
        "or set DATABASE_URL=postgres://USER:PASSWORD@HOST:PORT/DBNAME.",
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
