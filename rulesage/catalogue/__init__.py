"""A synthetic catalogue at the size of a real one, browsable like the demo.

`load_catalogue(scale)` fills the configured PostgreSQL database: at scale 1, 2,000 games
each with an English and a Spanish edition and rulebook (4,000 of each, 500,000 passages),
a game page and a guide in both languages, 100,000 rulings with 1–8 numbered citations,
5,000 corrections, 2,000 errata cards and 10,000 reader questions (500 waiting). The demo
is loaded first, so the catalogue hangs from the demo's home page and games index. It is
what the benchmarks and the query-budget tests measure, so that a list that grows with
the catalogue shows up there rather than on a real site.

Words are Zipf-distributed (`words`), so common words are common; every ruling is
labelled illustrative, as the demo's invented content is.
"""

from __future__ import annotations

import random
import time

from django.conf import settings
from django.db import connection
from django.utils import translation

from .copying import build_search_indexes, drop_search_indexes
from .pages import load_pages
from .rules import FIRST_BGG_ID, Sizes, load_corrections, load_games, load_passages, load_rulings
from .words import EN, ES, Words, invented_words

__all__ = ["FIRST_BGG_ID", "Sizes", "catalogue_present", "load_catalogue"]


def catalogue_present() -> bool:
    from rulings.models import Game

    return Game.objects.filter(bgg_id__gte=FIRST_BGG_ID).exists()


def load_catalogue(scale: float = 1.0, seed: int = 21, log=print) -> dict[str, float]:
    """Load the demo, then the catalogue at `scale`; the seconds each step took."""
    from rulesage.demo.loader import load_demo

    if connection.vendor != "postgresql":
        raise ValueError("The catalogue needs PostgreSQL (it is written with COPY).")
    rng = random.Random(seed)
    words = {
        "en": Words(rng, EN, invented_words(rng, 3000)),
        "es": Words(rng, ES, invented_words(rng, 3000)),
    }
    sizes = Sizes.at(scale)
    timings: dict[str, float] = {}
    passages: dict = {}

    def run(name, step):
        log(f"{name}…")
        start = time.perf_counter()
        step()
        timings[name] = time.perf_counter() - start

    drop_search_indexes()  # built once at the end rather than kept up to date row by row
    # Untranslated field names (title, slug) are the original's, whatever a caller's language.
    with translation.override(settings.LANGUAGE_CODE):
        try:
            run("demo", lambda: load_demo(log=lambda line: None))
            run("games, editions, rulebooks", lambda: load_games(sizes, rng, words))
            run("passages", lambda: passages.update(load_passages(sizes, words)))
            run("rulings and citations", lambda: load_rulings(sizes, rng, words, passages))
            run("corrections, errata, questions", lambda: load_corrections(sizes, rng, words))
            run("game pages and guides", lambda: load_pages(words, log))
        finally:
            run("search indexes", build_search_indexes)
    run("analyze", lambda: connection.cursor().execute("ANALYZE"))
    return timings
