"""A game's stored setup figures as readers meet them: tables in guides, so no translation can
state other numbers, and the table-side checklist for one player count."""

import json
from collections import namedtuple

from django.db import models
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from wagtail.models import Page

from catalogue.models import SetupGroup
from core.cache_tags import game as game_tag
from core.cache_tags import game_guides, shows

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


def setup_table(game, view, caption):
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


Line = namedtuple("Line", "key text")
Section = namedtuple("Section", "heading lines")


def checklist(game, players):
    """The checklist's non-empty sections for `players`, in the order done at the table."""
    take, leave, supply, each, remember = [], [], [], [], []
    for figure in game.setup:
        if not figure.min_players <= players <= figure.max_players:
            continue
        # Keyed by the figure's id: a tick kept offline survives a change of language.
        key, numbers = f"{figure.pk}", {"quantity": figure.quantity, "component": figure.component}
        counted = gettext("%(quantity)s × %(component)s")
        if figure.group == SetupGroup.DECK:
            take.append(Line(key, counted % numbers))
            if figure.in_box is not None and figure.in_box > figure.quantity:
                back = {**numbers, "quantity": figure.in_box - figure.quantity}
                leave.append(Line(f"{key}-box", counted % back))
        elif figure.group == SetupGroup.SUPPLY:
            supply.append(Line(key, counted % numbers))
        elif figure.group == SetupGroup.EACH_PLAYER:
            total = {**numbers, "total": figure.quantity * players}
            each.append(
                Line(key, gettext("%(quantity)s × %(component)s each (%(total)s in all)") % total)
            )
        else:
            remember.append(Line(key, gettext("%(component)s: %(quantity)s") % numbers))
    sections = [
        Section(gettext("Take out of the box"), take),
        Section(gettext("Leave in the box"), leave),
        Section(gettext("Shared supply"), supply),
        Section(gettext("Each player"), each),
        Section(gettext("Keep in mind"), remember),
    ]
    return [section for section in sections if section.lines]


def setup_checklist(request, page, players=None):
    """The checklist for `players` (or the choice of player counts) of game page `page`."""
    game = page.game
    links = page.checklist_links(request)
    if not links or (players is not None and players not in dict(links)):
        raise Http404
    shows(game_tag(game.pk), game_guides(game.pk))
    guides = Page.objects.child_of(page).live().public()
    name, kwargs = ("setup_players", {"players": players}) if players else ("setup", {})
    context = {
        "game": game,
        "game_page": page,
        "guides": guides,
        "checklist_links": links,
        "players": players,
        "sections": checklist(game, players) if players else [],
        # For the language switcher and alternates, in each language's words.
        "live_page": page,
        "page_subpath": lazy(page.reverse_subpage, str)(name, kwargs=kwargs),
    }
    if players:
        # Read by checklist.js from a data attribute (escaped there like any text).
        context["offline_urls"] = json.dumps(
            [
                page.subpage_url(name, request, **kwargs),
                page.get_url(request),
                *(guide.get_url(request) for guide in guides),
            ]
        )
        context["storage_key"] = f"rulesage-checklist:{game.slug}:{players}"
    return render(request, "guides/setup_checklist.html", context)


def service_worker(request):
    """The service worker, from the site's root so it may answer for every page kept."""
    script = render_to_string("guides/service_worker.js")
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response
