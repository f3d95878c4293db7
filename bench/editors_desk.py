"""The editors' desk: the admin home and the translators' dashboard, on a catalogue kept
by `bench/catalogue.py --keep` (or any copy of one), in-process under production settings.

    python3 bench/editors_desk.py [--database-url URL] [--repeat 5]

For each view: the median milliseconds of --repeat requests (after one to warm up) and the
SQL queries of one, as a superuser with the page cache off. The dashboard is measured in
each translated language, on its first and last page, and filtered to one status. It
prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"

CODE = """
import json, os, statistics, time
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from wagtail.admin.utils import set_query_params
from core.translated_fields import target_languages

settings.RULESAGE_PAGE_CACHE = False
user, _ = get_user_model().objects.get_or_create(
    username="bench-admin", defaults={"is_superuser": True, "is_staff": True}
)
client = Client(HTTP_HOST="127.0.0.1", HTTP_X_FORWARDED_PROTO="https")
client.force_login(user)
dashboard = reverse("guides_translations")
views = [("admin home", reverse("wagtailadmin_home"))]
for language in target_languages():
    views += [
        (f"dashboard ({language}), first page",
         set_query_params(dashboard, {"language": language})),
        (f"dashboard ({language}), last page",
         set_query_params(dashboard, {"language": language, "p": 9999, "rp": 9999})),
        (f"dashboard ({language}), behind only",
         set_query_params(dashboard, {"language": language, "status": "behind"})),
    ]
repeat = int(os.environ["BENCH_REPEAT"])
rows = []
for name, url in views:
    client.get(url)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    rows.append([name, response.status_code, round(statistics.median(times)), len(queries)])
print(json.dumps(rows))
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--database-url", default="postgres://postgres@127.0.0.1:5432/rulesage_bench_catalogue"
    )
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    env = {
        **__import__("os").environ,
        "DJANGO_SETTINGS_MODULE": "rulesage.settings.production",
        "SECRET_KEY": "bench-only-secret-key-not-for-production-use-0123456789abcdef",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": args.database_url,
        "BENCH_REPEAT": str(args.repeat),
        "LOG_LEVEL": "ERROR",
        "DJANGO_LOG_LEVEL": "ERROR",
    }
    out = subprocess.run(
        [str(VENV_PYTHON), "manage.py", "shell", "-c", CODE],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    rows = json.loads(out.strip().splitlines()[-1])
    load = Path("/proc/loadavg").read_text().split()[:3]
    print(f"{'view':<34} {'HTTP':>4} {'ms':>7} {'queries':>7}")
    for name, status, ms, queries in rows:
        print(f"{name:<34} {status:>4} {ms:>7} {queries:>7}")
    print("load average:", " ".join(load))


if __name__ == "__main__":
    main()
