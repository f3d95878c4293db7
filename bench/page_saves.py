"""Saving and publishing a game page and a guide in the admin, on the full catalogue.

    python3 bench/page_saves.py [--scale 1] [--reuse] [--keep] [--repeat 7]

Unless --reuse, it creates the PostgreSQL database BENCH_PAGE_SAVES_DATABASE_URL (default
postgres://postgres@127.0.0.1:5432/rulesage_bench_page_saves), migrates it and fills it
with `manage.py load_catalogue --scale S`, whose game pages are some two thousand
siblings under one games index. Then, in-process (Django's test client, production
settings, a superuser), an editor posts the edit form of one game page and of one guide,
as a draft and to publish: each is posted once to warm up, then --repeat times; the
table gives the median milliseconds and the SQL queries of one post. Tasks are queued,
not run, as in production.

It prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess

from servers import ROOT, VENV_PYTHON, database, ensure_environment, manage, server_env

DATABASE_URL = os.environ.get(
    "BENCH_PAGE_SAVES_DATABASE_URL",
    "postgres://postgres@127.0.0.1:5432/rulesage_bench_page_saves",
)

# In-process code, run with `manage.py shell` under production settings.
SAVES = """
import json, os, statistics, time
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from wagtail.test.utils.form_data import inline_formset, nested_form_data, rich_text, streamfield
from guides.models import GamePage, GuidePage

user, _ = get_user_model().objects.get_or_create(
    username="bench-admin", defaults={"is_superuser": True, "is_staff": True}
)
client = Client(HTTP_HOST="127.0.0.1", HTTP_X_FORWARDED_PROTO="https")
client.force_login(user)
game_page = GamePage.objects.live().order_by("-path").first()
guide = GuidePage.objects.live().child_of(game_page).first() or GuidePage.objects.live().first()
siblings = game_page.get_siblings(inclusive=False).count()


def game_form(page, **extra):
    return nested_form_data({
        "title_en": page.title_en, "title_es": page.title_es or "",
        "slug_en": page.slug_en, "slug_es": page.slug_es or "",
        "game": page.game_id,
        "overview_en": rich_text(page.overview_en or "<p>An overview.</p>"),
        "overview_es": rich_text(page.overview_es or ""),
        **extra,
    })


def guide_form(page, **extra):
    sources = list(page.sources.all())
    return nested_form_data({
        "title_en": page.title_en, "title_es": page.title_es or "",
        "slug_en": page.slug_en, "slug_es": page.slug_es or "",
        "kind": page.kind,
        "intro_en": page.intro_en, "intro_es": page.intro_es or "",
        "body_en": streamfield([("paragraph", rich_text("<p>Shuffle each tier.</p>"))]),
        "body_es": streamfield([("paragraph", rich_text("<p>Baraja cada nivel.</p>"))]),
        "checked_on": page.checked_on.isoformat(),
        "rules_scope_en": page.rules_scope_en, "rules_scope_es": page.rules_scope_es or "",
        "change_kind": "minor", "change_summary_en": "", "change_summary_es": "",
        "affects_translations": "on",
        "sources": inline_formset(
            [{"id": s.pk, "document": s.document_id, "first_page": s.first_page or "",
              "last_page": s.last_page or "", "section_en": s.section_en or "",
              "section_es": s.section_es or ""} for s in sources],
            initial=len(sources),
        ),
        "corrections": inline_formset([]),
        **extra,
    })


repeat = int(os.environ["BENCH_REPEAT"])
rows = []
for name, page, form in [
    (f"game page among {siblings:,} siblings", game_page, game_form),
    (f"guide ({guide.get_siblings(inclusive=False).count()} siblings)", guide, guide_form),
]:
    url = reverse("wagtailadmin_pages:edit", args=[page.pk])
    for action, extra in [("save draft", {}), ("publish", {"action-publish": "1"})]:
        data = form(page, **extra)
        client.post(url, data)
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            response = client.post(url, data)
            times.append((time.perf_counter() - start) * 1000)
        with CaptureQueriesContext(connection) as queries:
            client.post(url, data)
        rows.append([f"{action}: {name}", response.status_code, statistics.median(times),
                     len(queries)])
print(json.dumps(rows))
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--reuse", action="store_true", help="measure a kept database")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    ensure_environment(wrk=False)
    if not args.reuse:
        print(f"Loading the catalogue into {DATABASE_URL}…", flush=True)
        database(DATABASE_URL, "create")
        manage(DATABASE_URL, "migrate", "--noinput", "-v", "0")
        manage(DATABASE_URL, "load_catalogue", "--scale", str(args.scale), quiet=False)
    try:
        out = subprocess.run(
            [str(VENV_PYTHON), "manage.py", "shell", "-c", SAVES],
            cwd=ROOT,
            env=server_env(DATABASE_URL, BENCH_REPEAT=str(args.repeat)),
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        rows = json.loads(out.strip().splitlines()[-1])
        load = os.getloadavg()[0]
        print(f"\nAdmin saves: median of {args.repeat} posts; load average {load:.1f}\n")
        print("| post | status | ms | queries |")
        print("|---|---|---|---|")
        for name, status, ms, queries in rows:
            print(f"| {name} | {status} | {ms:.0f} | {queries} |", flush=True)
    finally:
        if not args.keep:
            database(DATABASE_URL, "drop")


if __name__ == "__main__":
    main()
