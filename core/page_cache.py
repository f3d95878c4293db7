"""Whole reader pages cached for anonymous readers, never stale: a site-wide generation.

Every cached page is stored with the *generation* it was rendered in, one counter in the
cache, and served only while that is still the current generation (the page and the
counter are read together, in one round trip). Any change to what a reader can see
(publishing, a correction, a ruling, an errata card, a translation marked current: the
events are wired in `rulesage.page_cache_events`) bumps the counter, and from the next
request on every page is rendered again once; old entries are replaced or expire.

Why one counter rather than purging the pages a change touches: what a page shows is
spread across the site (the home page lists the latest corrections, a ruling shows the
errata warnings of the passages it cites, a guide its re-check state), so a list of
"pages to purge" per change would be a second copy of every view's queries, silently
wrong the day a template shows something new. Content changes are rare (editors, imports)
and readers many; after a change each page is rendered once more.

A request reads the generation once, before its view runs, and stores its page with
that number. A page rendered while a change is being committed is therefore stored with
a generation the change makes old: the change bumps again once committed (see
`bump_generation`), so nothing rendered from data before the commit is served after it.

Only anonymous readers are served from the cache: a request with a session or a messages
cookie, or credentials, always reaches the view, and a response is stored only when it is
a 200 that set no cookie, used no CSRF token (forms) and did not ask not to be cached.
"""

import hashlib
import pickle
import threading
import time
from urllib.parse import urlencode

from asgiref.local import Local
from django.conf import settings
from django.core.cache import caches
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpResponse
from django.utils import translation
from django.utils.cache import cc_delim_re

from .redis_cache import reachable_again

CACHE_ALIAS = "pages"
GENERATION_KEY = "page-cache:generation"
STATUS_HEADER = "X-Page-Cache"
# How long an entry is kept when nothing replaces it (seconds); staleness is not a concern
# (the generation takes care of that), only memory.
DEFAULT_TIMEOUT = 24 * 60 * 60
# Headers that belong to one response, not to the page.
NOT_STORED = {"set-cookie", "date", STATUS_HEADER.lower()}

# The generation a request has read, so that everything it remembers (header links,
# breadcrumbs, the route's site) is read in one generation and the counter once, not once
# per remembered value. Set by PageCacheMiddleware for the length of a request; forgotten
# when this thread bumps the counter (its own change must be seen at once).
_request = Local()


def enabled():
    return getattr(settings, "RULESAGE_PAGE_CACHE", False)


def page_cache():
    return caches[CACHE_ALIAS]


def first_generation():
    """Where a counter starts when it is missing: the time in microseconds.

    Starting again at 1 after the counter was evicted (or flushed) would reuse numbers
    whose pages may still be stored; a clock reading is above every number used before,
    as long as there were fewer bumps than microseconds since the last start.
    """
    return time.time_ns() // 1000


def current_generation():
    """The counter, or None when the cache cannot be reached (nothing is then cached)."""
    cache = page_cache()
    generation = cache.get(GENERATION_KEY)
    if generation is None:
        cache.add(GENERATION_KEY, first_generation(), timeout=None)
        generation = cache.get(GENERATION_KEY)
    return generation


def request_generation():
    """The generation this request reads in: read once per request, on first use."""
    if getattr(_request, "active", False):
        generation = getattr(_request, "generation", None)
        if generation is None:
            generation = _request.generation = current_generation()
        return generation
    return current_generation()


def _bump():
    _request.generation = None
    cache = page_cache()
    try:
        cache.incr(GENERATION_KEY)
    except ValueError:  # missing: a new counter is a new generation already
        cache.add(GENERATION_KEY, first_generation(), timeout=None)


@receiver(reachable_again)
def bump_after_outage(sender, **kwargs):
    """A change made while Redis could not be reached did not move the generation on:
    move it on now, so no page rendered before that change is served after it."""
    if getattr(settings, "RULESAGE_PAGE_CACHE_INVALIDATE", True):
        _bump()


def bump_generation():
    """Make every cached page stale: now, and again when the current transaction commits.

    Now, so that the writer's own next request (and a test inside one transaction) sees
    the change; on commit, so that a page another request rendered from the data before
    the commit, and stored under the generation set now, is not served afterwards.
    """
    # Bumped even where this process serves nothing from the cache (PAGE_CACHE=0): other
    # servers sharing the cache may.
    if not getattr(settings, "RULESAGE_PAGE_CACHE_INVALIDATE", True):
        return
    _bump()
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(_bump)


