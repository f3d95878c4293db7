"""Reader pages under production settings, against the physical limit of the same machine.

    python3 bench/pages.py [--seconds 15] [--connections 16] [--workers N] [--port 8240]
                           [--cold] [--keep]

One command from a fresh clone: it runs `make install` when .venv is missing and re-runs
itself there, installs wrk from Debian when it is missing (root and apt-get, as
scripts/ensure_system_packages.sh does for chromium), creates a PostgreSQL database
(BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/rulesage_bench_pages),
migrates it, loads the demo and collects the static files. Redis is REDIS_URL (default
redis://127.0.0.1:6379/0).

Two gunicorn servers on loopback run `rulesage.settings.production`, each with --workers
sync workers (default: the number of cores):

- the *cached* server (port --port) serves reader pages from the page cache (core.page_cache)
  after the first request, and the static copies below through whitenoise;
- the *uncached* server (port --port + 1) is started with PAGE_CACHE=0: the page cache's
  middleware passes every request through, so every request routes, queries and renders.
  What pages derive from content and remember until the next content change
  (core.page_cache.remembered: the page an address names, the site and header links,
  breadcrumbs, view restrictions, a guide's sources, corrections, versions, change log,
  game and sibling guides and rendered sections, a ruling's citations, errata cards and
  mentions, the home page's lists) is still read from memory once computed, as it is in
  production between content changes; the page's HTML never is.
  Nothing else differs (same settings, Redis, database, workers).
- with --cold, a *cold* server (port --port + 2) is started with PAGE_CACHE=0 REMEMBER=0
  as well: nothing is remembered, every request reads everything from the database, as
  the first request after a content change does.

For each page (home, guide in English and Spanish, a ruling, search) the page's HTML is
saved as a file under STATIC_ROOT before the servers start, so the cached server's
whitenoise serves the very same bytes as a static file: the physical limit of this
machine, server and client for that response. wrk then runs rounds of --seconds each,
static / cached / uncached (/ cold) twice over (A B C A B C), with --connections
connections. The table gives requests/s (the mean of the two rounds) and each as a share
of the static figure, p50 and p99 latency (the worse of the two rounds), and SQL queries per request
(counted in-process with Django's test client under the same settings: a cache hit makes
none). Ports: --port to --port + 2 (default BENCH_PORT, else 8240). A last run puts 64
connections on the cached server for 60 s, all pages in turn, and counts errors. Every
request claims HTTPS through X-Forwarded-Proto, as a proxy in front of production would,
so that no setting redirects it.

It prints figures and asserts nothing. It drops its database at the end (--keep keeps it).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import tempfile

from servers import (
    ROOT,
    VENV_PYTHON,
    Server,
    database,
    ensure_environment,
    forget_site_root_paths,
    slug,
    wrk,
)
from servers import manage as manage_in
from servers import server_env as server_env_for

DATABASE_URL = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/rulesage_bench_pages"
)
STATIC_DIR = ROOT / "staticfiles" / "bench"
SEARCH_URL = "/en/search/?q=permanent+resource"


def server_env(**extra):
    return server_env_for(DATABASE_URL, **extra)


def manage(*args, **extra):
    manage_in(DATABASE_URL, *args, **extra)


def prepare():
    database(DATABASE_URL, "create")
    manage("migrate", "--noinput", "-v", "0")
    manage("update_translation_fields", "-v", "0")
    manage("load_demo", "-v", "0")
    manage("collectstatic", "--noinput", "-v", "0")
    forget_site_root_paths()


def page_urls():
    """The pages measured, found in the demo content (in-process, production settings)."""
    code = """
import json
import os
from django.utils import translation
from guides.models import GuidePage
from rulings.models import Ruling
guide = GuidePage.objects.live().filter(url_path__contains="point-city").first()
with translation.override("es"):
    spanish = guide.get_url()
print(json.dumps({"home": "/en/", "guide (en)": guide.get_url(), "guide (es)": spanish,
    "ruling": Ruling.objects.public().first().get_absolute_url(),
    "search": os.environ["BENCH_SEARCH_URL"]}))
"""
    out = subprocess.run(
        [str(VENV_PYTHON), "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=server_env(BENCH_SEARCH_URL=SEARCH_URL),
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def queries_per_request(urls):
    """{name: (cached, uncached, cold)} SQL queries of one request, after a warm-up request."""
    code = """
import json
import os
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
result = {}
client = Client(HTTP_HOST="127.0.0.1", HTTP_X_FORWARDED_PROTO="https")
for name, url in json.loads(os.environ["BENCH_URLS"]).items():
    counts = []
    for cached, remember in ((True, True), (False, True), (False, False)):
        settings.RULESAGE_PAGE_CACHE = cached
        settings.RULESAGE_REMEMBER = remember
        client.get(url)
        with CaptureQueriesContext(connection) as queries:
            status = client.get(url).status_code
        counts.append(len(queries) if status == 200 else None)
    result[name] = counts
