"""A soak: the site under mixed load for half an hour, minute by minute.

    python3 bench/soak.py [--minutes 30] [--database NAME_OR_URL] [--scale 1]
                          [--redis-url redis://127.0.0.1:6379/0] [--port 8260] [--workers N]
                          [--postgres-hang AT:SECONDS] [--redis-outage AT:SECONDS]

One command from a fresh clone (it re-runs itself in the project's virtualenv). The
database is the catalogue's (BENCH_CATALOGUE_DATABASE_URL, default
postgres://postgres@127.0.0.1:5432/rulesage_bench_catalogue, as bench/catalogue.py makes
it) or --database (a name on that server, or a URL); when it does not exist it is created,
migrated and filled with `manage.py load_catalogue --scale S`, and kept afterwards. The
soak adds to it: rulings, questions, revisions.

gunicorn serves the site under `rulesage.settings.production` (and gunicorn.conf.py) on
loopback, --workers sync workers, the page cache in --redis-url, with
RULESAGE_TRUSTED_PROXIES=1, so that the X-Forwarded-For of each request names its client
as a proxy would; the task worker (`manage.py db_worker`) runs beside it. For --minutes:

- readers fetch pages sampled from the sitemap files (home, lists, game pages, guides,
  editions, errata, rulebooks, rulings; English and Spanish), popular pages more often;
- searchers search in English and Spanish for one to three of the catalogue's words;
- askers send questions through the ask form (form, CSRF token, POST, confirmation), each
  from a fresh address except every fifth, from one address that keeps sending: its
  refusals (429) past the limit are the limit working and counted apart;
- every 30 s `manage.py import_rulings` imports two newly generated exports (new rulings),
  in a process of its own;
- every minute an editor edits, in a process of its own: a guide one minute (its summary
  changed and a new revision published, `revision.publish()`), a ruling the next (its
  answer changed and its revision saved), as the admin's editors do.

--readers, --searchers and --askers threads (6, 2, 1) each pause a random time between
requests, --pause (0.1 s) on average, --ask-pause (5 s) for askers; readers read
--pages (2,000) addresses sampled from the sitemap files, a few popular, most rarely.

Faults (soak_faults.py): --postgres-hang 3:20 makes PostgreSQL stop answering at minute 3
for 20 s (connections accepted and held, nothing passed on), --redis-outage 6:20 makes
Redis refuse connections at minute 6 for 20 s. The web processes and the task worker then
reach that server through a proxy the soak runs, on the ports after --port.

Each minute it prints a row: the faults it saw, requests, p50 and p99 milliseconds, the
share of page-cache hits, 5xx (or no answer) on pages readers knew cached and on the others,
errors by status, questions sent and refused, imports and edits done, the gunicorn
workers' resident memory, connections to the database, Redis's used_memory and keys. After
the load it waits up to DRAIN_SECONDS for the tasks queued during the run to be done. At
the end: a summary (with the task worker alive or not, and the tasks queued, run, failed and
still waiting) and the table again, to paste into bench/README.md. It exits non-zero when a
page readers knew cached got a 5xx, a request got no answer or a 5xx other than the 503
with Retry-After of an unavailable server (expected during a fault), an import or edit
failed, the task worker died, or a task failed or never ran.

Give it a Redis of its own (its used_memory is the whole server's), e.g.
`redis-server --port 8129 --save '' --appendonly no --maxmemory 256mb
--maxmemory-policy allkeys-lru --daemonize yes` and --redis-url redis://127.0.0.1:8129/0,
and stop it after (`redis-cli -p 8129 shutdown`).
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from servers import ROOT, VENV_PYTHON, Server, database, ensure_environment, manage, server_env
from soak_faults import Faults, fault
from soak_figures import HEADER, RULE, Figures, Gauges, markdown, row, shown, summary
from soak_load import Load

DATABASE_URL = os.environ.get(
    "BENCH_CATALOGUE_DATABASE_URL",
    "postgres://postgres@127.0.0.1:5432/rulesage_bench_catalogue",
)
IMPORT_EVERY = 30  # seconds
EDIT_EVERY = 60
IMPORT_FILES = 2
DRAIN_SECONDS = 120  # after the load, how long the task queue has to empty

# --------------------------------------------------------------------------- the site


def database_url(value):
    if value is None:
        return DATABASE_URL
    if "://" in value:
        return value
    return urlunsplit(urlsplit(DATABASE_URL)._replace(path=f"/{value}"))


def has_catalogue(url):
    """True when the database exists and holds rulings; False when it does not exist."""
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=5) as connection:
            found = connection.execute(
                "SELECT to_regclass('rulings_ruling') IS NOT NULL"
            ).fetchone()[0]
            query = "SELECT EXISTS (SELECT 1 FROM rulings_ruling)"
            if found and connection.execute(query).fetchone()[0]:
                return True
    except psycopg.OperationalError as error:
        if "does not exist" in str(error):
            return False
        raise
    sys.exit(f"{url} exists but holds no catalogue: drop it, or name another --database.")


def prepare(url, scale, redis_url):
    manage(url, "compile_translations")  # the Spanish pages need the compiled catalogue
    if has_catalogue(url):
        print(f"Reusing {url}", flush=True)
        manage(url, "migrate", "--noinput", "-v", "0", REDIS_URL=redis_url)
    else:
        print(f"Loading the catalogue (--scale {scale}) into {url}…", flush=True)
        database(url, "create")
        manage(url, "migrate", "--noinput", "-v", "0", REDIS_URL=redis_url)
        manage(url, "load_catalogue", "--scale", str(scale), quiet=False, REDIS_URL=redis_url)
    manage(url, "collectstatic", "--noinput", "-v", "0")


def in_process(url, redis_url, *args):
    """Run this file's --worker mode under production settings; its last line, as JSON."""
    done = subprocess.run(
        [str(VENV_PYTHON), __file__, "--worker", *args],
        cwd=ROOT,
        env=server_env(url, REDIS_URL=redis_url),
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "failed")
    return json.loads(done.stdout.strip().splitlines()[-1])


