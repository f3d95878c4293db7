"""A synthetic catalogue at the size of a real one, browsable like the demo and hung from
its pages: what the benchmarks and the query-budget tests measure, so that a list growing
with the catalogue shows there rather than on a real site. Every ruling is illustrative."""

from __future__ import annotations

import random
import threading
import time

from django.conf import settings
from django.db import connection, connections
from django.utils import translation

from core.cache_tags import bump_everything

from .copying import build_search_indexes, drop_search_indexes
from .pages import load_pages
from .rules import FIRST_BGG_ID, Sizes, load_corrections, load_games, load_passages, load_rulings
from .words import EN, ES, Words, invented_words

__all__ = ["FIRST_BGG_ID", "Sizes", "catalogue_present", "load_catalogue"]


def catalogue_present() -> bool:
    from catalogue.models import Game

    return Game.objects.filter(bgg_id__gte=FIRST_BGG_ID).exists()


def load_catalogue(scale: float = 1.0, seed: int = 21, log=print) -> dict[str, float]:
    """Load the demo, then the catalogue at `scale`; the seconds each step took.

    The rules knowledge and the pages are loaded side by side, each on its own connection
    (docs/decisions/catalogue-loading.md), except inside a caller's transaction (a test's),
    where a second connection would not see the games.
    """
    from devtools.demo.loader import load_demo

    if connection.vendor != "postgresql":
        raise ValueError("The catalogue needs PostgreSQL (it is written with COPY).")
    rng = random.Random(seed)
    tails = {code: invented_words(rng, 3000) for code in ("en", "es")}
    # Each side draws from its own generator: the same seed, the same catalogue.
    rules_words = {"en": Words(rng, EN, tails["en"]), "es": Words(rng, ES, tails["es"])}
    pages_rng = random.Random(seed + 1)
    pages_words = {"en": Words(pages_rng, EN, tails["en"]), "es": Words(pages_rng, ES, tails["es"])}
    sizes = Sizes.at(scale)
    timings: dict[str, float] = {}

    def timed(name, step):
        def run():
            log(f"{name}…")
            start = time.perf_counter()
            step()
            timings[name] = time.perf_counter() - start

        return run

    def rules():
        passages = {}
        timed("passages", lambda: passages.update(load_passages(sizes, rules_words)))()
        timed("rulings and citations", lambda: load_rulings(sizes, rng, rules_words, passages))()
        timed("corrections, errata, questions", lambda: load_corrections(sizes, rng, rules_words))()

    pages = timed("game pages and guides", lambda: load_pages(pages_words, log))

    drop_search_indexes()  # built once at the end rather than kept up to date row by row
    # Untranslated field names (title, slug) are the original's, whatever a caller's language.
    with translation.override(settings.LANGUAGE_CODE):
        try:
            timed("demo", lambda: load_demo(log=lambda line: None))()
            timed("games, editions, rulebooks", lambda: load_games(sizes, rng, rules_words))()
            if connection.in_atomic_block:
                rules()
                pages()
            else:
                start = time.perf_counter()
                side_by_side(rules, pages)
                timings["rules and pages, side by side"] = time.perf_counter() - start
        finally:
            timed("search indexes", build_search_indexes)()
    # VACUUM sets the visibility map, as autovacuum soon would after a bulk load, so that
    # the lists' counts read their indexes alone; a caller's transaction allows ANALYZE only.
    statement = "ANALYZE" if connection.in_atomic_block else "VACUUM ANALYZE"
    timed("vacuum, analyze", lambda: connection.cursor().execute(statement))()
    # Written in bulk, without signals: every page a cache or a CDN kept is stale.
    bump_everything()
    return timings


def side_by_side(first, second) -> None:
    """Run `first` in a thread of its own (its own database connection) while `second`
    runs here; an error in either is raised here once both have stopped."""
    failed = []

    def run():
        try:
            first()
        except BaseException as error:  # re-raised below, in the caller's thread
            failed.append(error)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run, name="catalogue rules")
    thread.start()
    try:
        second()
    finally:
        thread.join()
    if failed:
        raise failed[0]
