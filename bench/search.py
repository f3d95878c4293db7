"""Site search and answered-before recall on a synthetic catalogue of a real catalogue's size.

    .venv/bin/python bench/search.py [--scale 1.0] [--database NAME] [--keep] [--reuse]
        [--cross-language-only]

Creates a throw-away PostgreSQL database (on BENCH_DATABASE_URL's server, default
postgres://postgres@127.0.0.1:5432), migrates it, and fills it with the synthetic catalogue
of `manage.py load_catalogue` (devtools.synthetic_catalogue): at --scale 1, 2,000 games with an
English and a Spanish edition each, 100,000 rulings, 500,000 rulebook passages and 2,000
guides in both languages, with Zipf-distributed words so that common words are common.
It then times, each query several times, the search page's work (pages.search:
every kind's first results and count, as /en/search/ and /es/buscar/ do, with and without
a game filter, common and rare words), the same work for one language's words typed on the
other language's search (a row per direction), the whole search page as a reader's request
gets it (form, results, suggestions; Django's test client in this process, DEBUG off, each
page requested once untimed first) and answered-before recall on random editions,
prints p50/p95, index and table sizes, the translators' dashboard's counts, and the writes
seen while reading, then drops the database (unless --keep). --cross-language-only times
the cross-language searches alone and prints the EXPLAIN (ANALYZE, BUFFERS) of their
passages' query. It asserts nothing: the figures are for reading.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from throwaway_databases import admin, database_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


SEARCHES = {
    "en": {
        "common words": ["card turn", "player resource", "discard token", "market refill"],
        "rules phrases": ["permanent resource", "civic token", "adjacent edge", "tie victory"],
        "rare word": ["{rare}", "{rare} storm"],
    },
    "es": {
        "common words": ["carta turno", "jugador recurso", "descartar ficha", "reponer mercado"],
        "rules phrases": ["recursos permanentes", "fichas cívicas", "empate victoria"],
        "rare word": ["{rare}", "{rare} tormenta"],
    },
}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


# --------------------------------------------------------------------------- measuring
# (The project's modules are imported where they are used: they need Django set up,
# which happens once the database exists.)


TIMEOUT_MS = 10_000
OTHER = {"en": "es", "es": "en"}
TIMED_OUT: list[str] = []


def timed(function, repeat: int, label: str = "") -> list[float]:
    """Milliseconds per run; a run PostgreSQL cancels at TIMEOUT_MS counts as TIMEOUT_MS."""
    from django.db import transaction
    from django.db.utils import OperationalError

    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        try:
            with transaction.atomic():
                function()
        except OperationalError:
            TIMED_OUT.append(label)
            times.append(float(TIMEOUT_MS))
            continue
        times.append((time.perf_counter() - start) * 1000)
    return times


def is_write(query: dict) -> bool:
    return query["sql"].lstrip().split()[0].upper() in {"INSERT", "UPDATE", "DELETE"}


def line(name: str, times: list[float]) -> str:
    p50, p95 = statistics.median(times), percentile(times, 0.95)
    return f"{name:62} {p50:8.1f}ms {p95:8.1f}ms  {len(times)}"


def measure(rng: random.Random, repeat: int) -> None:
    from django.db import connection
    from django.test import RequestFactory
    from django.test.utils import CaptureQueriesContext
    from django.utils import translation

    from catalogue.models import Edition, Game
    from core.text_search import WORD_RE
    from devtools.synthetic_catalogue.words import EN, ES, QUESTION_FORMS
    from pages.search import Filters, grouped_results, query_words
    from rulings.models import Ruling
    from rulings.recall import answered_before

    request = RequestFactory().get("/en/search/")
    with connection.cursor() as cursor:
        cursor.execute(f"SET statement_timeout = {TIMEOUT_MS}")
    games = list(Game.objects.order_by("?")[:3])
    rare = {}
    for language in ("en", "es"):
        text = (
            Ruling.objects.filter(**{f"answer_{language}__regex": r"\m(ka|lo|mi)[a-z]+"})
            .values_list(f"answer_{language}", flat=True)
            .first()
        )
        # The first such word wherever it is in the answer (a query keeps only its first
        # twelve words).
        words = [w for w in WORD_RE.findall(text or "ka") if w[:2] in {"ka", "lo", "mi"}]
        rare[language] = words[0]
    # One untimed search and recall per language first: the figures are of a running
    # server, not of a new process's first query (imports, the connection's catalogue
    # cache, the planner's statistics), which costs 200-400 ms once.
    for language in ("en", "es"):
        with translation.override(language):
            grouped_results(query_words(EN[-1] if language == "en" else ES[-1]), Filters(), request)
            answered_before(Edition.objects.filter(language=language).first(), EN[-2])
    title = "search: the page's work (each kind's first results and count)"
    print(f"\n{title:62} {'p50':>10} {'p95':>10}  n")
    rows, writes = [], 0
    for language, groups in SEARCHES.items():
        with translation.override(language):
            for label, queries in groups.items():
                for filtered in (False, True):
                    times = []
                    for query in queries:
                        words = query_words(query.format(rare=rare[language]))
                        for game in games if filtered else [None]:
                            filters = Filters(game=game)
                            with CaptureQueriesContext(connection) as seen:
                                times += timed(
                                    lambda w=words, f=filters: grouped_results(w, f, request),
                                    repeat,
                                    f"{language} {query}",
                                )
                            writes += sum(map(is_write, seen.captured_queries))
                    name = f"{language}: {label}{', one game' if filtered else ''}"
                    rows.append((name, times))
                    print(line(name, times), flush=True)
    print(line("all searches", [t for _name, times in rows for t in times]))
    writes += measure_cross_language(request, repeat)

    writes += measure_pages(games, rare, repeat)

    times, across = [], []
    with CaptureQueriesContext(connection) as seen:
        for edition in Edition.objects.order_by("?")[:40]:
            # In the edition's language, then in the other (carried over: rulings.crossing).
            for language, kept in ((edition.language, times), (OTHER[edition.language], across)):
                vocab = EN if language == "en" else ES
                question = rng.choice(QUESTION_FORMS[language]).format(
                    a=rng.choice(vocab[:60]), b=rng.choice(vocab)
                )
                with translation.override(language):
                    kept += timed(lambda e=edition, q=question: answered_before(e, q), repeat)
    writes += sum(map(is_write, seen.captured_queries))
    per_edition = Ruling.objects.count() // max(1, Edition.objects.count())
    print(line(f"answered-before recall (one edition, {per_edition} rulings)", times))
    print(line("answered-before recall, question in the other language", across))
    print(f"\nwrites while searching and recalling: {writes}")
    if TIMED_OUT:
        print(f"cancelled at {TIMEOUT_MS / 1000:.0f} s (counted as such): {sorted(set(TIMED_OUT))}")


# A phrase of one language typed on the other language's search: it matches nothing in the
# searched language, so every match the planner expects is a row of the other language.
CROSS_LANGUAGE = {
    "en": ("Spanish words on the English search", SEARCHES["es"]),
    "es": ("English words on the Spanish search", SEARCHES["en"]),
}


def measure_cross_language(request, repeat: int) -> int:
    """The search page's work for the other language's common words and phrases, one row
    per direction. Returns the writes seen."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import translation

    from pages.search import Filters, grouped_results, query_words

    title = "cross-language search: the page's work"
    print(f"\n{title:62} {'p50':>10} {'p95':>10}  n")
    writes, everything = 0, []
    for language, (label, groups) in CROSS_LANGUAGE.items():
        queries = groups["common words"] + groups["rules phrases"]
        times = []
        with translation.override(language), CaptureQueriesContext(connection) as seen:
            grouped_results(query_words(queries[-1]), Filters(), request)  # untimed, as above
            for query in queries:
                words = query_words(query)
                times += timed(
                    lambda w=words: grouped_results(w, Filters(), request),
                    repeat,
                    f"{language} {query}",
                )
        writes += sum(map(is_write, seen.captured_queries))
        everything += times
        print(line(f"{language}: {label}", times), flush=True)
    print(line("all cross-language searches", everything))
    return writes


