"""A database that cannot be reached: readers get a 503 that says so, the log one line.

Without this, every request during an outage was the styled 500 page and logged a full
traceback (about 90 lines each). The outage is not a bug in the page, and it ends by
itself: Django drops a broken connection at the end of the request and opens a new one
on the next, so the site recovers when the database is back.

Responses that need no database still work during an outage: a page served from the
cache (placed before this middleware) never reaches the view that would fail.

A database that stops answering in the middle of a query (its connection kept open from
an earlier request) raises nothing: the query waits for ever. `RequestTimeLimitMiddleware`
ends such a request after RULESAGE_REQUEST_TIME_LIMIT seconds with the same 503, instead
of leaving the worker held until gunicorn kills it (and the reader with no page at all).
"""

import logging
import signal
import sys
import threading

from django.conf import settings
from django.db import InterfaceError, OperationalError, connections
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.log import log_response

logger = logging.getLogger("rulesage.faults")


class RequestTimedOut(Exception):
    """Raised in a request that ran past RULESAGE_REQUEST_TIME_LIMIT."""


DATABASE_ERRORS = (OperationalError, InterfaceError, RequestTimedOut)


def database_unavailable(request, exception):
    """The 503 page, logged as one line; rendered from a template that reads no data.

    Logged through Django's `log_response`, which notes on the response that it was
    logged: Django would otherwise log the 503 again (django.request), with the traceback
    when the error reached handler500.
    """
    if isinstance(exception, RequestTimedOut):
        # The connection may be in the middle of a query that will never be answered:
        # the next request opens a new one.
        connections.close_all()
    html = render_to_string("503.html", request=request)
    response = HttpResponse(html, status=503)
    response["Retry-After"] = str(settings.RULESAGE_RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    first_line = (str(exception).strip().splitlines() or [""])[0]
    log_response(
        "Database unavailable: %s %s answered 503 (%s: %s)",
        request.method,
        request.get_full_path()[:200],
        type(exception).__name__,
        first_line[:200],
        response=response,
        request=request,
        logger=logger,
    )
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


def _time_is_up(_signum, _frame):
    raise RequestTimedOut(f"no response after {settings.RULESAGE_REQUEST_TIME_LIMIT} s")


class RequestTimeLimitMiddleware:
    """Ends a request that runs past RULESAGE_REQUEST_TIME_LIMIT seconds (0: no limit).

    An alarm signal interrupts whatever the request is waiting on (a query to a database
    that stopped answering) and the 503 page is answered. Signals reach the main thread
    only: the limit applies under gunicorn's sync workers (gunicorn.conf.py), where each
    request runs there, and not under a threaded server. The admin's requests are left to
    the worker timeout, since an editor's bulk action may legitimately take a while.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = settings.RULESAGE_REQUEST_TIME_LIMIT
        if (
            not limit
            or threading.current_thread() is not threading.main_thread()
            or request.path.startswith(settings.RULESAGE_REQUEST_TIME_LIMIT_EXEMPT)
        ):
            return self.get_response(request)
        previous = signal.signal(signal.SIGALRM, _time_is_up)
        signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            return self.get_response(request)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
