"""A table-side setup checklist: what to take out for one player count, what stays in the
box, the shared supply and each player's share, from the game's stored setup figures.

The figures are the ones every language's guide shows (rulings.SetupFigure), so the
checklist can never state other numbers than the guide. Each line has a key made of the
figure's id, the same in every language: a tick kept in the browser under the game and
player count stays ticked when the reader switches language.

The checklist is a route of the game's page (guides.models.games), at the page's address
in each language. Once opened, it keeps itself, the game page and the game's guides for
use offline (site/static/js/checklist.js puts them in the browser's cache; the service
worker from `service_worker` serves them from there when the network is gone).
"""

import json
from dataclasses import dataclass

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from wagtail.models import Page

from catalogue.models import SetupGroup
from core.cache_tags import game as game_tag
from core.cache_tags import game_guides, shows


@dataclass(frozen=True)
class Line:
    key: str
    text: str


@dataclass(frozen=True)
class Section:
    heading: str
    lines: list


def checklist(game, players):
    """The checklist's sections for `players`, in the order they are done at the table;
    sections with nothing to do are left out."""
    take, leave, supply, each, remember = [], [], [], [], []
    for figure in game.setup:
        if not figure.min_players <= players <= figure.max_players:
            continue
        numbers = {"quantity": figure.quantity, "component": figure.component}
        if figure.group == SetupGroup.DECK:
            take.append(Line(f"{figure.pk}", _("%(quantity)s × %(component)s") % numbers))
            if figure.in_box is not None and figure.in_box > figure.quantity:
                back = {**numbers, "quantity": figure.in_box - figure.quantity}
                leave.append(Line(f"{figure.pk}-box", _("%(quantity)s × %(component)s") % back))
        elif figure.group == SetupGroup.SUPPLY:
            supply.append(Line(f"{figure.pk}", _("%(quantity)s × %(component)s") % numbers))
        elif figure.group == SetupGroup.EACH_PLAYER:
            total = {**numbers, "total": figure.quantity * players}
            text = _("%(quantity)s × %(component)s each (%(total)s in all)") % total
            each.append(Line(f"{figure.pk}", text))
        else:
            remember.append(Line(f"{figure.pk}", _("%(component)s: %(quantity)s") % numbers))
    sections = [
        Section(_("Take out of the box"), take),
        Section(_("Leave in the box"), leave),
        Section(_("Shared supply"), supply),
        Section(_("Each player"), each),
        Section(_("Keep in mind"), remember),
    ]
    return [section for section in sections if section.lines]


def setup_checklist(request, page, players=None):
    """The checklist for `players` (or the choice of player counts) of the game of `page`,
    its game page."""
    game = page.game
    links = page.checklist_links(request)
    if not links or (players is not None and players not in dict(links)):
        raise Http404
    shows(game_tag(game.pk), game_guides(game.pk))
    # The game page's children are its guides.
    guides = Page.objects.child_of(page).live().public()
    name, kwargs = ("setup_players", {"players": players}) if players else ("setup", {})
    context = {
        "game": game,
        "game_page": page,
        "guides": guides,
        "checklist_links": links,
        "players": players,
        "sections": checklist(game, players) if players else [],
        # The language switcher and the alternates name the checklist in each language's
        # words, after the game page's address in that language.
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
    """The service worker, served from the site's root so that it may answer for every
    page a checklist keeps (the checklist and the guides live under their game's page,
    in each language's address)."""
    script = render_to_string("guides/service_worker.js")
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response
