"""One address per page, before any view or the page cache.

An encoded slash (`/en/games%2Fpoint-city%2F`) arrives decoded, so the page would be
served, and cached, under a second address: it is redirected to the one address. An
address the site used to answer at (pages/former_addresses.py) is redirected to the
one it moved to. A query value the view accepted written otherwise than the page's
address writes it (`?page=1`, `?page=01`, `?page=last`: core.page_cache.accept) is
redirected to that address.
"""

from django.http import HttpResponsePermanentRedirect, HttpResponseRedirect

from core.page_cache import respelled

from .former_addresses import moved_to


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
