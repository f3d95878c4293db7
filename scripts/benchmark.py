"""Print timing and query figures for the pages readers hit most.

It migrates and loads the demo into the database it is given, e.g.
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/rulesage_bench \
        .venv/bin/python scripts/benchmark.py
(the default is the SQLite file of `make run`). It prints figures; it asserts nothing.
Import throughput has its own script: bench/import_throughput.py.
"""

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesage.settings.dev")
os.environ.setdefault("DEBUG", "0")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import translation  # noqa: E402

from guides.models import GuidePage  # noqa: E402
from rulings.models import Ruling  # noqa: E402

REPEAT = int(os.environ.get("BENCH_REPEAT", "30"))


def time_page(client, url):
    client.get(url)  # warm caches, as a running server would be
    samples = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        response = client.get(url)
        samples.append((time.perf_counter() - start) * 1000)
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return response.status_code, statistics.median(samples), max(samples), len(queries)


def main():
    call_command("migrate", "--noinput", verbosity=0)
    call_command("load_demo", verbosity=0)
    client = Client(HTTP_HOST="127.0.0.1")
    guide = GuidePage.objects.live().filter(url_path__contains="point-city").first()
    ruling = Ruling.objects.public().first()
    with translation.override("es"):
        spanish_guide_url = guide.get_url()
    urls = [
        "/en/",
        guide.url,
        spanish_guide_url,
        "/en/rulings/",
        ruling.get_absolute_url(),
        "/en/corrections/",
    ]
    print(f"{'page':70} status  median ms  max ms  queries   (n={REPEAT})")
    for url in urls:
        status, median, worst, queries = time_page(client, url)
        print(f"{url[:70]:70} {status:6} {median:10.1f} {worst:7.1f} {queries:8}")


if __name__ == "__main__":
    main()
