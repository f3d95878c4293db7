"""The games index as readers page through it: alphabetical, a page at a time, with a
jump to each initial and a box that finds a game by part of its name.

A catalogue holds thousands of games: no page lists them all. Every query here is bounded
by the page (the page's games, the count, one row per initial), whatever the catalogue.
"""

from django.db.models import CharField, Count, Value
from django.db.models.functions import Coalesce, NullIf, Substr, Upper
from django.utils.translation import get_language

from core.page_cache import accept
from core.pagination import page_of
from core.translated_fields import SOURCE_LANGUAGE

GAMES_PER_PAGE = 50
# What is looked up is cut here (the longest game name is far shorter).
TYPED_LIMIT = 100


def shown_title(language=None):
    """The title a reader of `language` sees, as an expression: theirs, else English."""
    language = (language or get_language() or SOURCE_LANGUAGE)[:2]
    columns = dict.fromkeys([f"title_{language}", f"title_{SOURCE_LANGUAGE}"])
    return Coalesce(
        *(NullIf(column, Value("")) for column in columns),
        Value(""),
        output_field=CharField(),
    )


def games_listing(game_pages, request):
    """Context for the games index: a page of `game_pages` (live game pages, ordered by the
    title readers see), or those whose title holds `?q=`; the initials with the page each
    begins on; the pager's names (`core.pagination`)."""
    typed = " ".join(request.GET.get("q", "")[:TYPED_LIMIT].split())
    game_pages = game_pages.annotate(shown=shown_title()).annotate(
        initial=Upper(Substr("shown", 1, 1))
    )
    ordered = game_pages.select_related("game").order_by("shown", "pk")
    if typed:
        accept(request, "q", typed)
        found = ordered.filter(shown__icontains=typed)
        count = found.count()
        return {
            "typed": typed,
            "game_pages": list(found[:GAMES_PER_PAGE]),
            "found_count": count,
            "more_found": count > GAMES_PER_PAGE,
        }
    initials = list(
        game_pages.order_by()
        .values("initial")
        .annotate(games=Count("pk"))
        .order_by("initial")
        .values_list("initial", "games")
    )
    count = sum(games for _initial, games in initials)
    listing = page_of(ordered, request, GAMES_PER_PAGE, count=count)
    jumps, before = [], 0
    for initial, games in initials:
        jumps.append({"initial": initial, "page": before // GAMES_PER_PAGE + 1})
        before += games
    listing["game_pages"] = listing["page_obj"].object_list
    listing["initials"] = jumps
    return listing
