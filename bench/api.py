"""The reader API's endpoints on a loaded catalogue, uncached: median milliseconds (elapsed,
and this process's CPU) and SQL queries per request, in-process (Django's test client), each
endpoint in English.

    DATABASE_URL=postgres://…/rulesage_api_scale1 DJANGO_SETTINGS_MODULE=rulesage.settings.test \\
        .venv/bin/python bench/api.py [--repeat 15] [--deep 40] [--bulk]

The database is one `manage.py load_catalogue --scale S` filled (it is only read). The page
cache is off (the test settings' default): every request queries and renders. `--deep N`
also follows the rulings list's `next` link N times and measures the page reached, to show
that a keyset page costs the same however deep. `--bulk` writes the English bulk file
(every public ruling) and prints its time (elapsed and CPU), size and the process's peak
memory before and after. It prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

from servers import timed_in_process

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesage.settings.test")
# One connection kept, as a web process keeps it (the test settings open one per request).
os.environ.setdefault("TEST_CONN_MAX_AGE", "600")


def addresses(client, deep):
    """The endpoints to measure, their items found from the lists."""
    from catalogue.models import Edition
    from rulings.models import Ruling

    first = {
        name: client.get(f"/api/v1/{name}/").json()["results"][0]
        for name in ("games", "editions", "documents", "errata", "rulings", "guides")
    }
    code = Edition.objects.filter(rulings__in=Ruling.objects.public()).order_by("code")[0].code
    listed = [
        ("root", "/api/v1/"),
        ("games", "/api/v1/games/"),
        ("game", f"/api/v1/games/{first['games']['slug']}/"),
        ("editions", "/api/v1/editions/"),
        ("edition", f"/api/v1/editions/{first['editions']['code']}/"),
        ("documents", "/api/v1/documents/"),
        ("errata", "/api/v1/errata/"),
        ("rulings", "/api/v1/rulings/"),
        ("rulings ?language=es", "/api/v1/rulings/?language=es"),
        ("rulings ?edition=", f"/api/v1/rulings/?edition={code}"),
        ("ruling", f"/api/v1/rulings/{first['rulings']['id']}/"),
        ("guides", "/api/v1/guides/"),
        ("guide", f"/api/v1/guides/{first['guides']['id']}/"),
    ]
    if deep:
        address = "/api/v1/rulings/"
        for _ in range(deep):
            address = client.get(address).json()["next"]
        listed.append((f"rulings, page {deep + 1}", address.replace("http://testserver", "")))
    return listed


def bulk():
    from api.bulk import write_bulk_file
    from rulings.models import Ruling

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    start, start_cpu = time.perf_counter(), time.process_time()
    path = write_bulk_file("en")
    seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    from django.core.files.storage import default_storage

    size = default_storage.size(path)
    print(
        f"\nBulk file (en): {Ruling.objects.public().count():,} rulings in {seconds:.1f} s "
        f"(CPU {cpu:.1f} s), "
        f"{size / 1e6:.1f} MB gzipped; peak memory {before} MB before, {after} MB after"
    )
    default_storage.delete(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--deep", type=int, default=40)
    parser.add_argument("--bulk", action="store_true")
    options = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()  # the test client's host is allowed
    settings.RULESAGE_API_RATE_LIMIT = "1000000/minute"
    client = Client()
    print(f"{'endpoint':<24} {'median ms':>10} {'CPU ms':>8} {'queries':>8} {'status':>7}")
    for name, address in addresses(client, options.deep):
        median, cpu, queries, response = timed_in_process(client, address, options.repeat)
        print(f"{name:<24} {median:>10.1f} {cpu:>8.1f} {queries:>8} {response.status_code:>7}")
    if options.bulk:
        bulk()


if __name__ == "__main__":
    main()
