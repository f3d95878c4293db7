"""Tables of a game's stored setup figures, so no translation can state other numbers."""

from collections import namedtuple

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


# The group of the game's figures each view shows.
VIEW_GROUPS = {
    SetupView.CARDS_USED: SetupGroup.DECK,
    SetupView.CARDS_RETURNED: SetupGroup.DECK,
    SetupView.CIVIC_TOKENS: SetupGroup.SUPPLY,
    SetupView.TURNS_AND_MARKET: SetupGroup.GAME_END,
    SetupView.EACH_PLAYER: SetupGroup.EACH_PLAYER,
}


# rows: (players, [figures]) per player count; footer: (label, [figures]) or None.
SetupTable = namedtuple("SetupTable", "caption columns rows footer")


def player_counts(game):
    """Every player count some setup figure of the game covers, fewest first."""
    return sorted({n for f in game.setup for n in range(f.min_players, f.max_players + 1)})


def setup_table(game, view, caption=""):
    """The table for `view` of the game's setup (components by player counts), or None."""
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
        if figure is None or (view == SetupView.CARDS_RETURNED and figure.in_box is None):
            return NO_FIGURE
        if view == SetupView.CARDS_RETURNED:
            return figure.in_box - figure.quantity
        return figure.quantity

    rows = [
        (players, [shown(cells.get((low, high, column))) for column in columns])
        for (low, high), players in sorted(ranges.items())
    ]
    footer = None
    if view in (SetupView.CARDS_USED, SetupView.CARDS_RETURNED) and in_box:
        footer = (_("Total"), [in_box.get(column, NO_FIGURE) for column in columns])
    return SetupTable(caption=caption or view.label, columns=columns, rows=rows, footer=footer)
