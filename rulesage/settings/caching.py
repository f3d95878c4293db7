"""Cache settings: the page cache, Redis, remembering, CDN purges and the database watch."""

import os

from .environment import BASE_DIR, env_bool

# Whole reader pages for anonymous readers, in the "pages" cache, never stale: a change
# makes stale the pages that can show it (core.cache_tags, core.page_cache_events).
# Redis from REDIS_URL when set; without it (`make run`, SQLite, nothing else running) files in
# PAGE_CACHE_DIR (default .page-cache/), which the server and a command run beside it
# (`import_rulings`, `load_demo`) share: a change made by the command is seen by the
# server, as with Redis. PAGE_CACHE=0 turns it off (the benchmark's uncached server).
REDIS_URL = os.environ.get("REDIS_URL", "")
# How long a Redis call may wait to connect and for its answer (seconds), far longer than
# a working Redis takes; one that does not answer is treated as down (core.redis_cache):
# pages are then rendered uncached rather than held up.
REDIS_OPTIONS = {
    "socket_connect_timeout": float(os.environ.get("REDIS_CONNECT_TIMEOUT", "0.5")),
    "socket_timeout": float(os.environ.get("REDIS_SOCKET_TIMEOUT", "0.5")),
}
RULESAGE_PAGE_CACHE = env_bool("PAGE_CACHE", default=True)
RULESAGE_PAGE_CACHE_TIMEOUT = int(os.environ.get("PAGE_CACHE_TIMEOUT", str(24 * 60 * 60)))
# How often each web process compares the database's content token with the cache's
# (core.cache_tags.DatabaseWatch): after a restore, pages of the later state are served
# for at most this long (seconds); 0 turns the watch off.
RULESAGE_DATABASE_CHECK_SECONDS = float(os.environ.get("DATABASE_CHECK_SECONDS", "2"))
# What pages derive from content (a guide's sources and change log, a ruling's citations,
# header links, breadcrumbs) is remembered until a change makes it stale
# (core.page_cache.remembered); REMEMBER=0 reads it afresh on every request
# (the benchmark's --cold server).
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

# Behind a CDN or Varnish, the pages a change makes stale are purged by their tags
# (core.cdn_purge): FRONTEND_CACHE_PURGE_URL takes an HTTP PURGE with a
# Surrogate-Key header; CLOUDFLARE_API_TOKEN with CLOUDFLARE_ZONE_ID purges by Cache-Tag.
# Off unless configured.
RULESAGE_PURGE_URL = os.environ.get("FRONTEND_CACHE_PURGE_URL", "")
RULESAGE_CLOUDFLARE_API_TOKEN = os.environ.get("CLOUDFLARE_API_TOKEN", "")
RULESAGE_CLOUDFLARE_ZONE_ID = (
    os.environ.get("CLOUDFLARE_ZONE_ID", "") if RULESAGE_CLOUDFLARE_API_TOKEN else ""
)
