"""Addresses the site once answered at, and the one address each has moved to.

They are in links, bookmarks, feed readers and search engines, so each moves permanently
(`OneAddressMiddleware` asks `moved_to` when an address is not found, and keeps the query
string). The former forms are the patterns of `urlpatterns`, a URLconf of their own; each
pattern's function gives the address it moved to, or None when it names nothing:

- Until the words in addresses were translated, every language used the English ones:
  /es/rulings/<code>/errata/ is now /es/resoluciones/<code>/erratas/.
- A game's own pages (its feed, its setup checklists) were found by the game's slug under
  the word for games: /es/juegos/point-city/canal/. They are routes of the game's page
  now, under the page's own address in each language: /es/juegos/ciudad-de-puntos/canal/.
"""

from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.http import Http404
from django.urls import Resolver404, path, re_path, resolve, reverse
from django.utils import translation
from django.utils.text import format_lazy

from catalogue.models import Game
from guides.expansions import live_page

from .urls import GAMES


def english_words(request):
    """The path read as the English address it was (same prefix, English words), rebuilt
    in the current language. Only the views whose words are translated qualify."""
    language = translation.get_language()
    source = settings.LANGUAGE_CODE
    if language == source:
        return None
    with translation.override(source):
        try:
            match = resolve(f"/{source}/{request.path_info[len(language) + 2 :]}")
        except Resolver404:
            return None
    if match.url_name == "wagtail_serve":
        return None
    return reverse(match.view_name, args=match.args, kwargs=match.kwargs)


def game_page_route(request, slug, rest):
    """The game page's own route for what followed the game's slug (`canal/`,
    `preparacion/3/`), when the game has a page with that route."""
    page = live_page(Game.objects.filter(slug=slug).select_related("page").first())
    if page is None:
        return None
    try:
        match = page.resolve_subpage(f"/{rest}")
    except Http404:
        return None
    return page.subpage_url(match.url_name, request, **match.kwargs)


urlpatterns = i18n_patterns(
    *(re_path(rf"^{word}/", english_words) for word in ("corrections", "rulings", "search")),
    path(format_lazy("{}/<slug:slug>/<path:rest>", GAMES), game_page_route),
)


def moved_to(request):
    """The address a not-found `request` moved to (without its query), or None."""
    language = translation.get_language_from_path(request.path_info)
    if language is None:
        return None
    with translation.override(language):
        try:
            match = resolve(request.path_info, urlconf=__name__)
        except Resolver404:
            return None
        address = match.func(request, *match.args, **match.kwargs)
    # A route that was not found at its own address (a player count the game lacks).
    return address if address != request.path else None
