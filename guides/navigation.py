"""How a reader finds their way around a guide: its table of contents, the game's other
guides and the game's rulings, gathered once for the guide's template."""

from django.utils import translation

from core.blocks import sections
from core.cache_tags import SITE, of_game
from core.page_cache import remembered

from .related import public_rulings


def reading_aids(guide, page, game):
    """Context for the guide template: `toc`, `sibling_guides`, `game_editions` and the
    public `related_rulings` the sections name (`page` is the guide or an old version)."""

    def around():
        siblings = (
            type(guide).objects.sibling_of(guide, inclusive=False).live().order_by("path")
            if guide.pk
            else []
        )
        return list(siblings), list(game.editions.all()) if game else []

    # The same for every reader of the guide until something changes (a preview shows
    # the page being edited, so it reads them afresh).
    key = f"guide-around:{guide.pk}:{getattr(game, 'pk', None)}:{translation.get_language()}"
    tags = of_game(game.pk) if game else [SITE]
    siblings, editions = around() if not guide.pk else remembered(key, around, tags)
    return {
        "toc": sections(page.body),
        "sibling_guides": siblings,
        "game_editions": editions,
        "related_rulings": public_rulings(page.body),
    }
