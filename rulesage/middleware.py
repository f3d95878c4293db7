"""Requests the whole site refuses or corrects once, before any view or the page cache.

An encoded slash (`/en/games%2Fpoint-city%2F`) arrives decoded, so the page would be
served, and cached, under a second address: it is redirected to the one address. An
address the site used to answer at (rulesage/former_addresses.py) is redirected to the
one it moved to. A query value the view accepted written otherwise than the page's
address writes it (`?page=1`, `?page=01`, `?page=last`: core.page_cache.accept) is
redirected to that address.

Control characters are refused.

No address on this site contains a control character, but a request can: `%00` in a path
segment or a query value arrives in the view as a NUL byte, and PostgreSQL refuses any
query that holds one (a 500, even on a 404, when Wagtail looks the path up among its
redirects). Rather than guard every view and lookup, such a request is answered here,
before any of them runs, with the site's own 400 page.

A form sent without a field its page always writes is refused too.
"""

import re

from django.http import HttpResponsePermanentRedirect, HttpResponseRedirect
from django.utils.datastructures import MultiValueDictKeyError

from core.page_cache import respelled

from .former_addresses import moved_to
from .views import bad_request

# Unicode's control characters (category Cc): C0, DEL and C1.
CONTROL_CHARACTERS = re.compile("[\x00-\x1f\x7f-\x9f]")


def has_control_characters_in_path(request):
    return bool(
        CONTROL_CHARACTERS.search(request.path) or CONTROL_CHARACTERS.search(request.path_info)
    )


def has_control_characters_in_query(request, cleaned_by_view=frozenset()):
    """True when a query parameter's name, or a value the view does not clean, holds one."""
    return any(
        CONTROL_CHARACTERS.search(name)
        or (
            name not in cleaned_by_view
            and any(CONTROL_CHARACTERS.search(value) for value in values)
        )
        for name, values in request.GET.lists()
    )


class RefuseControlCharactersMiddleware:
    """Answer 400 to a request whose path or query holds a control character.

    It sits after LocaleMiddleware so the page speaks the language of the address, and
    before everything that could put the path in a database query.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if has_control_characters_in_path(request):
            return bad_request(request)
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        """Query values are checked once the view is known: a view may clean some itself.

        No view runs before this, and a 404 from a view met no refused value (Wagtail's
        redirect lookup reads the query string), since only cleaned names pass through.
        """
        cleaned = getattr(view_func, "cleans_control_characters", frozenset())
        if has_control_characters_in_query(request, cleaned):
            return bad_request(request)
        return None


class RefuseIncompleteFormsMiddleware:
    """Answer 400 to a request that lacks a field its view reads as always sent.

    Reading `request.POST[name]` (or GET, or FILES) raises MultiValueDictKeyError when the
    request has no such field. Wagtail's page editor reads a StreamField's count and its
    copy form the new parent page that way: the page they come from always writes those
    fields, so a request without them was not sent from it (made by hand, or cut short),
    and it is answered as malformed rather than as a fault of the site.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, MultiValueDictKeyError):
            return bad_request(request, exception)
        return None


def has_encoded_slash(request):
    """True when the path as sent (gunicorn's RAW_URI, or REQUEST_URI) encodes a slash."""
    sent = request.META.get("RAW_URI") or request.META.get("REQUEST_URI") or ""
    return "%2f" in sent.split("?", 1)[0].lower()


class OneAddressMiddleware:
    """Redirect a path with an encoded slash to the same path written plainly, a former
    address to the one it moved to, with its query string, and a page whose view accepted
    a query value written otherwise to the address that writes it as the view does.

    A former address is only looked for once the site has found nothing at it, and a
    query value's spelling once the view has read it, so no page pays for either. It sits
    before the page cache, which stores only what answers 200 at its one address: neither
    the redirect nor the page it leads to is kept under another address. The redirect of
    a query value is temporary: `?page=last` leads to a page that moves as the list grows.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if has_encoded_slash(request):
            return HttpResponsePermanentRedirect(request.get_full_path())
        response = self.get_response(request)
        if response.status_code == 200 and request.method in ("GET", "HEAD"):
            address = respelled(request)
            if address:
                return HttpResponseRedirect(address)
        if response.status_code == 404 and request.method in ("GET", "HEAD"):
            address = moved_to(request)
            if address:
                query = request.META.get("QUERY_STRING")
                return HttpResponsePermanentRedirect(f"{address}?{query}" if query else address)
        return response
