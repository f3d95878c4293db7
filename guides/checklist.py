"""A table-side setup checklist for one player count, from the game's stored setup figures;
each line's key is the figure's id, so a tick kept offline survives a change of language."""

import json
from collections import namedtuple

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from wagtail.models import Page

from catalogue.models import SetupGroup
from core.cache_tags import game as game_tag
from core.cache_tags import game_guides, shows

Line = namedtuple("Line", "key text")
Section = namedtuple("Section", "heading lines")


def checklist(game, players):
    """The checklist's non-empty sections for `players`, in the order done at the table."""
    take, leave, supply, each, remember = [], [], [], [], []
    for figure in game.setup:
        if not figure.min_players <= players <= figure.max_players:
            continue
        key, numbers = f"{figure.pk}", {"quantity": figure.quantity, "component": figure.component}
        counted = _("%(quantity)s × %(component)s")
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
                Line(key, _("%(quantity)s × %(component)s each (%(total)s in all)") % total)
            )
        else:
            remember.append(Line(key, _("%(component)s: %(quantity)s") % numbers))
    sections = [
        Section(_("Take out of the box"), take),
        Section(_("Leave in the box"), leave),
        Section(_("Shared supply"), supply),
        Section(_("Each player"), each),
        Section(_("Keep in mind"), remember),
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
