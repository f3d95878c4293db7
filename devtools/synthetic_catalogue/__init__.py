"""A synthetic catalogue at the size of a real one, hung from the demo's pages: what the
benchmarks and query-budget tests measure, so a list growing with the catalogue shows there."""

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
    """Load the demo, then the catalogue at `scale`; the seconds each step took. Rules and
    pages load side by side (docs/decisions/catalogue-loading.md), except inside a caller's
    transaction (a test's), where a second connection would not see the games."""
    from core.freshness import refresh_all_statuses
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

    def timed(name, step, *args):
        log(f"{name}…")
        start = time.perf_counter()
        result = step(*args)
        timings[name] = time.perf_counter() - start
        return result

    def rules():
        passages = timed("passages", load_passages, sizes, rules_words)
        timed("rulings and citations", load_rulings, sizes, rng, rules_words, passages)
        timed("corrections, errata, questions", load_corrections, sizes, rng, rules_words)

    def pages():
        timed("game pages and guides", load_pages, pages_words, log)

    drop_search_indexes()  # built once at the end rather than kept up to date row by row
    # Untranslated field names (title, slug) are the original's, whatever a caller's language.
    with translation.override(settings.LANGUAGE_CODE):
        try:
            timed("demo", load_demo, lambda line: None)
            timed("games, editions, rulebooks", load_games, sizes, rng, rules_words)
            if connection.in_atomic_block:
                rules()
                pages()
            else:
                start = time.perf_counter()
                side_by_side(rules, pages)
                timings["rules and pages, side by side"] = time.perf_counter() - start
        finally:
            timed("search indexes", build_search_indexes)
    # Written in bulk, without signals: the translators' statuses are decided once here.
    timed("translation statuses", refresh_all_statuses)
    # VACUUM sets the visibility map, as autovacuum soon would after a bulk load, so that
    # the lists' counts read their indexes alone; a caller's transaction allows ANALYZE only.
    statement = "ANALYZE" if connection.in_atomic_block else "VACUUM ANALYZE"
    timed("vacuum, analyze", lambda: connection.cursor().execute(statement))
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