def remembered(key, compute, timeout=DEFAULT_TIMEOUT):
    """`compute()`, kept until the next content change (the same generation as pages).

    For what a page derives from content and every content change may alter, such as a
    guide's breadcrumbs, its game's other guides, its sources and change log: once any
    request has computed it since the last change, an uncached page reads it without a
    database query. `RULESAGE_REMEMBER = False` (REMEMBER=0) computes it every time.

    Values are pickled once and kept as bytes in the shared cache, and in this process
    for the current generation only (`_kept`): a request then reads the counter and
    nothing else from the cache. A value under one generation's key is never replaced by
    another generation's, so the copy here is as current as the shared one; each read
    unpickles its own objects, as a read from the cache does.
    """
    if not getattr(settings, "RULESAGE_PAGE_CACHE_INVALIDATE", True):
        return compute()  # nothing moves the generation on: a kept value could be stale
    if not getattr(settings, "RULESAGE_REMEMBER", True):
        return compute()
    generation = request_generation()
    if generation is None:  # the cache is unreachable: nothing kept could be trusted
        return compute()
    # Not the "derived:" keys of earlier releases, which held the values themselves.
    full_key = f"kept:{generation}:{key}"
    data = _kept.get(generation, full_key)
    if data is None:
        data = page_cache().get(full_key)
        if data is None:
            value = compute()
            if value is None:  # nothing is kept for what is not there (a 404's address)
                return None
            data = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
            page_cache().set(full_key, data, timeout)
            _kept.put(generation, full_key, data)
            return value
        _kept.put(generation, full_key, data)
    return pickle.loads(data)  # noqa: S301 (bytes this site pickled, as the cache's own)


class KeptValues:
    """The remembered values of the newest generation seen, in this process, as pickled
    bytes, up to `limit` bytes; a newer generation empties it."""

    def __init__(self, limit):
        self.limit = limit
        self.lock = threading.Lock()
        self.generation, self.values, self.size = None, {}, 0

    def get(self, generation, key):
        if generation != self.generation:
            return None
        return self.values.get(key)

    def put(self, generation, key, data):
        with self.lock:
            if self.generation is None or generation > self.generation:
                self.generation, self.values, self.size = generation, {}, 0
            elif generation < self.generation:
                return  # a request that began before the last change
            if self.size + len(data) <= self.limit and key not in self.values:
                self.values[key] = data
                self.size += len(data)


_kept = KeptValues(limit=32 * 1024 * 1024)


# The query parameters reader pages read (lists, search, the ask page's check, a passage's
# page, the sitemap's files). A request with any other parameter (a campaign tag, a typo)
# gets the same page as without it, rendered afresh and not stored: a stranger's random
# parameters cannot fill the cache.
READ_PARAMETERS = frozenset(
    {"page", "p", "q", "game", "edition", "kind", "status", "language", "passage", "question"}
)


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


def stored(response, generation):
    headers = [(k, v) for k, v in response.items() if k.lower() not in NOT_STORED]
    return (generation, response.content, headers)


def from_stored(value):
    _generation, content, headers = value
    response = HttpResponse(content)
    for name, header in headers:
        response[name] = header
    return response


class PageCacheMiddleware:
    """Serve anonymous GETs of reader pages from the cache, and fill it.

    It sits right after WhiteNoise, before the session, language, CSRF and authentication
    middleware, so a hit skips them all (the stored headers include what they added, such
    as Content-Language and Vary); the key holds the language the request asks for.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        _request.active, _request.generation = True, None
        try:
            return self.respond(request)
        finally:
            _request.active, _request.generation = False, None

    def respond(self, request):
        if not enabled() or not cacheable_request(request):
            return self.get_response(request)
        key = cache_key(request)
        # The generation and the page in one round trip (MGET).
        found = page_cache().get_many([GENERATION_KEY, key])
        generation = found.get(GENERATION_KEY) or current_generation()
        _request.generation = generation
        if generation is None:  # the cache is unreachable (core.redis_cache): uncached
            return self.get_response(request)
        value = found.get(key)
        if value is not None and value[0] == generation:
            response = from_stored(value)
            response[STATUS_HEADER] = "hit"
            return response
        response = self.get_response(request)
        if request.method == "GET" and cacheable_response(request, response):
            timeout = getattr(settings, "RULESAGE_PAGE_CACHE_TIMEOUT", DEFAULT_TIMEOUT)
            page_cache().set(key, stored(response, generation), timeout)
            response[STATUS_HEADER] = "miss"
        return response