print(json.dumps(result))
"""
    out = subprocess.run(
        [str(VENV_PYTHON), "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=server_env(BENCH_URLS=json.dumps(urls)),
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=15)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--port", type=int, default=int(os.environ.get("BENCH_PORT", "8240")))
    parser.add_argument("--soak-seconds", type=int, default=60)
    parser.add_argument(
        "--cold", action="store_true", help="also measure a server that remembers nothing"
    )
    parser.add_argument("--keep", action="store_true", help="keep the database")
    args = parser.parse_args()
    ensure_environment()

    print(f"Preparing {DATABASE_URL} (migrate, demo, collectstatic)…", flush=True)
    prepare()
    urls = page_urls()
    servers = []
    try:
        # The HTML of each page, saved for whitenoise before the cached server starts
        # (whitenoise lists STATIC_ROOT when it starts).
        uncached = Server(DATABASE_URL, args.port + 1, args.workers, PAGE_CACHE="0")
        servers.append(uncached)
        uncached.wait_ready()
        cold = None
        if args.cold:
            cold = Server(DATABASE_URL, args.port + 2, args.workers, PAGE_CACHE="0", REMEMBER="0")
            servers.append(cold)
            cold.wait_ready()
        STATIC_DIR.mkdir(parents=True, exist_ok=True)
        available = {}
        for name, url in urls.items():
            status, body = uncached.get(url)
            available[name] = status == 200
            if status == 200:
                (STATIC_DIR / f"{slug(name)}.html").write_bytes(body)
        cached = Server(DATABASE_URL, args.port, args.workers)
        servers.append(cached)
        cached.wait_ready()
        queries = queries_per_request({n: u for n, u in urls.items() if available[n]})
        load = os.getloadavg()
        print(
            f"gunicorn: {args.workers} sync workers per server; wrk: 2 threads, "
            f"{args.connections} connections, rounds of {args.seconds} s "
            f"(static, cached, uncached{', cold' if cold else ''}, twice); "
            f"load average before: {load[0]:.1f}",
            flush=True,
        )
        rows = []
        for name, url in urls.items():
            if not available[name]:
                rows.append((name, None))
                continue
            static = f"/static/bench/{slug(name)}.html"
            cached.get(url)  # fills the cache
            kinds = [
                ("static", cached.base, static),
                ("cached", cached.base, url),
                ("uncached", uncached.base, url),
            ]
            if cold:
                kinds.append(("cold", cold.base, url))
            figures = {kind: [] for kind, _base, _path in kinds}
            for _round in range(2):
                for kind, base, path in kinds:
                    figures[kind].append(wrk(base + path, args.seconds, args.connections))
            rows.append((name, figures))
            print(f"  measured {name}", flush=True)

        print()
        columns = ["static", "cached", "uncached"] + (["cold"] if cold else [])
        print(
            "| page | static req/s | cached req/s (% of static) | uncached req/s (% of static) "
            + ("| cold req/s (% of static) " if cold else "")
            + f"| p50 / p99 ms {' · '.join(columns)} | queries {' · '.join(columns[1:])} |"
        )
        print("|---|---|---|---|---|---|" + ("---|" if cold else ""))
        for name, figures in rows:
            if figures is None:
                print(f"| {name} |" + " n/a |" * (len(columns) + 2))
                continue
            mean = {k: sum(r[0] for r in v) / len(v) for k, v in figures.items()}
            p50 = {k: max(r[1] for r in v) for k, v in figures.items()}
            p99 = {k: max(r[2] for r in v) for k, v in figures.items()}
            errors = {k: sum(r[3] for r in v) for k, v in figures.items()}
            latency = " · ".join(f"{p50[k]:.1f} / {p99[k]:.1f}" for k in figures)
            counts = dict(zip(["cached", "uncached", "cold"], queries[name], strict=True))
            cold_cell = (
                f"| {mean['cold']:.0f} ({100 * mean['cold'] / mean['static']:.1f} %) "
                if cold
                else ""
            )
            print(
                f"| {name} | {mean['static']:.0f} "
                f"| {mean['cached']:.0f} ({100 * mean['cached'] / mean['static']:.0f} %) "
                f"| {mean['uncached']:.0f} ({100 * mean['uncached'] / mean['static']:.1f} %) "
                + cold_cell
                + f"| {latency} | {' · '.join(str(counts[k]) for k in columns[1:])} |"
                + (
                    f" errors ({', '.join(columns)}): " + ", ".join(str(n) for n in errors.values())
                    if any(errors.values())
                    else ""
                )
            )

        # 64 connections for a minute on the cached server, every page in turn.
        paths = [url for name, url in urls.items() if available[name]]
        with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
            script.write(
                "local paths = {" + ", ".join(json.dumps(p) for p in paths) + "}\n"
                "local i = 0\n"
                "request = function()\n"
                "  i = i % #paths + 1\n"
                '  return wrk.format("GET", paths[i])\n'
                "end\n"
            )
        rate, p50, p99, errors, requests = wrk(
            cached.base + "/", args.soak_seconds, 64, script=script.name
        )
        os.unlink(script.name)
        load = os.getloadavg()
        print(
            f"\n64 connections, {args.soak_seconds} s, cached server, pages in turn: "
            f"{requests} requests, {rate:.0f} req/s, p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
            f"errors {errors}; load average after: {load[0]:.1f}"
        )
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(STATIC_DIR, ignore_errors=True)
        if not args.keep:
            database(DATABASE_URL, "drop")


if __name__ == "__main__":
    main()