def worker(mode, *args):
    """In a process of its own, with Django: what the load needs, or one editor's edit."""
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    import soak_site

    print(json.dumps(getattr(soak_site, mode)(*args)))


def locations(body):
    paths = []
    for location in re.findall(rb"<loc>([^<]+)</loc>", body):
        parts = urlsplit(location.decode().replace("&amp;", "&"))
        paths.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return paths


def sample_pages(server, count, rng):
    """`count` reader addresses from the sitemap files, as many of each section as can be
    (pages, lists, editions, errata, rulebooks, rulings; each language), home first.
    Of a section in several files, the first and one other are read."""
    status, body = server.get("/sitemap.xml")
    if status != 200:
        raise RuntimeError(f"/sitemap.xml answered {status}")
    sections = {}
    for path in locations(body):
        sections.setdefault(path.split("?")[0], []).append(path)
    found = []
    for files in sections.values():
        chosen = files[:1] + (rng.sample(files[1:], 1) if len(files) > 1 else [])
        addresses = []
        for path in chosen:
            status, body = server.get(path)
            addresses += locations(body) if status == 200 else []
        rng.shuffle(addresses)
        found.append(addresses)
    # One of each section in turn, until a section runs out.
    interleaved = [a for group in itertools.zip_longest(*found) for a in group if a]
    pages = list(dict.fromkeys(["/en/", "/es/", *interleaved]))[:count]
    popular, rest = pages[:2], pages[2:]
    rng.shuffle(rest)  # so that popularity does not follow the section
    return popular + rest


# --------------------------------------------------------------------------- jobs


