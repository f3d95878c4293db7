"""Site search and answered-before recall on a synthetic catalogue of the issue's size.

    .venv/bin/python bench/search.py [--scale 1.0] [--database NAME] [--keep] [--reuse]

Creates a throw-away PostgreSQL database (on BENCH_DATABASE_URL's server, default
postgres://postgres@127.0.0.1:5432), migrates it, and fills it with a synthetic catalogue
in both languages: at --scale 1, 2,000 games with an English and a Spanish edition each,
100,000 rulings (some English rulings also translated), 500,000 rulebook passages and 200
guides, with Zipf-distributed words so that common words are common. Games, editions and
documents go in with bulk_create, rulings and passages with COPY, during which PostgreSQL
computes their stored search vectors (generated columns); the site search's GIN indexes
are dropped before the load and built after it, which is the indexing time shown.
It then times, each query several times, the search page's work (rulesage.search:
every kind's first results and count, as /en/search/ and /es/buscar/ do, with and without
a game filter, common and rare words), the whole search page as a reader's request gets
it (form, results, suggestions; Django's test client in this process, DEBUG off, each
page requested once untimed first) and answered-before recall on random editions,
prints p50/p95, index and table sizes, and the writes seen while reading, then drops the
database (unless --keep). It asserts nothing: the figures are for reading.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
FULL = {"games": 2_000, "rulings": 100_000, "passages": 500_000, "guides": 200}

# Parallel word lists: the same game vocabulary in English and Spanish, most common first.
EN = str.split(
    "card turn player resource building market token score point tile action round draw "
    "pile discard deck hand supply board end game build pay cost bonus civic permanent "
    "energy water food gold stone wood phase income track marker reserve trade tent "
    "storm treasure thief dig site tie refill side row column flip adjacent edge corner "
    "setup solo opponent variant round pass first start last each victory"
)
ES = str.split(
    "carta turno jugador recurso edificio mercado ficha puntuación punto loseta acción "
    "ronda robar mazo descartar baraja mano suministro tablero final partida construir "
    "pagar coste bonificación cívica permanente energía agua comida oro piedra madera fase "
    "ingreso marcador indicador reserva comerciar tienda tormenta tesoro ladrón excavar "
    "yacimiento empate reponer cara fila columna voltear adyacente borde esquina "
    "preparación solitario rival variante vuelta pasar primero inicio último cada victoria"
)
SYLLABLES = str.split("ka lo mi ne ru sa ti vo ze pa qui dor len mar ban tis gor fel")
QUESTION_FORMS = {
    "en": [
        "Can I use a {a} to pay for the {b}?",
        "What happens when the {a} runs out?",
        "Does the {a} count towards the {b} score?",
        "May I discard a {a} instead of taking the {b} action?",
        "How many {a} does each player get at setup?",
    ],
    "es": [
        "¿Puedo usar una {a} para pagar el {b}?",
        "¿Qué pasa cuando se acaba el {a}?",
        "¿Cuenta la {a} para la puntuación de {b}?",
        "¿Puedo descartar una {a} en vez de hacer la acción de {b}?",
        "¿Cuántas {a} recibe cada jugador en la preparación?",
    ],
}
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


def database_url(name: str) -> str:
    parts = urlsplit(SERVER)
    return urlunsplit(parts._replace(path=f"/{name}"))


def admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as connection:
        connection.execute(sql)


class Words:
    """Zipf-distributed words of one language, with a long tail of invented ones."""

    def __init__(self, rng: random.Random, common: list[str], tail: list[str]):
        self.rng = rng
        self.words = common + tail
        self.weights = [1 / (rank + 1) for rank in range(len(self.words))]

    def text(self, low: int, high: int) -> str:
        count = self.rng.randint(low, high)
        return " ".join(self.rng.choices(self.words, self.weights, k=count)).capitalize() + "."


def invented_words(rng: random.Random, count: int) -> list[str]:
    found: set[str] = set()
    while len(found) < count:
        found.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))))
    return sorted(found)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


# --------------------------------------------------------------------------- loading


def copy_rows(model, rows) -> int:
    """COPY `rows` (dicts by attribute name) into `model`'s table; other columns get their
    field defaults, prepared by the fields themselves (JSON, dates)."""
    from django.db import connection

    fields = [
        field
        for field in model._meta.concrete_fields
        if not field.primary_key and not field.generated  # the database computes those
    ]
    defaults = {field.attname: field.get_default() for field in fields}
    columns = ", ".join(f'"{field.column}"' for field in fields)
    count = 0
    with connection.cursor() as cursor:
        raw = cursor.cursor
        with raw.copy(f'COPY "{model._meta.db_table}" ({columns}) FROM STDIN') as copy:
            for row in rows:
                copy.write_row(
                    [
                        field.get_db_prep_save(
                            row.get(field.attname, defaults[field.attname]), connection
                        )
                        for field in fields
                    ]
                )
                count += 1
    return count


def search_indexes():
    """The site search's GIN indexes, with their models (rulesage/search.py's matching)."""
    from guides.models import GuidePage
    from rulings.models import Passage, Ruling

    return [
        (model, index)
        for model in (Passage, Ruling, GuidePage)
        for index in model._meta.indexes
        if index.name.endswith(("_search_en", "_search_es"))
    ]


def load(sizes: dict, rng: random.Random) -> dict:
    from django.db import connection, transaction
    from django.utils import timezone

    from rulings.models import Document, Edition, Game, Passage, Ruling

    words = {
        "en": Words(rng, EN, invented_words(rng, 3000)),
        "es": Words(rng, ES, invented_words(rng, 3000)),
    }
    timings = {}
    with connection.schema_editor() as editor:
        for model, index in search_indexes():
            editor.remove_index(model, index)

    start = time.perf_counter()
    with transaction.atomic():
        games = Game.objects.bulk_create(
            Game(
                name=f"Game {n}",
                name_en=f"Game {n}",
                name_es=f"Juego {n}",
                slug=f"game-{n}",
                bgg_id=800_000 + n,
            )
            for n in range(sizes["games"])
        )
        editions = Edition.objects.bulk_create(
            Edition(
                game=game,
                code=f"bg-{game.bgg_id}-{language}-1e",
                language=language,
                label="First edition",
                label_en="First edition",
                label_es="Primera edición",
            )
            for game in games
            for language in ("en", "es")
        )
        documents = Document.objects.bulk_create(
            Document(edition=edition, title=f"{edition.game.name} — Rulebook", external_id="1")
            for edition in editions
        )
    timings["games, editions, documents (bulk_create)"] = time.perf_counter() - start

    now = timezone.now()
    start = time.perf_counter()

    def rulings():
        for n in range(sizes["rulings"]):
            edition = editions[n % len(editions)]
            language = edition.language
            form = rng.choice(QUESTION_FORMS[language])
            vocab = words[language]
            question = form.format(a=rng.choice(vocab.words[:60]), b=rng.choice(vocab.words[:200]))
            question += f" ({n})"
            answer = " ".join(vocab.text(10, 25) for _ in range(rng.randint(2, 5)))
            row = {
                "edition_id": edition.pk,
                "slug": f"ruling-{n}",
                "question": question,
                "answer": answer,
                f"question_{language}": question,
                f"answer_{language}": answer,
                "origin": "editor",
                "status": "verified" if n % 3 else "imported",
                "answered_at": now - datetime.timedelta(minutes=n),
                "created_at": now,
                "updated_at": now,
            }
            if language == "en" and n % 5 == 0:  # some English rulings are translated
                row["question_es"] = rng.choice(QUESTION_FORMS["es"]).format(
                    a=rng.choice(ES[:60]), b=rng.choice(ES)
                )
                row["answer_es"] = words["es"].text(20, 60)
            yield row

    with transaction.atomic():
        copy_rows(Ruling, rulings())
    timings["rulings (COPY; PostgreSQL computes their vectors)"] = time.perf_counter() - start

    start = time.perf_counter()
    per_document = max(1, sizes["passages"] // len(documents))

    def passages():
        for document in documents:
            vocab = words[document.edition.language]
            for n in range(per_document):
                yield {
                    "document_id": document.pk,
                    "page": 1 + n // 4,
                    "heading_path": f"{vocab.text(1, 3)[:-1]} · {n}",
                    "text": vocab.text(30, 70),
                    "text_origin": "rulebook",
                    "anchor": f"p{n}",
                }

    with transaction.atomic():
        copy_rows(Passage, passages())
    timings["passages (COPY; PostgreSQL computes their vectors)"] = time.perf_counter() - start

    start = time.perf_counter()
    make_guides(sizes["guides"], games, words)
    timings["guides (Wagtail pages)"] = time.perf_counter() - start

    start = time.perf_counter()
    with connection.schema_editor() as editor:
        for model, index in search_indexes():
            editor.add_index(model, index)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    timings["search indexes (CREATE INDEX ×6, then ANALYZE)"] = time.perf_counter() - start
    return timings


def make_guides(count: int, games, words) -> None:
    import json

    from wagtail.models import Page, Site

    from guides.models import GamePage, GamesIndexPage, GuidePage

    root = Page.get_first_root_node()
    index = root.add_child(instance=GamesIndexPage(title="Games", slug="games"))
    Site.objects.update_or_create(
        is_default_site=True, defaults={"hostname": "localhost", "port": 80, "root_page": index}
    )
    for game in games[:count]:
        game_page = index.add_child(
            instance=GamePage(title=game.name, title_es=game.name_es, slug=game.slug, game=game)
        )
        body = {
            language: json.dumps(
                [
                    {"type": "paragraph", "value": f"<p>{words[language].text(40, 90)}</p>"}
                    for _ in range(12)
                ]
            )
            for language in ("en", "es")
        }
        game_page.add_child(
            instance=GuidePage(
                title=f"How to play {game.name}",
                title_en=f"How to play {game.name}",
                title_es=f"Cómo jugar a {game.name_es}",
                slug="how-to-play",
                intro=words["en"].text(10, 20),
                intro_en=words["en"].text(10, 20),
                intro_es=words["es"].text(10, 20),
                body_en=body["en"],
                body_es=body["es"],
                checked_on=datetime.date(2026, 10, 1),
            )
        )


# --------------------------------------------------------------------------- measuring


TIMEOUT_MS = 10_000
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

    from rulesage.search import Filters, grouped_results, query_words
    from rulings.models import Edition, Game, Ruling
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
        rare[language] = next(w for w in query_words(text or "ka") if w[:2] in {"ka", "lo", "mi"})
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

    writes += measure_pages(games, rare, repeat)

    times = []
    with CaptureQueriesContext(connection) as seen:
        for edition in Edition.objects.order_by("?")[:40]:
            language = edition.language
            vocab = EN if language == "en" else ES
            question = rng.choice(QUESTION_FORMS[language]).format(
                a=rng.choice(vocab[:60]), b=rng.choice(vocab)
            )
            with translation.override(language):
                times += timed(lambda e=edition, q=question: answered_before(e, q), repeat)
    writes += sum(map(is_write, seen.captured_queries))
    per_edition = Ruling.objects.count() // max(1, Edition.objects.count())
    print(line(f"answered-before recall (one edition, {per_edition} rulings)", times))
    print(f"\nwrites while searching and recalling: {writes}")
    if TIMED_OUT:
        print(f"cancelled at {TIMEOUT_MS / 1000:.0f} s (counted as such): {sorted(set(TIMED_OUT))}")


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

    with connection.cursor() as cursor:
        for _model, index in search_indexes():
            cursor.execute("SELECT pg_relation_size(%s)", [index.name])
            print(f"  index {index.name:24} {cursor.fetchone()[0] / 1e6:9.1f} MB")
        for table in ("rulings_passage", "rulings_ruling", "guides_guidepage"):
            cursor.execute(
                "SELECT sum(pg_column_size(search_en) + pg_column_size(search_es)) FROM " + table
            )
            vectors = (cursor.fetchone()[0] or 0) / 1e6
            print(f"  stored vectors {table:17} {vectors:9.1f} MB  (search_en + search_es)")
        for table in ("rulings_passage", "rulings_ruling", "guides_guidepage"):
            cursor.execute("SELECT pg_total_relation_size(%s), count(*) FROM " + table, [table])
            size, rows = cursor.fetchone()
            print(f"  table {table:24} {size / 1e6:9.1f} MB  {rows:,} rows (with its indexes)")


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
    args = parser.parse_args()
    sizes = {name: max(1, int(value * args.scale)) for name, value in FULL.items()}
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
    print(
        f"catalogue: {sizes['games']:,} games ({2 * sizes['games']:,} editions, en + es), "
        f"{sizes['rulings']:,} rulings, {sizes['passages']:,} passages, {sizes['guides']:,} guides"
    )
    if not args.reuse:
        admin(f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')
        admin(f'CREATE DATABASE "{args.database}"')
    try:
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
            env=env,
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        print(f"migrate: {time.perf_counter() - start:.1f} s")
        os.environ.update(
            DATABASE_URL=url,
            DJANGO_SETTINGS_MODULE="rulesage.settings.dev",
            DEBUG="0",
            PAGE_CACHE="0",  # every page rendered; what pages remember is kept, as in production
        )
        sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        rng = random.Random(args.seed)
        if not args.reuse:
            for step, seconds in load(sizes, rng).items():
                print(f"{step:56} {seconds:8.1f} s")
        sizes_report()
        measure(rng, args.repeat)
    finally:
        from django.db import connections

        connections.close_all()
        if not (args.keep or args.reuse):
            admin(f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')


if __name__ == "__main__":
    main()
