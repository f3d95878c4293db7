"""Tables of a game's setup figures, built from the one copy stored on the game's rows.

Each language's guide picks a view of the same numbers (English states the cards *used*,
the Spanish game-help the cards *returned to the box*); only headings and component names
are translated, so a translation can never state different figures from the original.
"""

from dataclasses import dataclass

from django.db import models
from django.utils.translation import gettext_lazy as _

from catalogue.models import SetupGroup

# Shown where a game gives no figure for a player count (e.g. no civic tokens in a variant).
NO_FIGURE = "—"


class SetupView(models.TextChoices):
    CARDS_USED = "cards_used", _("Cards used from each tier")
    CARDS_RETURNED = "cards_returned", _("Cards of each tier returned to the box")
    CIVIC_TOKENS = "civic_tokens", _("Civic tokens in the shared supply")
    TURNS_AND_MARKET = "turns_and_market", _("Turns per player and cards left in the market")
    EACH_PLAYER = "each_player", _("What each player starts with")


# The game's figures each view shows: a view names a table of the game's setup, so any
# game's components fit the views without new fields.
VIEW_GROUPS = {
    SetupView.CARDS_USED: SetupGroup.DECK,
    SetupView.CARDS_RETURNED: SetupGroup.DECK,
    SetupView.CIVIC_TOKENS: SetupGroup.SUPPLY,
    SetupView.TURNS_AND_MARKET: SetupGroup.GAME_END,
    SetupView.EACH_PLAYER: SetupGroup.EACH_PLAYER,
}


@dataclass(frozen=True)
class SetupTable:
    caption: str
    columns: list
    rows: list  # (players, [figures]) per player count
    footer: tuple | None = None  # (label, [figures]) under the rows, e.g. the box totals


def player_counts(game):
    """Every player count some setup figure of the game covers, fewest first: the counts
    a table-side checklist is offered for (guides.checklist)."""
    return sorted({n for f in game.setup for n in range(f.min_players, f.max_players + 1)})


def _figure(value):
    return NO_FIGURE if value is None else value


def setup_table(game, view, caption=""):
    """The table for `view` of the game's setup, or None when the game has no such figures.

    Columns are the components in the order editors gave them, rows the player counts from
    the fewest players; a component without a figure for a player count shows NO_FIGURE.
    """
    view = SetupView(view)
    figures = [figure for figure in game.setup if figure.group == VIEW_GROUPS[view]]
    if not figures:
        return None
    columns = list(dict.fromkeys(figure.component for figure in figures))
    ranges = {(figure.min_players, figure.max_players): figure.players for figure in figures}
    cells = {
        (figure.min_players, figure.max_players, figure.component): figure for figure in figures
    }
    in_box = {figure.component: figure.in_box for figure in figures if figure.in_box is not None}

    def shown(figure):
        if figure is None:
            return NO_FIGURE
        if view == SetupView.CARDS_RETURNED:
            return _figure(None if figure.in_box is None else figure.in_box - figure.quantity)
        return figure.quantity

    rows = []
    for (low, high), players in sorted(ranges.items()):
        rows.append((players, [shown(cells.get((low, high, column))) for column in columns]))
    footer = None
    if view in (SetupView.CARDS_USED, SetupView.CARDS_RETURNED) and in_box:
        footer = (_("Total"), [_figure(in_box.get(column)) for column in columns])
    return SetupTable(caption=caption or view.label, columns=columns, rows=rows, footer=footer)