def import_exports(url, redis_url, number, figures):
    """Import IMPORT_FILES exports never imported before; each must add or change a ruling."""
    from generated_exports import make_text_export

    rng, start = random.Random(number), time.monotonic()
    with tempfile.TemporaryDirectory(prefix="rulesage-soak-") as folder:
        for k in range(IMPORT_FILES):
            # Unique across runs; never a multiple of 20 (those all ask "How do I play?").
            i = number * 100 + k + 1
            Path(folder, f"soak-{i}.txt").write_text(make_text_export(rng, i), encoding="utf-8")
        done = subprocess.run(
            [str(VENV_PYTHON), "manage.py", "import_rulings", folder, "--no-progress"],
            cwd=ROOT,
            env=server_env(url, REDIS_URL=redis_url),
            capture_output=True,
            text=True,
        )
    summary = re.search(r"(\d+) new, (\d+) updated", done.stdout)
    if done.returncode or not summary or sum(int(n) for n in summary.groups()) == 0:
        figures.error("import failed")
        print(done.stdout[-2000:] + done.stderr[-2000:], file=sys.stderr)
    else:
        figures.job("import", time.monotonic() - start)


def edit(url, redis_url, number, figures):
    start = time.monotonic()
    try:
        in_process(url, redis_url, "edit", str(number))
    except RuntimeError as error:
        figures.error("edit failed")
        print(f"edit {number}: {error}", file=sys.stderr)
    else:
        figures.job("edit", time.monotonic() - start)


def every(seconds, offset, job, stop, then):
    """Run `job(n)` and `then()` at offset, offset + seconds, …, one after the other, until
    `stop`."""
    start, number = time.monotonic(), 0
    while not stop.wait(max(0.0, start + offset + number * seconds - time.monotonic())):
        job(number)
        then()
        number += 1


def drain(url, redis_url, since, task_worker):
    """The tasks queued since `since`, once none waits or after DRAIN_SECONDS (sooner when
    the worker has died); None when the queue cannot be read."""
    start = time.monotonic()
    while True:
        try:
            tasks = in_process(url, redis_url, "tasks", since)
        except RuntimeError as error:
            print(f"The task queue: {error}", file=sys.stderr)
            return None
        tasks["waited"] = time.monotonic() - start
        if (
            not tasks["waiting"]
            or tasks["waited"] > DRAIN_SECONDS
            or task_worker.poll() is not None
        ):
            return tasks
        time.sleep(2)


