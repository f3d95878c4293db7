"""A database that cannot be reached: readers get a 503 that says so, the log one line.

Without this, every request during an outage was the styled 500 page and logged a full
traceback (about 90 lines each). The outage is not a bug in the page, and it ends by
itself: Django drops a broken connection at the end of the request and opens a new one
on the next, so the site recovers when the database is back.

Responses that need no database still work during an outage: a page served from the
cache (placed before this middleware) never reaches the view that would fail.
"""

import logging
import sys

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template.loader import render_to_string

logger = logging.getLogger("rulesage.faults")

DATABASE_ERRORS = (OperationalError, InterfaceError)


def database_unavailable(request, exception):
    """The 503 page, logged as one line; rendered from a template that reads no data."""
    first_line = (str(exception).strip().splitlines() or [""])[0]
    logger.error(
        "Database unavailable: %s %s answered 503 (%s: %s)",
        request.method,
        request.get_full_path()[:200],
        type(exception).__name__,
        first_line[:200],
    )
    html = render_to_string("503.html", request=request)
    response = HttpResponse(html, status=503)
    response["Retry-After"] = str(settings.RULESAGE_RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    # Logged above, once: Django would log the 503 again (django.request) as an error.
    response._has_been_logged = True
    return response


class DatabaseUnavailableMiddleware:
    """Turns a connection failure raised by a view (or its template) into the 503."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, DATABASE_ERRORS):
            return database_unavailable(request, exception)
        return None


def server_error(request):
    """handler500: the 503 when the error was the database, otherwise the 500 page.

    A connection failure raised outside a view (by a middleware reading the session or
    looking up a redirect) skips the middleware above and arrives here, still inside
    Django's exception handling, where sys.exc_info() names it.
    """
    exception = sys.exc_info()[1]
    if isinstance(exception, DATABASE_ERRORS):
        return database_unavailable(request, exception)
    return HttpResponse(render_to_string("500.html"), status=500)
