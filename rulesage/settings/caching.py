"""Cache settings: the page cache, Redis, remembering, CDN purges and the database watch."""

import os

from .environment import BASE_DIR, env_bool

# Whole reader pages for anonymous readers, made stale by the changes they can show: in Redis
# (REDIS_URL), else in files (PAGE_CACHE_DIR) that a command run beside the server shares.
REDIS_URL = os.environ.get("REDIS_URL", "")
# Seconds a Redis call may wait: one that does not answer is down, pages are then uncached.
REDIS_OPTIONS = {
    "socket_connect_timeout": float(os.environ.get("REDIS_CONNECT_TIMEOUT", "0.5")),
    "socket_timeout": float(os.environ.get("REDIS_SOCKET_TIMEOUT", "0.5")),
}
RULESAGE_PAGE_CACHE = env_bool("PAGE_CACHE", default=True)
RULESAGE_PAGE_CACHE_TIMEOUT = int(os.environ.get("PAGE_CACHE_TIMEOUT", str(24 * 60 * 60)))
# Seconds between comparisons of the database's content token with the cache's (0: none).
RULESAGE_DATABASE_CHECK_SECONDS = float(os.environ.get("DATABASE_CHECK_SECONDS", "2"))
# What pages derive from content is remembered until a change makes it stale.
RULESAGE_REMEMBER = env_bool("REMEMBER", default=True)
# Never cached, whoever asks: the admin and Wagtail's login and password forms.
RULESAGE_PAGE_CACHE_SKIP_PREFIXES = ("/admin/", "/_util/", "/en/_util/", "/es/_util/")
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "pages": (
        {"BACKEND": "core.redis_cache.RedisCache", "LOCATION": REDIS_URL, "OPTIONS": REDIS_OPTIONS}
        if REDIS_URL
        else {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": os.environ.get("PAGE_CACHE_DIR", str(BASE_DIR / ".page-cache")),
            "OPTIONS": {"MAX_ENTRIES": 10_000},
        }
    ),
}

# CDN purges by tag (core.cdn_purge): an HTTP PURGE with Surrogate-Key, or Cloudflare's API.
RULESAGE_PURGE_URL = os.environ.get("FRONTEND_CACHE_PURGE_URL", "")
RULESAGE_CLOUDFLARE_API_TOKEN = os.environ.get("CLOUDFLARE_API_TOKEN", "")
RULESAGE_CLOUDFLARE_ZONE_ID = (
    os.environ.get("CLOUDFLARE_ZONE_ID", "") if RULESAGE_CLOUDFLARE_API_TOKEN else ""
)
