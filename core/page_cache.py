"""Whole reader pages cached for anonymous readers, never stale.

Each page is stored with the tags of what it shows and their versions (core.cache_tags),
and served while those are current: an edit re-renders only the pages that can show it.

Why tags declared by the views rather than one site-wide counter: at catalogue scale a
single save made every page of the site miss (docs/decisions/page-cache-tags.md). Why not
a list of addresses to purge per change: such a list is a second copy of every view's
queries. A view says what it shows (`cache_tags.shows`), in the same code that reads it; a
view that says nothing is stale after every change.

Only anonymous readers are served from the cache: a request with a session or a messages
cookie, or credentials, always reaches the view, and a response is stored only when it is
a 200 that set no cookie, used no CSRF token (forms) and did not ask not to be cached, and
its view accepted every query parameter as given (`accept`): one entry per page and
language, whatever values strangers send.
"""

import hashlib
import pickle
import threading
from urllib.parse import urlencode

from django.conf import settings
from django.dispatch import receiver
from django.http import HttpResponse
from django.utils import translation
from django.utils.cache import cc_delim_re

from . import cache_tags
from .cache_tags import SEQUENCE_KEY, SITE, page_cache
from .redis_cache import reachable_again

STATUS_HEADER = "X-Page-Cache"
# The tags of a stored page, for a CDN in front to purge by (Fastly and Varnish's xkey
# read Surrogate-Key, Cloudflare reads Cache-Tag).
TAG_HEADERS = ("Surrogate-Key", "Cache-Tag")
# How long an entry is kept when nothing replaces it (seconds); staleness is not a concern
# (the tags' versions take care of that), only memory.
DEFAULT_TIMEOUT = 24 * 60 * 60
# Headers that belong to one response, not to the page.
NOT_STORED = {"set-cookie", "date", STATUS_HEADER.lower()}


def enabled():
    return getattr(settings, "RULESAGE_PAGE_CACHE", False)


@receiver(reachable_again)
def bump_after_outage(sender, **kwargs):
    """A change made while Redis could not be reached moved no version on: make
    everything stale now, so no page rendered before that change is served after it.
    (Redis only: the database may be the one that is down.)"""
    cache_tags.move_on({SITE})


