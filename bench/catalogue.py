"""Every kind of reader page and the editors' busiest admin views, on the full catalogue.

    python3 bench/catalogue.py [--scale 1] [--reuse] [--keep] [--repeat 7] [--port 8250]
    python3 bench/catalogue.py --scale 0.25 1 3 [--reuse] [--keep] [--rounds 3]   # growth

One command from a fresh clone (it re-runs itself in the project's virtualenv). Unless
--reuse, it creates the PostgreSQL database BENCH_CATALOGUE_DATABASE_URL (default
postgres://postgres@127.0.0.1:5432/rulesage_bench_catalogue), migrates it and fills it
with `manage.py load_catalogue --scale S` (printing each step's time); --reuse measures a
database an earlier run kept (--keep). Given several scales, it measures each in a database
of its own (the name above with `_0_25`, `_1`, `_3` added) and ends with the growth table:
each page's uncached time and queries at every scale, and the ratio of the largest scale's
time to scale 1's. The machine's pace drifts over a run of several minutes, and a scale
measured in a slow spell reads as growth: --rounds N measures the scales in turn N times,
and the table takes each page's median over the rounds.

Reader pages: two gunicorn servers on loopback under `rulesage.settings.production`, two
sync workers each: one with the page cache off (PAGE_CACHE=0: every request routes,
queries and renders) and one with it on, whose whitenoise also serves each page's HTML,
saved as a static file, as the limit of this machine for the same bytes. Each page is
requested once to warm up, then --repeat times one after the other on each server; the
table gives the median milliseconds of each, uncached and cached as multiples of static,
the SQL queries of one uncached request (Django's test client in-process, same settings)
and the page's size. Every page kind is measured in English and Spanish; lists on their
first and last page.

A walk: --walk addresses sampled at random from all the sitemap files, each requested
once from the uncached server (statuses, median, 95th percentile, slowest, largest).

Admin views: in-process (Django's test client, production settings, a superuser), the
median milliseconds and the queries of one request.

It prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import time
from urllib.parse import urlsplit

from servers import (
    ROOT,
    VENV_PYTHON,
    Server,
    database,
    ensure_environment,
    forget_site_root_paths,
    manage,
    server_env,
)
from servers import slug as file_name

DATABASE_URL = os.environ.get(
    "BENCH_CATALOGUE_DATABASE_URL",
    "postgres://postgres@127.0.0.1:5432/rulesage_bench_catalogue",
)
STATIC_DIR = ROOT / "staticfiles" / "bench-catalogue"

# In-process code, run with `manage.py shell` under production settings.
FIND_PAGES = """
import json
from django.db.models import Count
from django.urls import reverse
from django.utils import translation
from guides.models import GamePage, GuidePage
from catalogue.models import Document, Edition
from rulings.models import Citation, Ruling
from devtools.synthetic_catalogue import FIRST_BGG_ID
from pages.corrections import CorrectionsLog
from core.cache_tags import database_seen

database_seen()  # values remembered from another scale's database (one Redis) are stale
catalogue = Edition.objects.filter(game__bgg_id__gte=FIRST_BGG_ID)
crowded = catalogue.annotate(n=Count("rulings")).order_by("-n").first()
small = catalogue.filter(language="es").order_by("-pk").first()
ruling = Ruling.objects.public().filter(edition=small).first()
cited = (
    Citation.objects.values("ruling").annotate(n=Count("pk")).order_by("-n").first()["ruling"]
)
most_cited = Ruling.objects.get(pk=cited)
document = Document.objects.filter(edition=crowded).first()
game_page = GamePage.objects.live().filter(game=crowded.game).first()
guide = GuidePage.objects.live().child_of(game_page).first()
pages = []


def add(kind, language, url):
    pages.append([kind, language, url])


