"""Tables of a game's setup figures, built from the one copy stored on `rulings.Game`.

Each language's guide picks a view of the same numbers (English states the cards *used*,
the Spanish game-help the cards *returned to the box*); only headings are translated, so a
translation can never state different figures from the original.
"""

from dataclasses import dataclass

from django.db import models
from django.utils.translation import gettext_lazy as _

# Shown where a game gives no figure for a player count (e.g. no civic tokens in a variant).
NO_FIGURE = "—"


class SetupView(models.TextChoices):
    CARDS_USED = "cards_used", _("Cards used from each tier")
    CARDS_RETURNED = "cards_returned", _("Cards of each tier returned to the box")
    CIVIC_TOKENS = "civic_tokens", _("Civic tokens in the shared supply")
    TURNS_AND_MARKET = "turns_and_market", _("Turns per player and cards left in the market")


@dataclass(frozen=True)
class SetupTable:
    caption: str
    columns: list
    rows: list  # (players, [figures]) per player count
    footer: tuple | None = None  # (label, [figures]) under the rows, e.g. the box totals


def _figure(value):
    return NO_FIGURE if value is None else value


def setup_table(game, view, caption=""):
    """The table for `view` of the game's setup, or None when the game has no figures."""
    rows = game.setup_rows()
    if not rows:
        return None
    view = SetupView(view)
    caption = caption or view.label
    if view in (SetupView.CARDS_USED, SetupView.CARDS_RETURNED):
        key = "cards_used" if view == SetupView.CARDS_USED else "cards_returned"
        totals = [tier.value["total_cards"] for tier in game.deck_tiers]
        return SetupTable(
            caption=caption,
            columns=[_("Tier %(number)s") % {"number": n} for n in game.tier_numbers],
            rows=[(row["players"], row[key]) for row in rows],
            footer=(_("Total"), totals),
        )
    if view == SetupView.CIVIC_TOKENS:
        return SetupTable(
            caption=caption,
            columns=[_("Civic tokens")],
            rows=[(row["players"], [_figure(row["civic_tokens"])]) for row in rows],
        )
    return SetupTable(
        caption=caption,
        columns=[_("Turns per player"), _("Market cards left at the end")],
        rows=[
            (row["players"], [_figure(row["turns_per_player"]), _figure(row["market_cards_left"])])
            for row in rows
        ],
    )
