"""A game's expansions as its page shows them, and a game's live page."""

from rulings.models import Ruling

# Rulings shown under each expansion on its base game's page; the count says how many more.
RULINGS_SHOWN = 5


def expansions_with_rulings(game):
    """The expansions of `game`, each with the newest `rulings` citing its books and their
    count, in the order of the names the reader sees (a translated name, or the English)."""
    expansions = sorted(game.expansions.select_related("page"), key=lambda e: e.name.casefold())
    for expansion in expansions:
        citing = Ruling.objects.citing_books_of(expansion).select_related("edition")
        expansion.rulings_count = citing.count()
        expansion.rulings = list(citing.order_by("-changed_for_readers_at", "-pk")[:RULINGS_SHOWN])
    return expansions


def live_page(game):
    """The game's page when readers can open it, else None."""
    page = getattr(game, "page", None)
    return page if page is not None and page.live else None