# The address of a list's last page (`?page=last` is redirected there).
def last_page(url, count, per_page=50):
    number = -(-count // per_page)
    return f"{url}?page={number}" if number > 1 else url


public = Ruling.objects.public()


for language in ("en", "es"):
    with translation.override(language):
        add("home", language, f"/{language}/")
        games = GamePage.objects.get(pk=game_page.pk).get_parent().url
        add("games index", language, games)
        index = GamePage.objects.get(pk=game_page.pk).get_parent()
        games_count = GamePage.objects.child_of(index).live().count()
        add("games index, last page", language, last_page(games, games_count))
        add("game page", language, GamePage.objects.get(pk=game_page.pk).url)
        add("guide", language, GuidePage.objects.get(pk=guide.pk).url)
        add("ruling", language, ruling.get_absolute_url())
        add("ruling with the most citations", language, most_cited.get_absolute_url())
        rulings = reverse("rulings:index")
        add("rulings", language, rulings)
        add("rulings, page 2", language, rulings + "?page=2")
        add("rulings, last page", language, last_page(rulings, public.count()))
        edition = reverse("rulings:edition", kwargs={"code": crowded.code})
        add("crowded edition's rulings", language, edition)
        add("crowded edition's rulings, last page", language,
            last_page(edition, public.filter(edition=crowded).count()))
        add("edition's rulings (a few)", language,
            reverse("rulings:edition", kwargs={"code": small.code}))
        add("errata registry", language, reverse("catalogue:errata", kwargs={"code": crowded.code}))
        passages = reverse("catalogue:document", kwargs={"code": crowded.code, "pk": document.pk})
        add("rulebook's passages", language, passages)
        add("rulebook's passages, last page", language,
            last_page(passages, document.passages.count()))
        ask = reverse("rulings:ask")
        add("ask a question", language, ask + f"?edition={small.code}")
        question = "card+turn+discard+token" if language == "en" else "carta+turno+descartar+ficha"
        add("ask, checking a question on the crowded edition", language,
            ask + f"?edition={crowded.code}&question={question}")
        add("rulings feed", language, reverse("rulings_feed"))
        add("corrections log", language, reverse("corrections_log"))
        add("corrections log, last page", language,
            last_page(reverse("corrections_log"), CorrectionsLog().count()))
        add("corrections feed", language, reverse("corrections_feed"))
        add("search", language, reverse("search") + ("?q=card+turn" if language == "en"
                                                       else "?q=carta+turno"))
        typed = Edition.objects.select_related("game").get(pk=crowded.pk).game.name[:4]
        add("typeahead, games", language, reverse("suggestions") + f"?q={typed}")
        add("typeahead, editions", language,
            reverse("suggestions") + f"?kind=editions&q={typed}")
add("sitemap index", "", "/sitemap.xml")
sizes = {
    "crowded edition": crowded.n,
    "citations of the most cited ruling": most_cited.citations.count(),
    "public rulings": public.count(),
    "game pages": games_count,
}
print(json.dumps([pages, sizes]))
"""

COUNT_QUERIES = """
import json, os
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
settings.RULESAGE_PAGE_CACHE = False
client = Client(HTTP_HOST="127.0.0.1", HTTP_X_FORWARDED_PROTO="https")
counts = {}
for url in json.loads(os.environ["BENCH_URLS"]):
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        status = client.get(url).status_code
    counts[url] = len(queries) if status == 200 else f"HTTP {status}"
print(json.dumps(counts))
"""

ADMIN = """
import json, os, sys
from django.contrib.auth import get_user_model
from django.db.models import Count
from django.test import Client
from django.urls import reverse
from catalogue.models import ErrataCard, Passage
from rulings.models import Citation, ReaderQuestion, Ruling

sys.path.append("bench")  # run from the project's directory: the benchmarks' shared code
from servers import timed_in_process

user, _ = get_user_model().objects.get_or_create(
    username="bench-admin", defaults={"is_superuser": True, "is_staff": True}
)
client = Client(HTTP_HOST="127.0.0.1", HTTP_X_FORWARDED_PROTO="https")
client.force_login(user)
cited = (
    Citation.objects.values("ruling").annotate(n=Count("pk")).order_by("-n").first()["ruling"]
)
rulings = reverse("wagtailsnippets_rulings_ruling:list")
passages = reverse("wagtailsnippets_catalogue_passage:list")


def last(model):
    # Wagtail's listings take a page number only ("last" is the first page).
    return "?p=" + str(-(-model.objects.count() // model.snippet_viewset.list_per_page))


views = [
    ("rulings listing", rulings),
    ("rulings listing, last page", rulings + last(Ruling)),
    ("rulings listing, one edition", rulings + "?edition=" + str(
        Ruling.objects.values("edition").annotate(n=Count("pk")).order_by("-n")[0]["edition"])),
    ("reader-question queue", reverse("reader_questions:index")),
    ("errata cards", reverse("wagtailsnippets_catalogue_erratacard:list")),
    ("passages", passages),
    ("admin search, rulings", rulings + "?q=card+turn"),
    ("admin search, reader questions", reverse("reader_questions:index") + "?q=card+turn"),
    ("admin search, passages", passages + "?q=card+turn"),
    ("passages, last page", passages + last(Passage)),
    ("edit the ruling with the most citations",
     reverse("wagtailsnippets_rulings_ruling:edit", args=[cited])),
    ("admin home (every panel)", reverse("wagtailadmin_home")),
    ("translators' dashboard", reverse("guides_translations") + "?language=es"),
    ("translators' dashboard, behind", reverse("guides_translations")
     + "?language=es&status=behind"),
    ("translators' dashboard, last page", reverse("guides_translations")
     + "?language=es&p=9999&rp=9999"),
]
repeat = int(os.environ["BENCH_REPEAT"])
rows = []
for name, url in views:
    median, _cpu, queries, response = timed_in_process(client, url, repeat)
    rows.append([name, url, response.status_code, median, queries, len(response.content)])
print(json.dumps(rows))
"""


def in_process(database_url, code, **env):
    done = subprocess.run(
        [str(VENV_PYTHON), "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=server_env(database_url, **env),
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(f"In-process measuring failed on {database_url}:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def timed(server, url, repeat):
    server.get(url)
    times, body, status = [], b"", None
    for _ in range(repeat):
        start = time.perf_counter()
        status, body = server.get(url)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), status, body


def locations(server, path):
    """The addresses a sitemap (or sitemap index) at `path` lists, as local paths."""
    status, body = server.get(path)
    found = re.findall(rb"<loc>([^<]+)</loc>", body) if status == 200 else []
    paths = []
    for location in found:
        parts = urlsplit(location.decode().replace("&amp;", "&"))
        paths.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return paths


def sitemap_files(server):
    """The first and the last file the sitemap index lists."""
    files = locations(server, "/sitemap.xml")
    chosen = dict.fromkeys(files[:1] + files[-1:])
    return [[f"sitemap file, {'first' if p == files[0] else 'last'}", "", p] for p in chosen], len(
        files
    )


def walk(server, count, seed=7):
    """`count` addresses sampled from all the sitemap files, each requested once uncached:
    how many answered 200, and the median, 95th percentile and slowest times."""
    files = locations(server, "/sitemap.xml")
    everything = [path for file in files for path in locations(server, file)]
    sample = random.Random(seed).sample(everything, min(count, len(everything)))
    times, statuses, largest = [], {}, 0
    for path in sample:
        start = time.perf_counter()
        status, body = server.get(path)
        times.append((time.perf_counter() - start) * 1000)
        statuses[status] = statuses.get(status, 0) + 1
        largest = max(largest, len(body))
    times.sort()
    print(
        f"\nWalk: {len(sample)} of the {len(everything):,} addresses in {len(files)} sitemap "
        f"files, uncached, once each: statuses {statuses}; median {times[len(times) // 2]:.1f} "
        f"ms, 95th percentile {times[int(len(times) * 0.95)]:.1f} ms, slowest "
        f"{times[-1]:.1f} ms; largest {largest / 1024:.0f} KB"
    )


def database_at(scale, scales):
    """The database for `scale`: DATABASE_URL itself when one scale is measured, else one
    database per scale beside it (rulesage_bench_catalogue_0_25, …_1, …_3)."""
    if len(scales) == 1:
        return DATABASE_URL
    return DATABASE_URL + "_" + f"{scale:g}".replace(".", "_")


def measure(database_url, scale, args):
    """Load (unless --reuse) and measure one scale, printing its tables; {(kind, language):
    (uncached ms, queries)} for the growth table."""
    if not args.reuse:
        print(f"Loading the catalogue at scale {scale} into {database_url}…", flush=True)
        database(database_url, "create")
        manage(database_url, "migrate", "--noinput", "-v", "0")
        manage(database_url, "load_catalogue", "--scale", str(scale), quiet=False)
    forget_site_root_paths()
    measured = {}
    servers = []
    try:
        if not args.admin_only:
            measured = reader_pages(database_url, scale, args, servers)
        rows = in_process(database_url, ADMIN, BENCH_REPEAT=str(args.repeat))
        print(f"\nAdmin views at scale {scale}: in-process, a superuser, median of {args.repeat}\n")
        print("| view | ms | queries | KB |")
        print("|---|---|---|---|")
        for name, url, status, ms, count, size in rows:
            note = "" if status == 200 else f" (HTTP {status}, {url})"
            print(f"| {name}{note} | {ms:.1f} | {count} | {size / 1024:.0f} |", flush=True)
            if status == 200:
                measured[name, "admin"] = (ms, count)
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(STATIC_DIR, ignore_errors=True)
    return measured


def reader_pages(database_url, scale, args, servers):
    """Every reader page uncached, cached and as a static file, printed as a table; the walk."""
    measured = {}
    pages, sizes = in_process(database_url, FIND_PAGES)
    uncached = Server(database_url, args.port + 1, args.workers, PAGE_CACHE="0")
    servers.append(uncached)
    uncached.wait_ready()
    files, sizes["sitemap files"] = sitemap_files(uncached)
    pages += files
    STATIC_DIR.mkdir(parents=True, exist_ok=True)
    for kind, language, url in pages:
        status, body = uncached.get(url)
        if status == 200:
            (STATIC_DIR / f"{file_name(kind + ' ' + language)}.html").write_bytes(body)
    cached = Server(database_url, args.port, args.workers)
    servers.append(cached)
    cached.wait_ready()
    urls = json.dumps([url for *_, url in pages])
    queries = in_process(database_url, COUNT_QUERIES, BENCH_URLS=urls)
    load = os.getloadavg()[0]
    print(f"\nScale {scale}: " + ", ".join(f"{n:,} {name}" for name, n in sizes.items()))
    print(
        f"\nReader pages: gunicorn, {args.workers} sync workers per server, median of "
        f"{args.repeat} requests one after the other; load average {load:.1f}\n"
    )
    print(
        "| page | lang | uncached ms | cached ms | static ms | uncached ÷ static "
        "| cached ÷ static | queries | KB |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for kind, language, url in pages:
        static = f"/static/bench-catalogue/{file_name(kind + ' ' + language)}.html"
        slow, status, body = timed(uncached, url, args.repeat)
        if status != 200:
            answer = f"HTTP {status}" if status else "no answer within 60 s"
            print(f"| {kind} | {language} | {answer} ({url}) | | | | | | |", flush=True)
            continue
        fast, _status, _body = timed(cached, url, args.repeat)
        limit, _status, _body = timed(cached, static, args.repeat)
        measured[kind, language] = (slow, queries[url])
        print(
            f"| {kind} | {language} | {slow:.1f} | {fast:.1f} | {limit:.1f} "
            f"| {slow / limit:.1f} | {fast / limit:.1f} | {queries[url]} "
            f"| {len(body) / 1024:.0f} |",
            flush=True,
        )
    if args.walk:
        walk(uncached, args.walk)
    return measured


def growth(scales, rounds):
    """Each page's uncached time at every scale (the median of the rounds), and the ratio of
    the largest to scale 1."""
    results = {
        s: {
            key: (statistics.median(r[s][key][0] for r in rounds), rounds[0][s][key][1])
            for key in rounds[0][s]
            if all(key in r[s] for r in rounds)
        }
        for s in scales
    }
    base = 1.0 if 1.0 in scales else scales[0]
    top = scales[-1]
    print(f"\nGrowth: uncached ms (queries) at each scale; ratio scale {top:g} ÷ scale {base:g}\n")
    print("| page | lang | " + " | ".join(f"scale {s:g}" for s in scales) + " | ratio |")
    print("|---|---|" + "---|" * len(scales) + "---|")
    worst = 0.0
    for key in results[base]:
        cells = [results[s].get(key) for s in scales]
        ratio = cells[-1][0] / cells[scales.index(base)][0] if cells[-1] else float("nan")
        worst = max(worst, ratio)
        shown = " | ".join(f"{c[0]:.1f} ({c[1]})" if c else "—" for c in cells)
        print(f"| {key[0]} | {key[1]} | {shown} | {ratio:.2f} |")
    print(f"\nLargest ratio: {worst:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--scale",
        type=float,
        nargs="+",
        default=[1.0],
        dest="scales",
        help="one scale, or several for the growth table (e.g. 0.25 1 3)",
    )
    parser.add_argument("--reuse", action="store_true", help="measure kept databases")
    parser.add_argument("--keep", action="store_true", help="keep the databases afterwards")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--walk", type=int, default=300, help="addresses sampled from sitemaps")
    parser.add_argument("--admin-only", action="store_true", help="the admin views alone")
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="measure the scales in turn this many times (the machine's pace drifts): the "
        "growth table gives each page's median",
    )
    parser.add_argument("--port", type=int, default=int(os.environ.get("BENCH_PORT", "8250")))
    args = parser.parse_args()
    ensure_environment(wrk=False)
    # The Spanish pages need the compiled catalogue, which a fresh clone does not have.
    manage(DATABASE_URL, "compile_translations")
    manage(DATABASE_URL, "collectstatic", "--noinput", "-v", "0")
    scales = sorted(args.scales)
    loaded = not args.reuse
    rounds = []
    for _ in range(max(1, args.rounds)):
        rounds.append({s: measure(database_at(s, scales), s, args) for s in scales})
        args.reuse = True  # each scale is loaded once
    if loaded and not args.keep:
        for s in scales:
            database(database_at(s, scales), "drop")
    if len(scales) > 1:
        growth(scales, rounds)


if __name__ == "__main__":
    main()
