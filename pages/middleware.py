"""One address per page, before any view or the page cache (which stores only what answers
200 at its one address)."""

from django.http import HttpResponsePermanentRedirect, HttpResponseRedirect

from core.page_cache import respelled

from .former_addresses import moved_to


class OneAddressMiddleware:
    """Redirect a path with an encoded slash (it arrives decoded, a second address of the
    page) to the path written plainly; a page whose view accepted a query value written
    otherwise (`?page=01`, core.page_cache.accept) to the address that writes it, for now
    (`?page=last` moves as the list grows); a former address, once nothing is found at it,
    to the one it moved to (pages/former_addresses.py), with its query string."""

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
