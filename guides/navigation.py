"""How a reader finds their way around a guide: its table of contents, the game's other
guides and the game's rulings, gathered once for the guide's template."""

from core.blocks import sections

from .related import public_rulings


def reading_aids(guide, page, game):
    """Context for the guide template: `toc`, `sibling_guides`, `game_editions` and the
    public `related_rulings` the sections name (`page` is the guide or an old version)."""
    from .models import GuidePage

    siblings = (
        GuidePage.objects.sibling_of(guide, inclusive=False).live().order_by("path")
        if guide.pk
        else GuidePage.objects.none()
    )
    return {
        "toc": sections(page.body),
        "sibling_guides": siblings,
        "game_editions": list(game.editions.all()) if game else [],
        "related_rulings": public_rulings(page.body),
    }
