"""Whole reader pages cached for anonymous readers, stored with the tags of what they show
and served while those tags' versions are current (docs/decisions/page-cache-tags.md)."""

import hashlib
import pickle
import threading
from urllib.parse import urlencode

from django.conf import settings
from django.dispatch import receiver
from django.http import HttpResponse
from django.utils import translation
from django.utils.cache import cc_delim_re

from . import cache_tags, replicas
from .cache_tags import SEQUENCE_KEY, SITE, page_cache
from .redis_cache import reachable_again

STATUS_HEADER = "X-Page-Cache"
# Only memory limits an entry's life: the tags' versions say when it is stale.
DEFAULT_TIMEOUT = 24 * 60 * 60
# Headers that belong to one response, not to the page.
NOT_STORED = {"set-cookie", "date", STATUS_HEADER.lower()}


@receiver(reachable_again)
def bump_after_outage(sender, **kwargs):
    """A change made while Redis was unreachable moved no version on: everything is stale."""
    cache_tags.move_on({SITE})


def remembered(key, compute, tags, *, shared=False):
    """`compute()`, kept while the versions of `tags` (a list, or a function of the value)
    stay; the page using it shows them too. `shared`: every caller only reads the value, so
    this process keeps one copy unpickled (an edition's words took longer to unpickle than
    to use)."""
    sequence = cache_tags.request_sequence() if settings.RULESAGE_REMEMBER else None
    key = f"kept:{key}"
    if sequence is not None:  # else not remembering, or the cache is unreachable
        for find in (_kept.get, page_cache().get):
            entry = find(key)
            if entry is not None and cache_tags.still_current(entry[0], entry[1], sequence):
                if find != _kept.get:  # equal, not the same: a bound method is made anew
                    _kept.put(key, entry)
                cache_tags.shows(*entry[1])
                if shared:
                    return _kept.loaded(key, entry)
                return pickle.loads(entry[2])  # noqa: S301 (bytes this site pickled)
    value = compute()
    if value is None:  # nothing is kept for what is not there (a 404's address)
        return None
    value_tags = {SITE, *(tags(value) if callable(tags) else tags)}
    cache_tags.shows(*value_tags)
    if sequence is not None:
        versions = cache_tags.versions_to_store(value_tags, sequence)
        if versions is not None:
            entry = (sequence, versions, pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
            page_cache().set(key, entry, DEFAULT_TIMEOUT)
            _kept.put(key, entry)
    return value


class KeptValues:
    """Remembered values in this process, up to `limit` bytes; emptied when full."""

    def __init__(self, limit):
        self.limit = limit
        self.lock = threading.Lock()
        self.values, self.size, self.unpickled = {}, 0, {}

    def get(self, key):
        return self.values.get(key)

    def put(self, key, entry):
        with self.lock:
            if self.size + len(entry[2]) > self.limit:
                self.values, self.size, self.unpickled = {}, 0, {}
            previous = self.values.get(key)
            if previous is not None:
                self.size -= len(previous[2])
            self.values[key] = entry
            self.size += len(entry[2])

    def loaded(self, key, entry):
        """`entry`'s value, unpickled once while `entry` is the one kept for `key`."""
        found = self.unpickled.get(key)
        if found is None or found[0] is not entry:
            found = (entry, pickle.loads(entry[2]))  # noqa: S301 (bytes this site pickled)
            self.unpickled[key] = found
        return found[1]


_kept = KeptValues(limit=32 * 1024 * 1024)


# The query parameters reader pages read; a page asked for with any other is not stored,
# so strangers' random parameters cannot fill the cache.
READ_PARAMETERS = frozenset(
    {"page", "p", "q", "game", "edition", "kind", "status", "language", "passage", "question"}
)
# Of those, what a reader types: it has no end, so such pages are never stored.
TYPED_PARAMETERS = frozenset({"q", "game", "edition", "question"})


def accept(request, name, value):
    """Say the view used query parameter `name` as `value` ("" for the default): only
    pages whose every parameter was accepted as written are stored."""
    accepted(request)[name] = value


def accepted(request):
    return request.__dict__.setdefault("query_accepted", {})


def as_accepted(request):
    """True when the request asks for the page at its one address."""
    record = accepted(request)
    return all(
        record.get(name) and values == [record[name]] for name, values in request.GET.lists()
    )


def respelled(request):
    """The address with the accepted parameters written as the page's address writes them,
    when one was written otherwise (`?page=01`); else None. Typed ones stay as typed."""
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
    """One key per scheme, host, language, path and sorted query."""
    language = translation.get_language_from_request(request, check_path=True)
    query = urlencode(sorted(request.GET.lists()), doseq=True)
    address = f"{request.scheme}|{request.get_host()}|{language}|{request.path}?{query}"
    return "page-cache:" + hashlib.sha256(address.encode()).hexdigest()


def reader_request(request):
    """A reader's request: it reads and shows nothing personal, so its page may be kept and
    read from a replica (core.replicas); an editor's, a form sent, the admin's are not."""
    personal = {settings.SESSION_COOKIE_NAME, "messages"} & set(request.COOKIES)
    return (
        request.method in ("GET", "HEAD")
        and not personal
        and "HTTP_AUTHORIZATION" not in request.META
        and not request.path.startswith(settings.RULESAGE_PAGE_CACHE_SKIP_PREFIXES)
    )


def cacheable_request(request):
    return reader_request(request) and set(request.GET) <= READ_PARAMETERS - TYPED_PARAMETERS


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


class PageCacheMiddleware:
    """Serve anonymous GETs of reader pages from the cache, and fill it; before the
    session, language, CSRF and auth middleware, so a hit skips them."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        cache_tags.watch_database()
        cache_tags.begin_request()
        replicas.begin_request(reader_request(request))
        try:
            response = self.respond(request)
            if replicas.read_again():  # the replica failed it: once more, on the primary
                cache_tags.begin_request()
                response = self.respond(request)
            return response
        finally:
            replicas.end_request()
            cache_tags.end_request()

    def respond(self, request):
        if not settings.RULESAGE_PAGE_CACHE or not cacheable_request(request):
            return self.get_response(request)
        key = cache_key(request)
        found = page_cache().get_many([SEQUENCE_KEY, key])
        sequence = found.get(SEQUENCE_KEY) or cache_tags.read_sequence()
        if sequence is None:  # the cache is unreachable (core.redis_cache): uncached
            return self.get_response(request)
        cache_tags.begin_request(sequence)
        value = found.get(key)
        if value is not None and cache_tags.still_current(value[0], value[1], sequence):
            if value[0] != sequence:  # current still: the next hit need not ask again
                page_cache().set(key, (sequence, *value[1:]), settings.RULESAGE_PAGE_CACHE_TIMEOUT)
            response = HttpResponse(value[2], headers=dict(value[3]))
            response[STATUS_HEADER] = "hit"
            return response
        response = self.get_response(request)
        if (
            request.method == "GET"
            and as_accepted(request)
            and cacheable_response(request, response)
        ):
            tags = sorted(cache_tags.shown())
            versions = cache_tags.versions_to_store(tags, sequence)
            # The page's tags for a CDN to purge by (Fastly and xkey; Cloudflare).
            response["Surrogate-Key"], response["Cache-Tag"] = " ".join(tags), ",".join(tags)
            if versions is not None:
                headers = [(k, v) for k, v in response.items() if k.lower() not in NOT_STORED]
                value = (sequence, versions, response.content, headers)
                page_cache().set(key, value, settings.RULESAGE_PAGE_CACHE_TIMEOUT)
            response[STATUS_HEADER] = "miss"
        elif value is not None:
            # Something the kept copy shows has changed: this answer needed the view.
            response[STATUS_HEADER] = "stale"
        return response
