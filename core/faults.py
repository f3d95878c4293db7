"""A database that cannot be reached, or hangs, answers readers with a 503 at once and
the log with one line (docs/decisions/database-hang.md)."""

import logging
import signal
import sys
import threading
import time

from django.conf import settings
from django.db import InterfaceError, OperationalError, connections
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.deprecation import MiddlewareMixin
from django.utils.log import log_response

from core import replicas
from core.cache_tags import page_cache
from core.redis_cache import CacheUnavailable, errors_raised

logger = logging.getLogger("rulesage.faults")


class RequestTimedOut(Exception):
    """A request ran past RULESAGE_REQUEST_TIME_LIMIT."""


class DatabaseKnownUnavailable(Exception):
    """The 503's reason when the database was not tried: it gave no answer moments ago."""


DATABASE_ERRORS = (OperationalError, InterfaceError, RequestTimedOut)


def database_unavailable(request, exception):
    """The 503 for a request whose database work failed; the breaker learns of it unless
    PostgreSQL answered with its own error (an SQLSTATE: a statement timeout, a deadlock),
    or it was a replica that failed."""
    if replicas.failed_in_request():
        # The primary may be well: core.page_cache reads the page again from it.
        return HttpResponse(status=503, headers={"Cache-Control": "no-store"})
    timed_out = isinstance(exception, RequestTimedOut)
    if timed_out:
        # The connection may wait on a query for ever: the next request opens a new one.
        connections.close_all()
    if timed_out or getattr(exception.__cause__, "sqlstate", None) is None:
        breaker.failed()
    return unavailable_response(request, exception)


def unavailable_response(request, exception):
    """The 503 page, from a template that reads no data, logged as one line (through
    `log_response`, so django.request does not log it again with its traceback)."""
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
# A failure no request has tried again is forgotten after this long.
FORGOTTEN_AFTER_SECONDS = 5 * 60


class DatabaseBreaker:
    """The last time the database gave no answer, shared through Redis: meanwhile
    requests get the 503 at once (OPEN) but one in a while tries again (TRIAL)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.down_until = 0.0
        self.next_trial = 0.0

    def failed(self):
        seconds = settings.RULESAGE_DATABASE_RETRY_SECONDS
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
        seconds = settings.RULESAGE_DATABASE_RETRY_SECONDS
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
    """Right after the page cache: while the database is known to give no answer, a request
    the cache could not answer gets the 503 at once rather than holding its worker."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        state = breaker.state()
        if state == OPEN:
            seconds = settings.RULESAGE_DATABASE_RETRY_SECONDS
            reason = f"no answer moments ago; tried again every {seconds:g} s"
            return unavailable_response(request, DatabaseKnownUnavailable(reason))
        response = self.get_response(request)
        if state == TRIAL and response.status_code != 503:
            breaker.answered()
        return response


class DatabaseUnavailableMiddleware(MiddlewareMixin):
    """A connection failure raised by a view (or its template) becomes the 503."""

    def process_exception(self, request, exception):
        if isinstance(exception, DATABASE_ERRORS):
            return database_unavailable(request, exception)
        return None


def server_error(request):
    """handler500: the 503 for a connection failure raised outside a view (a middleware
    reading the session), otherwise the 500 page."""
    exception = sys.exc_info()[1]
    if isinstance(exception, DATABASE_ERRORS):
        return database_unavailable(request, exception)
    return HttpResponse(render_to_string("500.html"), status=500)


def _time_is_up(_signum, _frame):
    raise RequestTimedOut(f"no response after {settings.RULESAGE_REQUEST_TIME_LIMIT} s")


class RequestTimeLimitMiddleware:
    """Ends a request running past RULESAGE_REQUEST_TIME_LIMIT with the 503, by an alarm
    signal (main thread only, as gunicorn's sync workers run); the admin is exempt."""

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