# --------------------------------------------------------------------------- the run


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=int, default=30)
    parser.add_argument("--database", help="a database name on the catalogue's server, or a URL")
    parser.add_argument("--scale", type=float, default=1.0, help="of a catalogue loaded here")
    parser.add_argument(
        "--redis-url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    )
    parser.add_argument("--port", type=int, default=int(os.environ.get("BENCH_PORT", "8260")))
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1) + 1)
    parser.add_argument("--readers", type=int, default=6, help="threads reading pages")
    parser.add_argument("--searchers", type=int, default=2, help="threads searching")
    parser.add_argument("--askers", type=int, default=1, help="threads sending questions")
    parser.add_argument("--ask-pause", type=float, default=5, help="mean seconds between questions")
    parser.add_argument("--pause", type=float, default=0.1, help="mean seconds between requests")
    parser.add_argument("--pages", type=int, default=2000, help="addresses read from sitemaps")
    for name, what in (
        ("postgres-hang", "PostgreSQL stops answering"),
        ("redis-outage", "Redis refuses"),
    ):
        parser.add_argument(
            f"--{name}",
            type=fault,
            metavar="AT:SECONDS",
            help=f"{what} at minute AT (from the start of the load), for SECONDS",
        )
    parser.add_argument("--worker", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(*args.worker)
    for name in ("postgres_hang", "redis_outage"):
        if getattr(args, name) and getattr(args, name)[0] >= args.minutes * 60:
            parser.error(f"--{name.replace('_', '-')} starts after the run's {args.minutes} min")
    ensure_environment(wrk=False)
    url = database_url(args.database)
    prepare(url, args.scale, args.redis_url)
    site = in_process(url, args.redis_url, "site")
    faults = Faults(url, args.redis_url, args.postgres_hang, args.redis_outage, args.port)
    server = Server(
        faults.database_url,
        args.port,
        args.workers,
        REDIS_URL=faults.redis_url,
        RULESAGE_TRUSTED_PROXIES="1",
    )
    task_worker = subprocess.Popen(
        [str(VENV_PYTHON), "manage.py", "db_worker", "-v", "0"],
        cwd=ROOT,
        env=server_env(faults.database_url, REDIS_URL=faults.redis_url),
        stdout=subprocess.DEVNULL,
    )
    rows, gauges, stop, tasks, worker_alive = [], None, threading.Event(), None, False
    try:
        server.wait_ready()
        pages = sample_pages(server, args.pages, random.Random(7))
        gauges = Gauges(url, args.redis_url, server.process.pid)
        figures = Figures()
        load = Load(args.port, site, pages, figures, tuple(site["limit"]), seed=int(time.time()))
        print(
            f"\n{args.minutes} min on {url}: gunicorn {args.workers} sync workers; "
            f"{args.readers} readers of {len(pages):,} pages, {args.searchers} searchers, "
            f"{args.askers} askers; pauses ≈ {args.pause} s, ≈ {args.ask_pause} s between "
            f"questions; an import every {IMPORT_EVERY} s, "
            f"an edit every {EDIT_EVERY} s; Redis {args.redis_url}; "
            f"faults: {faults.describe() or 'none'}; "
            f"load average {os.getloadavg()[0]:.1f}",
            flush=True,
        )
        before = gauges.read()
        print(
            f"Before the load: workers RSS {before['rss']:.0f} MB ({before['workers']}), "
            f"PG connections {shown(before['connections'], '')}, "
            f"Redis {shown(before['redis'], '.1f')} MB, {shown(before['keys'], ',')} keys\n",
            flush=True,
        )
        print(HEADER + "\n" + RULE, flush=True)
        figures.start = time.monotonic()
        since = datetime.datetime.now(datetime.UTC).isoformat()
        faults.start(figures.start)
        threads = load.start(args.readers, args.searchers, args.askers, args.pause, args.ask_pause)
        base = int(time.time())  # import numbers never used before, on a kept database
        jobs = [
            (IMPORT_EVERY, 15, lambda n: import_exports(url, args.redis_url, base + n, figures)),
            (EDIT_EVERY, 40, lambda n: edit(url, args.redis_url, base + n, figures)),
        ]
        for seconds, offset, job in jobs:
            schedule = (seconds, offset, job, stop, load.content_changed)
            threads.append(threading.Thread(target=every, args=schedule))
            threads[-1].start()
        try:
            for minute in range(1, args.minutes + 1):
                time.sleep(max(0.0, figures.start + minute * 60 - time.monotonic()))
                rows.append(row(minute, figures, gauges.read(), faults.in_minute(minute)))
                print(markdown(rows[-1]), flush=True)
        except KeyboardInterrupt:
            print("Interrupted: the minutes so far.", flush=True)
        load.stop.set()
        stop.set()
        for thread in threads:  # an import or edit under way finishes, with its tasks
            thread.join(timeout=120)
        faults.end()
        print(f"Waiting for the task queue to drain (up to {DRAIN_SECONDS} s)…", flush=True)
        tasks = drain(url, args.redis_url, since, task_worker)
        worker_alive = task_worker.poll() is None
    finally:
        stop.set()
        faults.close()
        server.stop()
        task_worker.terminate()
        task_worker.wait(timeout=30)
        if gauges:
            gauges.close()
    return summary(rows, figures, gauges, worker_alive, tasks)


if __name__ == "__main__":
    sys.exit(main())
