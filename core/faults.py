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

That still costs a sync worker its full wait for every request that needs the database,
and requests that need none (cached pages) queue behind them. So a failure is remembered
(`DatabaseBreaker`): for RULESAGE_DATABASE_RETRY_SECONDS after the database last gave no
answer, requests that would need it get the 503 at once, and one request at a time is let
through to try it again (docs/decisions/database-hang.md).
"""

import logging
import signal
import sys
import threading
import time

from django.conf import settings
from django.db import InterfaceError, OperationalError, connections
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.log import log_response

from core.cache_tags import page_cache
from core.redis_cache import CacheUnavailable, errors_raised

logger = logging.getLogger("rulesage.faults")


class RequestTimedOut(Exception):
    """Raised in a request that ran past RULESAGE_REQUEST_TIME_LIMIT."""


class DatabaseKnownUnavailable(Exception):
    """The 503's reason when the database was not tried: it gave no answer moments ago."""


DATABASE_ERRORS = (OperationalError, InterfaceError, RequestTimedOut)


def gave_no_answer(exception):
    """True when the database did not answer (refused, connection timed out or lost, a
    query never answered); False when PostgreSQL answered with an error of its own (a slow
    query ended by the statement timeout, a deadlock), which says nothing of the next
    request. psycopg names the server's errors by their SQLSTATE; its own have none."""
    if isinstance(exception, RequestTimedOut):
        return True
    return getattr(exception.__cause__, "sqlstate", None) is None


def database_unavailable(request, exception):
    """The 503 for a request whose database work failed; the breaker learns of it."""
    if isinstance(exception, RequestTimedOut):
        # The connection may be in the middle of a query that will never be answered:
        # the next request opens a new one.
        connections.close_all()
    if gave_no_answer(exception):
        breaker.failed()
    return unavailable_response(request, exception)


def unavailable_response(request, exception):
    """The 503 page, logged as one line; rendered from a template that reads no data.

    Logged through Django's `log_response`, which notes on the response that it was
    logged: Django would otherwise log the 503 again (django.request), with the traceback
    when the error reached handler500.
    """
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


CLOSED, TRIAL, OPEN = "closed", "trial", "open"
BREAKER_KEY = "database:unavailable"
TRIAL_KEY = "database:trial"
# A failure no request has tried again (no traffic) is forgotten after this long.
FORGOTTEN_AFTER_SECONDS = 5 * 60


class DatabaseBreaker:
    """The last time the database gave no answer, known to every process through the page
    cache (Redis in production) and, for when Redis cannot be reached either, to this one.

    While it is known, requests that need the database are answered at once (OPEN), but
    for one request every RULESAGE_DATABASE_RETRY_SECONDS (TRIAL), taken with an atomic
    `add`, so that one process at a time waits on a database that may still not answer.
    A trial answered without the 503 clears it; a failed one starts the wait again.
    """

    def __init__(self):
        self.lock = threading.Lock()
        self.down_until = 0.0
        self.next_trial = 0.0

    @staticmethod
    def seconds():
        return settings.RULESAGE_DATABASE_RETRY_SECONDS

    def failed(self):
        seconds = self.seconds()
        if not seconds:
            return
        now = time.monotonic()
        with self.lock:
            self.down_until, self.next_trial = now + FORGOTTEN_AFTER_SECONDS, now + seconds
        cache = page_cache()
        cache.set(BREAKER_KEY, True, FORGOTTEN_AFTER_SECONDS)
        cache.set(TRIAL_KEY, True, seconds)

    def answered(self):
        with self.lock:
            self.down_until = 0.0
        page_cache().delete_many([BREAKER_KEY, TRIAL_KEY])

    def state(self):
        """CLOSED (no failure known), TRIAL (this request tries again) or OPEN."""
        seconds = self.seconds()
        if not seconds:
            return CLOSED
        # A trial holds its turn for as long as a request can take.
        turn = seconds + settings.RULESAGE_REQUEST_TIME_LIMIT
        try:
            with errors_raised():
                cache = page_cache()
                if not cache.get(BREAKER_KEY):
                    return CLOSED
                return TRIAL if cache.add(TRIAL_KEY, True, turn) else OPEN
        except CacheUnavailable:
            now = time.monotonic()
            with self.lock:
                if now >= self.down_until:
                    return CLOSED
                if now < self.next_trial:
                    return OPEN
                self.next_trial = now + turn
                return TRIAL


breaker = DatabaseBreaker()


class DatabaseBreakerMiddleware:
    """Right after the page cache: a request the cache could not answer needs the
    database, and while the database is known to give no answer it gets the 503 at once
    rather than a wait that holds its worker (see `DatabaseBreaker`)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        state = breaker.state()
        if state == OPEN:
            reason = f"no answer moments ago; tried again every {breaker.seconds():g} s"
            return unavailable_response(request, DatabaseKnownUnavailable(reason))
        response = self.get_response(request)
        if state == TRIAL and response.status_code != 503:
            breaker.answered()
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
