"""Uncached reader throughput with one database server, and with a streaming replica
taking the reader load.

    python3 bench/replica.py [--scale 1] [--seconds 20] [--connections 8] [--workers N]

It runs its own PostgreSQL 15 primary (port BENCH_PRIMARY_PORT, default 55434) in a
temporary folder, as the postgres user when run as root (PostgreSQL refuses root), never
the machine's shared server; migrates a database `rulesage_replica_bench` there and loads
the catalogue at --scale (`load_catalogue`, minutes at scale 1); then takes a hot standby
from it with pg_basebackup (port + 1). One gunicorn (BENCH_PORT, default 58105; production
settings, PAGE_CACHE=0: every request routes, queries and renders; remembered values stay
on, as between content changes) serves the reader pages in turn to wrk, twice: without
DATABASE_REPLICA_URL, and with it. For each run it prints requests/s, p50 and p99, and the
queries each server ran (its committed transactions: every query of a web request is one).

It prints figures and asserts nothing; the servers and their folder are removed at the end.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from servers import ROOT, VENV_PYTHON, Server, ensure_environment, manage, server_env, wrk

PG_BIN = Path("/usr/lib/postgresql/15/bin")
PRIMARY_PORT = int(os.environ.get("BENCH_PRIMARY_PORT", "55434"))
WEB_PORT = int(os.environ.get("BENCH_PORT", "58105"))
NAME = "rulesage_replica_bench"


def as_postgres(*command):
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    subprocess.run([*prefix, *map(str, command)], check=True, capture_output=True)


class Cluster:
    def __init__(self, folder, port):
        self.folder, self.data, self.port = folder, folder / "data", port

    def start(self):
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        as_postgres(PG_BIN / "pg_ctl", "-D", self.data, "-o", options,
                    "-l", self.folder / "server.log", "-w", "start")  # fmt: skip

    def stop(self):
        if self.data.exists():
            as_postgres(PG_BIN / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")

    def url(self, name=NAME):
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def transactions(self):
        query = f"SELECT xact_commit FROM pg_stat_database WHERE datname = '{NAME}'"
        out = subprocess.run(
            ["psql", "-XAtc", query, self.url("postgres")],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
        return int(out.stdout.strip())


def reader_paths(database_url):
    code = """
import json
from django.utils import translation
from guides.models import GamePage
from rulings.models import Ruling
first, last = Ruling.objects.public().order_by("pk")[:1][0], Ruling.objects.public().latest("pk")
edition = last.edition
game = GamePage.objects.live().order_by("-pk").first()
paths = ["/en/", "/en/rulings/", first.get_absolute_url(), last.get_absolute_url(),
         edition.get_absolute_url(), game.get_url()]
with translation.override("es"):
    paths += [last.get_absolute_url(), edition.get_absolute_url()]
print(json.dumps(paths))
"""
    out = subprocess.run(
        [str(VENV_PYTHON), "manage.py", "shell", "-c", code],
        cwd=ROOT, env=server_env(database_url), check=True, capture_output=True, text=True,
    )  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=float, default=1)
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    args = parser.parse_args()
    ensure_environment()

    folder = Path(tempfile.mkdtemp(prefix="rulesage-bench-replica-"))
    primary = Cluster(folder / "primary", PRIMARY_PORT)
    standby = Cluster(folder / "standby", PRIMARY_PORT + 1)
    for path in (folder, primary.folder, standby.folder):
        path.mkdir(exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(path, "postgres", "postgres")
    try:
        as_postgres(PG_BIN / "initdb", "-D", primary.data, "-U", "postgres", "--auth=trust",
                    "-E", "UTF8", "--no-sync")  # fmt: skip
        primary.start()
        as_postgres(PG_BIN / "createdb", "-h", "127.0.0.1", "-p", primary.port, NAME)
        started = time.monotonic()
        manage(primary.url(), "migrate", "--noinput", "-v", "0")
        manage(primary.url(), "load_catalogue", "--scale", str(args.scale))
        manage(primary.url(), "collectstatic", "--noinput", "-v", "0")
        print(f"scale {args.scale} loaded in {time.monotonic() - started:.0f} s")
        as_postgres(PG_BIN / "pg_basebackup", "-h", "127.0.0.1", "-p", primary.port,
                    "-U", "postgres", "-D", standby.data, "-R", "-X", "stream",
                    "--checkpoint=fast")  # fmt: skip
        standby.start()
        paths = reader_paths(primary.url())
        script = folder / "paths.lua"
        script.write_text(
            "local paths = {" + ", ".join(json.dumps(p) for p in paths) + "}\n"
            "local i = 0\n"
            "request = function()\n"
            "  i = i % #paths + 1\n"
            '  return wrk.format("GET", paths[i])\n'
            "end\n"
        )
        print(
            f"{len(paths)} reader pages in turn, uncached; gunicorn {args.workers} sync "
            f"workers; wrk 2 threads, {args.connections} connections, {args.seconds} s; "
            f"primary and standby on this machine ({os.cpu_count()} cores)"
        )
        print("| database | req/s | p50 ms | p99 ms | errors | primary queries | replica queries |")
        print("|---|---|---|---|---|---|---|")
        for label, extra in (
            ("primary alone", {}),
            ("replica for readers", {"DATABASE_REPLICA_URL": standby.url()}),
        ):
            server = Server(primary.url(), WEB_PORT, args.workers, PAGE_CACHE="0", **extra)
            try:
                server.wait_ready()
                for path in paths:  # once each first: what is remembered is computed
                    server.get(path)
                before = primary.transactions(), standby.transactions()
                rate, p50, p99, errors, _requests = wrk(
                    server.base + "/", args.seconds, args.connections, script=str(script)
                )
                after = primary.transactions(), standby.transactions()
            finally:
                server.stop()
            print(
                f"| {label} | {rate:.0f} | {p50:.1f} | {p99:.1f} | {errors} "
                f"| {after[0] - before[0]} | {after[1] - before[1]} |"
            )
    finally:
        for cluster in (standby, primary):
            with contextlib.suppress(subprocess.CalledProcessError):
                cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
