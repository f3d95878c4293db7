"""One address per page, before any view or the page cache stores a second. Former
addresses are this module's URL patterns, each giving the new address: English words under
every language (/es/rulings/…), and a game's own pages under its slug, now its page's routes."""

from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.http import Http404, HttpResponsePermanentRedirect, HttpResponseRedirect
from django.urls import Resolver404, path, re_path, resolve, reverse
from django.utils import translation
from django.utils.text import format_lazy

from catalogue.models import Game
from core.page_cache import respelled
from guides.models.games import live_page

from .urls import GAMES


def english_words(request):
    """The path read as the English address it was, rebuilt in the current language."""
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
    """The game page's route for what followed the game's slug (`canal/`, `preparacion/3/`)."""
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


class OneAddressMiddleware:
    """Redirect an encoded slash (a second address of the page) to the plain path; a query
    value written otherwise than the view accepted it (`?page=01`) to the address that
    writes it, for now; a former address, once nothing is found there, to `moved_to`."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # The path as sent (gunicorn's RAW_URI, or REQUEST_URI).
        sent = request.META.get("RAW_URI") or request.META.get("REQUEST_URI") or ""
        if "%2f" in sent.split("?", 1)[0].lower():
            return HttpResponsePermanentRedirect(request.get_full_path())
        response = self.get_response(request)
        if request.method not in ("GET", "HEAD"):
            return response
        if response.status_code == 200 and (address := respelled(request)):
            return HttpResponseRedirect(address)
        if response.status_code == 404 and (address := moved_to(request)):
            query = request.META.get("QUERY_STRING")
            return HttpResponsePermanentRedirect(f"{address}?{query}" if query else address)
        return response
