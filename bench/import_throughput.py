"""How fast `import_rulings` takes in a folder of exports, and how much memory it needs.

    .venv/bin/python bench/import_throughput.py [--files 1000] [--repeat 3]

Generates varied exports (text and JSON; 0 to 20 citations; shared and new passages; the
same question asked again at another time; long provenance parts like the seeds') into a
temporary folder, creates a throw-away PostgreSQL database (from BENCH_DATABASE_URL's
server, default postgres://postgres@127.0.0.1:5432), migrates it once, and imports each
folder into a fresh copy of it with the real command in a process of its own. It prints
exports/s, files, wall time, peak memory (resident set of that process, measured from just
before the command) and database queries per file, at 100 files and at --files, each run
--repeat times (the median is shown), and a second, unchanged re-import; first, how fast
the machine runs plain Python and PostgreSQL today. The page cache the import makes stale
is in Redis, as in production: a redis-server of the benchmark's own, on a free port.
It drops its databases and folder at the end and asserts nothing: the figures are for
reading.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generated_exports import generate
from throwaway_databases import SERVER, admin, database_url

ROOT = Path(__file__).resolve().parent.parent
# Not counted as queries: the per-file transaction's own statements.
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")

# --------------------------------------------------------------------------- databases


def manage_env(url: str) -> dict:
    return {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "rulesage.settings.dev",
        "DEBUG": "0",
    }


# --------------------------------------------------------------------------- one import


def worker(folder: str) -> None:
    """Run in a process of its own: import ``folder`` once and print the figures as JSON."""
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import CommandError, call_command
    from django.db import connection

    queries = 0

    def count(execute, sql, params, many, context):
        nonlocal queries
        if not sql.lstrip().upper().startswith(TRANSACTION_CONTROL):
            queries += 1
        return execute(sql, params, many, context)

    files = sum(1 for p in Path(folder).iterdir() if p.suffix in {".txt", ".json"})
    connection.ensure_connection()
    reset_peak_rss()
    start_rss = rss("VmRSS")
    ok = True
    with open(os.devnull, "w") as devnull, connection.execute_wrapper(count):
        start = time.perf_counter()
        try:
            call_command("import_rulings", folder, "--no-progress", stdout=devnull, stderr=devnull)
        except CommandError:
            ok = False
        wall = time.perf_counter() - start
    print(
        json.dumps(
            {
                "files": files,
                "wall": wall,
                "queries": queries,
                "peak_rss": rss("VmHWM"),
                "start_rss": start_rss,
                "ok": ok,
            }
        )
    )


def reset_peak_rss() -> None:
    """Start the peak (VmHWM) from the current resident set, so set-up does not count."""
    with open("/proc/self/clear_refs", "w") as handle:
        handle.write("5")


def rss(field: str) -> int:
    """A /proc/self/status memory figure in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    return 0


def run_import(url: str, folder: Path) -> dict:
    done = subprocess.run(
        [sys.executable, __file__, "--worker", str(folder)],
        env=manage_env(url),
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


# --------------------------------------------------------------------------- main


def machine_speed() -> str:
    """How fast this machine is today, for comparing figures taken on other days: the same
    machine has run the same import at twice the speed on another day. Pure Python (ten
    million additions) and PostgreSQL (counting twenty million rows), best of three."""
    import psycopg

    def python() -> None:
        total = 0
        for number in range(10_000_000):
            total += number

    def database() -> None:
        with psycopg.connect(SERVER, autocommit=True) as conn:
            conn.execute("SELECT count(*) FROM generate_series(1, 20000000)").fetchone()

    def best(work) -> float:
        times = []
        for _ in range(3):
            start = time.perf_counter()
            work()
            times.append(time.perf_counter() - start)
        return min(times)

    return (
        f"machine: 10M Python additions {best(python):.2f} s, "
        f"PostgreSQL counting 20M rows {best(database):.2f} s"
    )


def report(label: str, runs: list[dict]) -> None:
    walls = [r["wall"] for r in runs]
    wall = statistics.median(walls)
    files = runs[0]["files"]
    peak = statistics.median(r["peak_rss"] for r in runs) / 1e6
    growth = statistics.median(r["peak_rss"] - r["start_rss"] for r in runs) / 1e6
    queries = statistics.median(r["queries"] for r in runs) / files
    spread = f"{min(walls):.1f}–{max(walls):.1f}" if len(runs) > 1 else f"{wall:.1f}"
    status = "" if all(r["ok"] for r in runs) else "  (some files refused!)"
    print(
        f"{label:28} {files:6} {files / wall:10.1f} {wall:8.2f} s ({spread}, n={len(runs)})"
        f" {peak:8.1f} MB (+{growth:.1f}) {queries:9.1f}{status}"
    )


@contextlib.contextmanager
def own_redis():
    """A redis-server for this run alone (nothing saved to disk), stopped at the end."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", ""],
        stdout=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            with socket.socket() as client:
                if client.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker)
        return

    template = f"rulesage_bench_{os.getpid()}"
    runs_db = f"{template}_run"
    with tempfile.TemporaryDirectory(prefix="rulesage-bench-") as tmp, own_redis() as redis_url:
        os.environ["REDIS_URL"] = redis_url
        small, large = Path(tmp) / "100", Path(tmp) / str(args.files)
        size = generate(large, args.files, args.seed)
        generate(small, 100, args.seed)
        print(
            f"{args.files} generated exports, {size / args.files / 1000:.1f} kB each on average "
            f"(every 7th JSON), seed {args.seed}"
        )
        print(machine_speed())
        admin(f'CREATE DATABASE "{template}"')
        try:
            subprocess.run(
                [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
                env=manage_env(database_url(template)),
                cwd=ROOT,
                check=True,
                capture_output=True,  # wagtail-modeltranslation reports its columns
            )
            print(
                f"{'run':28} {'files':>6} {'exports/s':>10} {'wall':>8}"
                f"{'':21} {'peak RSS':>11} {'queries/file':>12}"
            )
            for folder in (small, large):
                runs, again = [], []
                for _ in range(args.repeat):
                    admin(f'CREATE DATABASE "{runs_db}" TEMPLATE "{template}"')
                    try:
                        runs.append(run_import(database_url(runs_db), folder))
                        again.append(run_import(database_url(runs_db), folder))
                    finally:
                        admin(f'DROP DATABASE IF EXISTS "{runs_db}" WITH (FORCE)')
                report(f"import {folder.name} (new)", runs)
                report(f"re-import {folder.name} (unchanged)", again)
        finally:
            admin(f'DROP DATABASE IF EXISTS "{runs_db}" WITH (FORCE)')
            admin(f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)')


if __name__ == "__main__":
    main()
