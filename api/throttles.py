"""Anonymous reads limited per client address, counted where every web process sees them."""

from django.conf import settings
from django.core.cache import caches
from rest_framework.throttling import SimpleRateThrottle

from core.cache_tags import CACHE_ALIAS
from core.client_address import client_address


class AddressRateThrottle(SimpleRateThrottle):
    """`API_RATE_LIMIT` requests per address, the address by the site's one rule
    (core.client_address), so a client cannot pick its own with X-Forwarded-For. Counted in
    the page cache's Redis: a limit per process would multiply with the workers. With Redis
    unreachable nothing is counted and reads go on (the limit protects, it does not gate)."""

    scope = "api"

    @property
    def cache(self):
        return caches[CACHE_ALIAS]

    def get_rate(self):
        # Read on each request, so the setting can be changed (and tested) without a restart.
        return settings.RULESAGE_API_RATE_LIMIT

    def get_ident(self, request):
        return client_address(request) or "unknown"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