def explain_cross_language() -> None:
    """EXPLAIN (ANALYZE, BUFFERS) of the passages' matches, newest first, each direction's
    first rules phrase: the query a cross-language search spends its time in."""
    from django.db import connection
    from django.utils import translation

    from pages.search import Filters, query_words, search

    for language, (label, groups) in CROSS_LANGUAGE.items():
        with translation.override(language):
            found = search("passages", query_words(groups["rules phrases"][0]), language, Filters())
            newest = found.matches.order_by("-pk").values_list("pk", flat=True)[: found.limit + 1]
            sql, params = newest.query.sql_with_params()
        with connection.cursor() as cursor:
            cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
            plan = "\n".join(row[0] for row in cursor.fetchall())
        print(f"\n{language}: {label}, {groups['rules phrases'][0]!r}: passages\n{sql}\n{plan}")


PAGES = {
    "en": ("/en/search/", "permanent resource", "card turn", "zzqx blorf"),
    "es": ("/es/buscar/", "recursos permanentes", "carta turno", "zzqx blorf"),
}


def measure_pages(games, rare: dict, repeat: int) -> int:
    """The whole search page, as a reader's request gets it (in-process, Django's test
    client, DEBUG off): the form with every game, results, suggestions. Returns the writes
    seen."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(HTTP_HOST="localhost")
    title = "search page: the whole response"
    print(f"\n{title:62} {'p50':>10} {'p95':>10}  n")
    writes, everything = 0, []
    for language, (path, phrase, common, nonsense) in PAGES.items():
        cases = {
            "unfiltered": [{"q": phrase}, {"q": common}, {"q": rare[language]}],
            "one game": [{"q": phrase, "game": game.slug} for game in games],
            "no results (suggestions)": [{"q": nonsense}],
        }
        for label, queries in cases.items():
            times = []
            with CaptureQueriesContext(connection) as seen:
                for query in queries:
                    client.get(path, query)  # the page's first request: the game list is read
                    for _ in range(repeat):
                        start = time.perf_counter()
                        response = client.get(path, query)
                        times.append((time.perf_counter() - start) * 1000)
                        assert response.status_code == 200, response.status_code
            writes += sum(map(is_write, seen.captured_queries))
            everything += times
            print(line(f"{language}: {label}", times), flush=True)
    print(line("all search pages", everything))
    return writes


def sizes_report() -> None:
    from django.db import connection

    from devtools.synthetic_catalogue.copying import search_indexes

    with connection.cursor() as cursor:
        for _model, index in search_indexes():
            cursor.execute("SELECT pg_relation_size(%s)", [index.name])
            print(f"  index {index.name:24} {cursor.fetchone()[0] / 1e6:9.1f} MB")
        for table in ("catalogue_passage", "rulings_ruling", "guides_guidepage"):
            cursor.execute(
                "SELECT sum(coalesce(pg_column_size(search_en), 0)"
                " + coalesce(pg_column_size(search_es), 0)) FROM " + table
            )
            vectors = (cursor.fetchone()[0] or 0) / 1e6
            print(f"  stored vectors {table:17} {vectors:9.1f} MB  (search_en + search_es)")
        for table in ("catalogue_passage", "rulings_ruling", "guides_guidepage"):
            cursor.execute("SELECT pg_total_relation_size(%s), count(*) FROM " + table, [table])
            size, rows = cursor.fetchone()
            print(f"  table {table:24} {size / 1e6:9.1f} MB  {rows:,} rows (with its indexes)")


def dashboard_report() -> None:
    """The translators' dashboard's counts of rulings by status, and the public rulings of
    the language's own editions it leaves out (originals, not translations)."""
    from collections import Counter

    from core.translated_fields import target_languages
    from rulings.models import Ruling
    from rulings.translation_listing import ruling_statuses

    for language in target_languages():
        start = time.perf_counter()
        counts = Counter(status for status, _code, _pk in ruling_statuses(language))
        seconds = time.perf_counter() - start
        originals = Ruling.objects.public().filter(edition__language=language).count()
        listed = ", ".join(f"{status} {count:,}" for status, count in sorted(counts.items()))
        print(f"  translators' dashboard ({language}): {listed or 'none'}; {originals:,} public")
        print(f"    rulings written in {language} not counted as translations ({seconds:.1f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="share of the full catalogue")
    parser.add_argument("--database", default="rulesage_search_bench")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each query")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="measure a database kept by an earlier --keep run (migrated, not reloaded)",
    )
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument(
        "--cross-language-only",
        action="store_true",
        help="time only the cross-language searches (with --reuse: a quick before and after)",
    )
    args = parser.parse_args()
    url = database_url(args.database)
    # DEBUG off, as a server runs: Django keeps no log of every query. The page cache off:
    # each search page is rendered, not served from the cache.
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "rulesage.settings.dev",
        "DEBUG": "0",
        "PAGE_CACHE": "0",
    }
    if not args.reuse:
        admin(f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')
        admin(f'CREATE DATABASE "{args.database}"')
    try:
        start = time.perf_counter()
        # The Spanish pages need the compiled catalogue, which a fresh clone does not have.
        for command in (["compile_translations"], ["migrate", "--noinput", "-v0"]):
            subprocess.run(
                [sys.executable, "manage.py", *command],
                env=env,
                cwd=ROOT,
                check=True,
                capture_output=True,
            )
        print(f"compile translations, migrate: {time.perf_counter() - start:.1f} s")
        os.environ.update(
            DATABASE_URL=url,
            DJANGO_SETTINGS_MODULE="rulesage.settings.dev",
            DEBUG="0",
            PAGE_CACHE="0",  # every page rendered; what pages remember is kept, as in production
        )
        import django

        django.setup()
        from devtools.synthetic_catalogue import load_catalogue

        rng = random.Random(args.seed)
        if not args.reuse:
            for step, seconds in load_catalogue(
                args.scale, args.seed, log=lambda line: None
            ).items():
                print(f"load_catalogue: {step:40} {seconds:8.1f} s")
        sizes_report()
        dashboard_report()
        if args.cross_language_only:
            from django.test import RequestFactory

            measure_cross_language(RequestFactory().get("/en/search/"), args.repeat)
            explain_cross_language()
        else:
            measure(rng, args.repeat)
    finally:
        from django.db import connections

        connections.close_all()
        if not (args.keep or args.reuse):
            admin(f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')


if __name__ == "__main__":
    main()
