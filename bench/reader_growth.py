"""The reader pages that grow with the catalogue: each sitemap section's largest file, the
sitemap index, and answered-before recall on the biggest edition.

    DATABASE_URL=postgres://…/a_loaded_catalogue .venv/bin/python bench/reader_growth.py

In-process under production settings (Django's test client, the page cache off, remembered
values on in REDIS_URL's Redis, default db 0): each file is asked for once untimed, then
--repeat times; the table gives the median milliseconds, the size and the SQL queries of one
request (and, for the index and a rulings file, as after a change, nothing remembered).
Recall asks --questions questions made as the synthetic catalogue makes its own, in
the edition's language and in the other (carried over), p50 and p95. Read-only: it writes
nothing to the database (the lists' tag is moved on in Redis), and asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def setup():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesage.settings.production")
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-not-for-production-use-0123")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    os.environ.setdefault("PAGE_CACHE", "0")
    os.environ.setdefault("LOG_LEVEL", "ERROR")
    import django

    django.setup()


def timed(call, repeat):
    call()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def sitemaps(repeat):
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from core.cache_tags import LISTS, move_on

    client = Client(HTTP_X_FORWARDED_PROTO="https")

    def row(name, path, changed=False):
        def get():
            if changed:  # as after a ruling is published: nothing counted is remembered
                move_on({LISTS})
            return client.get(path)

        ms = timed(get, repeat)
        with CaptureQueriesContext(connection) as queries:
            response = get()
        assert response.status_code == 200, (path, response.status_code)
        size = len(response.content) / 1024
        print(f"| {name} | {ms:.1f} | {size:.0f} | {len(queries)} |", flush=True)
        return response.content

    print("| file | uncached ms | KB | queries |\n|---|---|---|---|")
    index = row("sitemap index", "/sitemap.xml")
    row("sitemap index, the lists just changed", "/sitemap.xml", changed=True)
    files = [loc.text for loc in ElementTree.fromstring(index).iter(f"{SITEMAP}loc")]
    first = {}
    for url in files:
        parts = urlsplit(url)
        section = parts.path.split("sitemap-", 1)[-1].removesuffix(".xml")
        first.setdefault(section, (parts.path + (f"?{parts.query}" if parts.query else ""), 0))
        first[section] = (first[section][0], first[section][1] + 1)
    for section, (path, count) in first.items():
        if section.endswith("-en"):
            row(f"{section} (file 1 of {count})", path)
            if section == "rulings-en":
                row(f"{section}, the lists just changed", path, changed=True)


def recall(questions):
    from django.db.models import Count
    from django.utils import translation

    from catalogue.models import Edition
    from devtools.synthetic_catalogue.words import EN, ES, QUESTION_FORMS
    from rulings.models import Ruling
    from rulings.recall import answered_before

    rng = random.Random(7)
    biggest = (
        Ruling.objects.public().values("edition").order_by().annotate(n=Count("pk"))
    ).order_by("-n")[0]
    edition = Edition.objects.get(pk=biggest["edition"])
    print(f"\nrecall on {edition.code} ({biggest['n']:,} public rulings), {questions} questions")
    for language in (edition.language, "es" if edition.language == "en" else "en"):
        vocab = EN if language == "en" else ES
        asked = [
            rng.choice(QUESTION_FORMS[language]).format(
                a=rng.choice(vocab[:60]), b=rng.choice(vocab)
            )
            for _ in range(questions)
        ]
        times = []
        with translation.override(language):
            answered_before(edition, asked[-1])  # a running server's, not a first query's
            for question in asked:
                start = time.perf_counter()
                answered_before(edition, question)
                times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(
            f"| question in {language} | p50 {statistics.median(times):.1f} ms | p95 {p95:.1f} ms |"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--questions", type=int, default=50)
    args = parser.parse_args()
    setup()
    print(f"load average {os.getloadavg()}")
    sitemaps(args.repeat)
    recall(args.questions)
    print(f"load average {os.getloadavg()}")


if __name__ == "__main__":
    main()
