"""After one edit, how much of a crawl of the catalogue is rendered again.

    python3 bench/crawl.py [--pages 500] [--port 8260] [--workers 2]

Measures the catalogue database bench/catalogue.py keeps (`--keep`), loading it first when
it is missing. One gunicorn server under production settings with the page cache on, in
its own Redis database (BENCH_CRAWL_REDIS_URL, default redis://127.0.0.1:6379/14, emptied
first). --pages addresses are sampled at random from all the sitemap files and requested
one after the other:

1. a cold pass (every page rendered), then a warm pass (every page from the cache);
2. one ruling saved as an editor saves it (a new answer), then a pass: how many pages
   were rendered again (X-Page-Cache: miss) and what the pass cost against the warm one;
3. one guide published with a new version, then a pass, the same figures;
4. one errata card issued on a passage a ruling cites, then a pass.

Each edit is made twice: in a game chosen at random, and in the largest game (5,000
rulings on its first edition: the game whose pages a sample holds most of).

It prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

from servers import ROOT, VENV_PYTHON, Server, database, ensure_environment, manage, server_env

DATABASE_URL = os.environ.get(
    "BENCH_CATALOGUE_DATABASE_URL",
    "postgres://postgres@127.0.0.1:5432/rulesage_bench_catalogue",
)
REDIS_URL = os.environ.get("BENCH_CRAWL_REDIS_URL", "redis://127.0.0.1:6379/14")

# Edits made in-process (manage.py shell), as the admin makes them: on a game chosen at
# random, or on the largest (its first edition holds 5,000 rulings, so its pages are the
# likeliest to be in a sample).
CHOOSE_GAME = """
from django.db.models import Count
from catalogue.models import Game
catalogue = Game.objects.filter(bgg_id__gte=900000)
if LARGEST:
    game = catalogue.annotate(n=Count("editions__rulings")).order_by("-n").first()
else:
    game = catalogue.order_by("?").first()
"""
SAVE_RULING = """
import json
from rulings.models import Ruling
ruling = Ruling.objects.public().filter(edition__game=game).order_by("?").first()
ruling.answer = (ruling.answer or "") + " (Reworded by an editor.)"
ruling.save()
print(json.dumps(ruling.get_absolute_url()))
"""
PUBLISH_GUIDE = """
import json
from guides.models import GuidePage
guide = GuidePage.objects.live().filter(path__startswith=game.page.path).first().specific
guide.change_kind = "substantive"
guide.change_summary_en = "Reworded the scoring summary."
guide.intro = (guide.intro or "") + " Reworded."
guide.save_revision().publish()
print(json.dumps(guide.url))
"""
ISSUE_ERRATA = """
import datetime, json
from catalogue.models import ErrataCard
from rulings.models import Citation
citation = Citation.objects.filter(passage__document__edition__game=game).order_by(
    "?").select_related("passage__document__edition").first()
ErrataCard.objects.create(
    edition=citation.passage.document.edition, document=citation.passage.document,
    passage=citation.passage, corrected_rule="The rule as the publisher's card prints it.",
    issued_on=datetime.date.today())
print(json.dumps(citation.passage.document.edition.code + " p. " + str(citation.passage.page)))
"""


def in_process(code):
    out = subprocess.run(
        [str(VENV_PYTHON), "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=server_env(DATABASE_URL, REDIS_URL=REDIS_URL),
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def fetch(base, path):
    """(status, X-Page-Cache, body)."""
    request = urllib.request.Request(base + path, headers={"X-Forwarded-Proto": "https"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.headers.get("X-Page-Cache"), response.read()
    except urllib.error.HTTPError as error:
        return error.code, None, b""


def locations(base, path):
    _status, _state, body = fetch(base, path)
    paths = []
    for location in re.findall(rb"<loc>([^<]+)</loc>", body):
        parts = urlsplit(location.decode().replace("&amp;", "&"))
        paths.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return paths


def crawl(base, sample):
    """(seconds, pages rendered again, statuses other than 200)."""
    start = time.perf_counter()
    misses, errors = 0, 0
    for path in sample:
        status, state, _body = fetch(base, path)
        misses += state != "hit"
        errors += status != 200
    return time.perf_counter() - start, misses, errors


def flush_redis():
    import redis

    redis.Redis.from_url(REDIS_URL).flushdb()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=500)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--port", type=int, default=int(os.environ.get("BENCH_PORT", "8260")))
    args = parser.parse_args()
    ensure_environment(wrk=False)
    manage(DATABASE_URL, "compile_translations")
    try:
        in_process("import json; print(json.dumps(1))")
        present = in_process(
            "import json; from catalogue.models import Game; "
            "print(json.dumps(Game.objects.filter(bgg_id__gte=900000).exists()))"
        )
    except subprocess.CalledProcessError:
        present = False
    if not present:
        print(f"Loading the catalogue into {DATABASE_URL}…", flush=True)
        database(DATABASE_URL, "create")
        manage(DATABASE_URL, "migrate", "--noinput", "-v", "0")
        manage(DATABASE_URL, "load_catalogue", "--scale", "1", quiet=False)
    manage(DATABASE_URL, "collectstatic", "--noinput", "-v", "0")
    flush_redis()
    server = Server(DATABASE_URL, args.port, args.workers, REDIS_URL=REDIS_URL)
    try:
        server.wait_ready()
        base = server.base
        files = locations(base, "/sitemap.xml")
        everything = [path for file in files for path in locations(base, file)]
        sample = random.Random(args.seed).sample(everything, min(args.pages, len(everything)))
        cold, _misses, errors = crawl(base, sample)
        warm, misses, errors = crawl(base, sample)
        print(
            f"\nCrawl: {len(sample)} of the {len(everything):,} sitemap addresses, one after "
            f"the other, {args.workers} sync workers; load average {os.getloadavg()[0]:.1f}\n"
        )
        print("| pass | seconds | ÷ warm | re-rendered | share | not 200 |")
        print("|---|---|---|---|---|---|")
        print(
            f"| cold (empty cache) | {cold:.2f} | {cold / warm:.1f} | {len(sample)} | 100 % | "
            f"{errors} |"
        )
        print(f"| warm | {warm:.2f} | 1.0 | {misses} | {misses / len(sample):.1%} | {errors} |")
        for edit, code in (
            ("one ruling saved", SAVE_RULING),
            ("one guide published", PUBLISH_GUIDE),
            ("one errata card issued", ISSUE_ERRATA),
        ):
            for largest in (False, True):
                where = in_process(f"LARGEST = {largest}\n" + CHOOSE_GAME + code)
                name = f"{edit}, {'the largest' if largest else 'a random'} game"
                spent, misses, errors = crawl(base, sample)
                print(
                    f"| {name} ({where}) | {spent:.2f} | {spent / warm:.1f} | {misses} "
                    f"| {misses / len(sample):.1%} | {errors} |",
                    flush=True,
                )
                crawl(base, sample)  # warm again before the next edit
    finally:
        server.stop()


if __name__ == "__main__":
    main()
