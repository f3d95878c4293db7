"""How many page-cache entries strangers' random query values add, and how many bytes.

    python3 bench/cache_entries.py [--requests 5000] [--seed N] [--port 8250] [--keep]

One command from a fresh clone, as bench/pages.py: it creates a PostgreSQL database
(BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/rulesage_bench_cache_entries),
migrates it, loads the demo and collects the static files, then starts one gunicorn
server under production settings (two sync workers) on --port, with its page cache in
REDIS_URL (default redis://127.0.0.1:6379/0; give it a Redis database nothing else
writes pages to, since entries are counted as keys that were not there before).

It sends --requests GET requests, four at a time, each to a reader page that reads a
query parameter (the rulings lists, an errata registry, a ruling, a rulebook's passages,
the corrections log, search, the ask page, the games index, a game and a guide, in
English and Spanish, and two sitemap files), with one to three of the parameters reader
pages read (core.page_cache.READ_PARAMETERS) set to random values: words, numbers
written in many ways, punctuation, nothing. The seed is random unless given, so values
stored by an earlier run are not mistaken for old entries.

Redirects are not followed. It prints the responses by status, and the page-cache
entries added to Redis (keys `page-cache:<hash>`) and their bytes (Redis MEMORY USAGE).
It asserts nothing. It drops its database at the end (--keep keeps it).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlencode

from servers import REDIS_URL, ROOT, VENV_PYTHON, Server, database, ensure_environment
from servers import manage as manage_in
from servers import server_env as server_env_for

sys.path.append(str(ROOT))  # the project's folder: scripts/ is not bench's
from scripts.hostile_values import random_value  # noqa: E402

DATABASE_URL = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/rulesage_bench_cache_entries"
)
# Production stores pages without a key prefix: ":1:page-cache:<sha256>".
PAGE_KEY = re.compile(rb":1:page-cache:[0-9a-f]{64}")

FIND_PAGES = """
import json
from core.page_cache import READ_PARAMETERS
from scripts.hostile_values import reader_pages
print(json.dumps({"paths": reader_pages(), "parameters": sorted(READ_PARAMETERS)}))
"""


def manage(*args, **extra):
    manage_in(DATABASE_URL, *args, **extra)


def prepare():
    database(DATABASE_URL, "create")
    manage("migrate", "--noinput", "-v", "0")
    manage("update_translation_fields", "-v", "0")
    manage("load_demo", "-v", "0")
    manage("collectstatic", "--noinput", "-v", "0")


def reader_pages():
    out = subprocess.run(
        [str(VENV_PYTHON), "manage.py", "shell", "-c", FIND_PAGES],
        cwd=ROOT,
        env=server_env_for(DATABASE_URL),
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    found = json.loads(out.strip().splitlines()[-1])
    return found["paths"], found["parameters"]


class NotFollowed(urllib.request.HTTPRedirectHandler):
    """A redirect is counted as such (Server.get reads it as an HTTP error's code)."""

    def redirect_request(self, *args, **kwargs):
        return None


def page_entries(client):
    """{key: bytes} of the page-cache entries in Redis."""
    keys = [key for key in client.scan_iter(match=":1:page-cache:*", count=1000)]
    keys = [key for key in keys if PAGE_KEY.fullmatch(key)]
    return {key: client.memory_usage(key) or 0 for key in keys}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--port", type=int, default=int(os.environ.get("BENCH_PORT", "8250")))
    parser.add_argument("--keep", action="store_true", help="keep the database")
    args = parser.parse_args()
    ensure_environment(wrk=False)
    import redis

    urllib.request.install_opener(urllib.request.build_opener(NotFollowed))
    seed = args.seed if args.seed is not None else time.time_ns() % 10**9
    chance = random.Random(seed)
    print(f"Preparing {DATABASE_URL} (migrate, demo, collectstatic)…", flush=True)
    prepare()
    paths, parameters = reader_pages()
    client = redis.Redis.from_url(REDIS_URL)
    server = Server(DATABASE_URL, args.port, 2)
    try:
        server.wait_ready()
        requests = []
        for _ in range(args.requests):
            names = chance.sample(parameters, chance.randint(1, 3))
            query = urlencode({name: random_value(chance) for name in names})
            requests.append(f"{chance.choice(paths)}?{query}")
        before = page_entries(client)
        started = time.monotonic()
        with ThreadPoolExecutor(max_workers=4) as pool:
            statuses = Counter(status for status, _body in pool.map(server.get, requests))
        took = time.monotonic() - started
        after = page_entries(client)
    finally:
        server.stop()
        client.close()
        if not args.keep:
            database(DATABASE_URL, "drop")
    added = {key: size for key, size in after.items() if key not in before}
    print(
        f"{args.requests:,} requests (seed {seed}) over {len(paths)} reader pages and "
        f"{len(parameters)} parameters in {took:.0f} s; load average {os.getloadavg()[0]:.1f}"
    )
    print("responses by status: " + ", ".join(f"{k}: {v:,}" for k, v in sorted(statuses.items())))
    print(f"page-cache entries added: {len(added):,}, {sum(added.values()) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