def remembered(key, compute, tags, timeout=DEFAULT_TIMEOUT):
    """`compute()`, kept while the versions of `tags` stay as they were.

    For what a page derives from content, such as a guide's breadcrumbs, its game's other
    guides, its sources and change log: once any request has computed it since the last
    change to those tags, an uncached page reads it without a database query. `tags` is a
    list, or a function of the computed value (a ruling's page read by its address names
    its game once read); the page that uses the value shows those tags too.
    `RULESAGE_REMEMBER = False` (REMEMBER=0) computes it every time.

    A value is kept under one key per `key`, replaced when it is computed again: values of
    old versions are not left behind. It is also kept in this process (`_kept`), so that a
    request that finds no change since it was stored reads nothing more from the cache.
    """
    if not cache_tags.invalidating() or not getattr(settings, "RULESAGE_REMEMBER", True):
        value = compute()
        if value is not None:
            cache_tags.shows(*(tags(value) if callable(tags) else tags))
        return value
    sequence = cache_tags.request_sequence()
    if sequence is None:  # the cache is unreachable: nothing kept could be trusted
        return compute()
    full_key = f"kept:{key}"
    entry = _kept.get(full_key)
    if entry is None or not cache_tags.still_current(entry[0], entry[1], sequence):
        entry = page_cache().get(full_key)
        if entry is not None and cache_tags.still_current(entry[0], entry[1], sequence):
            _kept.put(full_key, entry)
        else:
            entry = None
    if entry is not None:
        cache_tags.shows(*entry[1])
        return pickle.loads(entry[2])  # noqa: S301 (bytes this site pickled)
    value = compute()
    if value is None:  # nothing is kept for what is not there (a 404's address)
        return None
    # Every value, like every page, is stale once everything is (a release, a restore).
    value_tags = {SITE, *(tags(value) if callable(tags) else tags)}
    cache_tags.shows(*value_tags)
    versions = cache_tags.versions_to_store(value_tags, sequence)
    if versions is not None:
        entry = (sequence, versions, pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
        page_cache().set(full_key, entry, timeout)
        _kept.put(full_key, entry)
    return value


class KeptValues:
    """Remembered values in this process, up to `limit` bytes of pickles; when full it is
    emptied and starts again (each entry says itself whether it is still current)."""

    def __init__(self, limit):
        self.limit = limit
        self.lock = threading.Lock()
        self.values, self.size = {}, 0

    def get(self, key):
        return self.values.get(key)

    def put(self, key, entry):
        with self.lock:
            if self.size + len(entry[2]) > self.limit:
                self.values, self.size = {}, 0
            previous = self.values.get(key)
            if previous is not None:
                self.size -= len(previous[2])
            self.values[key] = entry
            self.size += len(entry[2])


_kept = KeptValues(limit=32 * 1024 * 1024)


# The query parameters reader pages read (lists, search, the ask page's check, a passage's
# page, the sitemap's files). A request with any other parameter (a campaign tag, a typo)
# gets the same page as without it, rendered afresh and not stored: a stranger's random
# parameters cannot fill the cache. Nor can their values: a page is stored only when its
# view accepted each value (`accept`).
READ_PARAMETERS = frozenset(
    {"page", "p", "q", "game", "edition", "kind", "status", "language", "passage", "question"}
)
# Of those, the ones a reader types (search words, a game or edition typed, the ask page's
# question): their pages are rendered every time and never stored, since what strangers
# type has no end and would fill the cache (a search answers from stored vectors anyway).
TYPED_PARAMETERS = frozenset({"q", "game", "edition", "question"})


def accept(request, name, value):
    """Say that the view read query parameter `name` and used it as `value`: the string the
    page's one address writes for it, or "" when the view used its default (the address
    leaves it out: the first page, no filter).

    Only the view knows which values it can use. A page is stored only when every
    parameter of its request was accepted and written as its address writes it
    (`as_accepted`); its canonical link names the accepted values (rulesage_tags); a value
    accepted but written otherwise (`?page=1`, `?page=last`) is redirected to that address
    (pages.middleware). A value the view could not use is not accepted: its page is
    rendered without it and not stored."""
    accepted(request)[name] = value


def accepted(request):
    """{name: value} of the query parameters the request's view has accepted so far."""
    if not hasattr(request, "query_accepted"):
        request.query_accepted = {}
    return request.query_accepted


def as_accepted(request):
    """True when every query parameter of the request was accepted, given once and written
    as the page's address writes it: the request asks for the page at its one address."""
    record = accepted(request)
    return all(
        record.get(name) and values == [record[name]] for name, values in request.GET.lists()
    )


def respelled(request):
    """The request's address with each parameter its view accepted written as the page's
    address writes it, when one was written otherwise (`?page=1`, `?page=01`, `?page=last`);
    else None. What a reader types (TYPED_PARAMETERS) is kept as typed."""
    record = accepted(request)
    pairs, differs = [], False
    for name, values in request.GET.lists():
        if name in record and name not in TYPED_PARAMETERS:
            value = record[name]
            differs = differs or values != [value]
            values = [value] if value else []
        pairs += [(name, value) for value in values]
    if not differs:
        return None
    return request.path + (f"?{urlencode(pairs)}" if pairs else "")


def cache_key(request):
    """One key per scheme, host, language, path and query, the query's parameters in one
    order: the same page asked for twice is one entry."""
    language = translation.get_language_from_request(request, check_path=True)
    query = urlencode(sorted(request.GET.lists()), doseq=True)
    address = f"{request.scheme}|{request.get_host()}|{language}|{request.path}?{query}"
    return "page-cache:" + hashlib.sha256(address.encode()).hexdigest()


def anonymous(request):
    """True when nothing in the request can make its page personal."""
    cookies = request.COOKIES
    return not (
        settings.SESSION_COOKIE_NAME in cookies
        or "messages" in cookies
        or "HTTP_AUTHORIZATION" in request.META
    )


def cacheable_request(request):
    prefixes = getattr(settings, "RULESAGE_PAGE_CACHE_SKIP_PREFIXES", ())
    return (
        request.method in ("GET", "HEAD")
        and anonymous(request)
        and not request.path.startswith(tuple(prefixes))
        and set(request.GET) <= READ_PARAMETERS
        and not set(request.GET) & TYPED_PARAMETERS
    )


def cacheable_response(request, response):
    if response.status_code != 200 or response.streaming or response.cookies:
        return False
    if request.META.get("CSRF_COOKIE_NEEDS_UPDATE") or request.META.get("CSRF_COOKIE_USED"):
        return False  # the page holds a form's CSRF token
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return False
    cache_control = {
        part.split("=")[0].strip().lower()
        for part in cc_delim_re.split(response.get("Cache-Control", ""))
    }
    return not cache_control & {"private", "no-cache", "no-store"}


def stored(response, sequence, versions):
    headers = [(k, v) for k, v in response.items() if k.lower() not in NOT_STORED]
    return (sequence, versions, response.content, headers)


def from_stored(value):
    _sequence, _versions, content, headers = value
    response = HttpResponse(content)
    for name, header in headers:
        response[name] = header
    return response


def tag_response(response, tags):
    """Name the page's tags for a CDN (`core.page_cache_events` purges by them)."""
    names = sorted(tags)
    response[TAG_HEADERS[0]] = " ".join(names)
    response[TAG_HEADERS[1]] = ",".join(names)


class PageCacheMiddleware:
    """Serve anonymous GETs of reader pages from the cache, and fill it.

    It sits right after WhiteNoise, before the session, language, CSRF and authentication
    middleware, so a hit skips them all (the stored headers include what they added, such
    as Content-Language and Vary); the key holds the language the request asks for.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        cache_tags.database_watch.start()
        cache_tags.begin_request()
        try:
            return self.respond(request)
        finally:
            cache_tags.end_request()

    def respond(self, request):
        if not enabled() or not cacheable_request(request):
            return self.get_response(request)
        key = cache_key(request)
        # The sequence and the page in one round trip (MGET).
        found = page_cache().get_many([SEQUENCE_KEY, key])
        sequence = found.get(SEQUENCE_KEY) or cache_tags.read_sequence()
        if sequence is None:  # the cache is unreachable (core.redis_cache): uncached
            return self.get_response(request)
        cache_tags.begin_request(sequence)
        value = found.get(key)
        if value is not None and cache_tags.still_current(value[0], value[1], sequence):
            if value[0] != sequence:  # current still: the next hit need not ask again
                page_cache().set(key, (sequence, *value[1:]), self.timeout())
            response = from_stored(value)
            response[STATUS_HEADER] = "hit"
            return response
        response = self.get_response(request)
        if (
            request.method == "GET"
            and as_accepted(request)
            and cacheable_response(request, response)
        ):
            tags = cache_tags.shown()
            versions = cache_tags.versions_to_store(tags, sequence)
            tag_response(response, tags)
            if versions is not None:
                page_cache().set(key, stored(response, sequence, versions), self.timeout())
            response[STATUS_HEADER] = "miss"
        elif value is not None:
            # A copy was kept but something it shows has changed since: this answer needed
            # the view (and the database), as a fault's 503 did.
            response[STATUS_HEADER] = "stale"
        return response

    @staticmethod
    def timeout():
        return getattr(settings, "RULESAGE_PAGE_CACHE_TIMEOUT", DEFAULT_TIMEOUT)
