"""Settings shared by every environment; each environment module overrides from os.environ."""

import os
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def env_bool(name, default=False):
    """Read a boolean from the environment ("1", "true", "yes", "on" are true)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name, default=""):
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


SECRET_KEY = os.environ.get("SECRET_KEY", "")
DEBUG = env_bool("DEBUG")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# A form without its token gets the site's own 403 page in the reader's language.
CSRF_FAILURE_VIEW = "core.views.csrf_failure"

INSTALLED_APPS = [
    # The project's `migrate` (answers the translation prompt without a terminal); it has
    # no models, and its command must win over wagtail_modeltranslation's.
    "rulesage.migrate",
    # wagtail_modeltranslation must come before Wagtail and the page apps, or Page
    # is registered after its subclasses and start-up fails.
    "wagtail_modeltranslation",
    "wagtail_modeltranslation.makemigrations",
    "wagtail_modeltranslation.migrate",
    "rulesage",
    "pages",
    "guides",
    "rulings",
    "catalogue",
    "core",
    "wagtail.contrib.redirects",
    "wagtail.contrib.routable_page",
    "wagtail.contrib.settings",
    "wagtail.contrib.sitemaps",
    "wagtail.sites",
    "wagtail.users",
    "wagtail.snippets",
    # Not used by the site's own content, but Wagtail's admin and wagtail-factories
    # expect the image and document models to be installed.
    "wagtail.documents",
    "wagtail.images",
    "wagtail.search",
    "wagtail.admin",
    "wagtail",
    "modelcluster",
    "taggit",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "django.contrib.postgres",
    # Security: the Content-Security-Policy header and the login throttle.
    "csp",
    "axes",
    # Background tasks (TASKS below) and their queue in the database.
    "django_tasks",
    "django_tasks_db",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Security: CSP and Permissions-Policy on every response, error pages too.
    "core.csp.SiteCSPMiddleware",
    "core.security.PermissionsPolicyMiddleware",
    # Faults: a request that runs too long, or a database that cannot be
    # reached, is a 503, not a 500 or no answer.
    "core.faults.RequestTimeLimitMiddleware",
    "core.faults.DatabaseUnavailableMiddleware",
    # One address per page, before the page cache stores a second one.
    "pages.middleware.OneAddressMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # Before anything can put the path or a query value in a database query.
    "core.middleware.RefuseControlCharactersMiddleware",
    # A form sent without a field its page always writes is a 400, not a 500.
    "core.middleware.RefuseIncompleteFormsMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "wagtail.contrib.redirects.middleware.RedirectMiddleware",
    # Security: the login throttle, last as django-axes asks.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "rulesage.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "pages.navigation.site_links",
            ],
        },
    },
]

WSGI_APPLICATION = "rulesage.wsgi.application"

# The run command's zero-setup default is a SQLite file; tests and production use
# PostgreSQL through DATABASE_URL.


def with_timeouts(database):
    """PostgreSQL settings that bound how long a request can wait on the database.

    A server that accepts connections and never answers held every request (and so every
    worker) until it came back. DATABASE_CONNECT_TIMEOUT (seconds, default 5; libpq counts
    less than 2 as 2) ends a connection attempt, which the site answers with its 503 page
    (core.faults). DATABASE_STATEMENT_TIMEOUT (a PostgreSQL duration, "20s" or
    milliseconds; unset: none) makes the server end a query that runs longer: gunicorn.conf.py
    sets it for the web processes, below the worker timeout, and management commands
    (imports, migrations) run without one; the task worker sets its own
    (RULESAGE_WORKER_QUERY_TIMEOUT). A server that stops answering mid-query cannot end it:
    gunicorn's worker timeout does, and the task worker's own limit. TCP keepalives turn a
    server or network gone away under a connection kept open (the task worker's,
    gunicorn's between requests) into an error within about a minute.
    """
    if database.get("ENGINE") != "django.db.backends.postgresql":
        return database
    options = database.setdefault("OPTIONS", {})
    options.setdefault("connect_timeout", int(os.environ.get("DATABASE_CONNECT_TIMEOUT", "5")))
    options.update(keepalives=1, keepalives_idle=30, keepalives_interval=10, keepalives_count=3)
    statement_timeout = os.environ.get("DATABASE_STATEMENT_TIMEOUT", "").strip()
    if statement_timeout:
        options["options"] = (
            f"{options.get('options', '')} -c statement_timeout={statement_timeout}".strip()
        )
    return database


DATABASES = {
    "default": with_timeouts(
        dj_database_url.config(default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60)
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The source language, named once: guides are written in it, translated from it, and shown
# in it where a translation is missing.
LANGUAGE_CODE = "en"
LANGUAGES = [(LANGUAGE_CODE, _("English")), ("es", _("Spanish"))]
MODELTRANSLATION_DEFAULT_LANGUAGE = LANGUAGE_CODE
MODELTRANSLATION_FALLBACK_LANGUAGES = (LANGUAGE_CODE,)
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "site" / "static"]
# Files browsers and crawlers ask for at the root of the site (/favicon.ico).
WHITENOISE_ROOT = BASE_DIR / "site" / "root"
MEDIA_URL = "/media/"
MEDIA_ROOT = BASE_DIR / "media"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

WAGTAIL_SITE_NAME = "Rulesage"
WAGTAILADMIN_BASE_URL = os.environ.get("WAGTAILADMIN_BASE_URL", "http://127.0.0.1:8000")
# The site's public address, for links printed outside a request (import_rulings). Empty:
# those links are printed as paths, which are right whatever host and port serve the site.
RULESAGE_BASE_URL = os.environ.get("RULESAGE_BASE_URL", "")
# `manage.py ensure_admin --demo` makes accounts with fixed, printed passwords: only where
# the settings say so (the development settings, for `make run`).
RULESAGE_DEMO_ACCOUNTS = False
# The tagging authority of every feed's and feed entry's id (pages/feeds.py): a domain
# the site's operator owned on a date, "domain,year" (RFC 4151). Ids never change with the
# host a feed is read on; once feeds are published, neither may this.
RULESAGE_FEED_TAG_AUTHORITY = os.environ.get("FEED_TAG_AUTHORITY", "rulesage.example,2026")
# Addresses per sitemap file (pages/sitemaps.py): the protocol allows 50,000; fewer keep
# each file's answer within a second.
SITEMAP_URLS_PER_FILE = int(os.environ.get("SITEMAP_URLS_PER_FILE", "2000"))
# Search. "default" serves the admin (Wagtail's database index). The site search
# (pages/search.py) has one backend per language, "site_en" and "site_es": each searches
# only its language's fields, stemmed for that language (PostgreSQL text-search
# configurations below; an analyzer per index on Elasticsearch/OpenSearch). The backend is
# RULESAGE_SEARCH_BACKEND: Wagtail's database backend by default; a module such as
# "wagtail.search.backends.opensearch2" or "…elasticsearch8" with RULESAGE_SEARCH_URLS
# (comma-separated) moves the site search there; rebuild with `manage.py update_index`.
RULESAGE_SEARCH_CONFIGS = {"en": "english", "es": "spanish"}
RULESAGE_SEARCH_BACKEND = os.environ.get(
    "RULESAGE_SEARCH_BACKEND", "wagtail.search.backends.database"
)
RULESAGE_SEARCH_URLS = env_list("RULESAGE_SEARCH_URLS")
RULESAGE_SEARCH_INDEX = os.environ.get("RULESAGE_SEARCH_INDEX", "rulesage")
# On the database backend only the newest this many matches of one kind are ranked
# (core.search_backend), and the search page counts past it as "200+": finding them costs
# a scan proportional to this number for a word in a few percent of half a million
# passages (bench/search.py measures it; bench/README.md has the figures). A reader
# narrows a common word with a game.
RULESAGE_SEARCH_RANK_LIMIT = int(os.environ.get("RULESAGE_SEARCH_RANK_LIMIT", "200"))


def site_search_backend(language, backend=RULESAGE_SEARCH_BACKEND):
    """The site search's backend settings for `language`.

    With the database backend the search reads each language's stored vector columns
    (kept by PostgreSQL on every write, GIN-indexed), not Wagtail's index table, so these
    aliases never write to it (AUTO_UPDATE off); core.search_backend reads the columns,
    ranks at most RULESAGE_SEARCH_RANK_LIMIT matches and adds SQLite's fallback. A search
    server gets one index per language, analysed in that language, updated on every save.
    """
    config = RULESAGE_SEARCH_CONFIGS.get(language, "simple")
    if backend == "wagtail.search.backends.database":
        return {
            "BACKEND": "core.search_backend",
            "SEARCH_CONFIG": config,
            "AUTO_UPDATE": False,
            "RANK_CANDIDATES": RULESAGE_SEARCH_RANK_LIMIT,
        }
    return {
        "BACKEND": backend,
        "URLS": RULESAGE_SEARCH_URLS,
        "INDEX": f"{RULESAGE_SEARCH_INDEX}_{language}",
        "AUTO_UPDATE": True,
        "SETTINGS": {"settings": {"analysis": {"analyzer": {"default": {"type": config}}}}},
    }


WAGTAILSEARCH_BACKENDS = {
    # The admin's index: pages and such; rulings and passages are searched in their own
    # columns (core.admin_search_backend).
    "default": {"BACKEND": "core.admin_search_backend"},
    **{f"site_{code}": site_search_backend(code) for code in RULESAGE_SEARCH_CONFIGS},
}
# Wagtail's own page-per-locale model stays off: modeltranslation keeps both languages
# on one page, and the two together break the admin page listing.
WAGTAIL_I18N_ENABLED = False
# No avatars from gravatar.com: the admin would send every editor's e-mail hash to a third
# party on every page, and on a closed network each page logs a failed request.
WAGTAIL_GRAVATAR_PROVIDER_URL = None

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Background tasks (django-tasks): work that must not hold up a request, such as sending
# e-mail (core/mail.py, rulings/reader_mail.py) and Wagtail's own (reference index, CDN
# purges), queued in the database and run by `manage.py db_worker` (`make run` starts one
# beside the server). The tests run each task at once.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# The task worker (core/management/commands/db_worker.py) outlasts database outages. Any one
# query of its running longer than this many seconds is ended by PostgreSQL
# (statement_timeout); one the database does not answer at all, a few seconds later by the
# worker, which then counts the database as unavailable and waits for it.
RULESAGE_WORKER_QUERY_TIMEOUT = float(os.environ.get("WORKER_QUERY_TIMEOUT", "60"))
# An import started from the admin (rulings/import_admin.py) notes its progress after every
# file: a running import with no note for this many seconds has lost its task worker. It
# is shown as interrupted and resumed by the next worker that checks on it.
RULESAGE_IMPORT_LEASE_SECONDS = int(os.environ.get("IMPORT_LEASE_SECONDS", "60"))
# E-mail (core/mail.py): whatever the site sends (password resets, Wagtail's workflow
# notifications, readers told what became of their question) is queued as a task, and the
# task worker sends it through RULESAGE_EMAIL_BACKEND, so no request waits on the mail server.
EMAIL_BACKEND = "core.mail.QueuedEmailBackend"
RULESAGE_EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
# Reader questions (rulings/asking.py): at most this many sent from one address in this
# many seconds, counted in the cache (Redis in production).
RULESAGE_QUESTION_RATE_LIMIT = (5, 60 * 60)

# Django's default logging prints request errors only with DEBUG on and otherwise mails
# them to ADMINS (there are none): a 500 then left no trace at all. Every environment
# writes them, traceback included, to standard error, where the process manager keeps them.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        "django": {
            "handlers": ["console"],
            "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO"),
            "propagate": False,
        },
    },
}

LOGIN_URL = "wagtailadmin_login"

# How old a guide's checked date may get before it is due a re-check (days).
RULESAGE_RECHECK_AFTER_DAYS = int(os.environ.get("RULESAGE_RECHECK_AFTER_DAYS", "365"))
FORMAT_MODULE_PATH = ["rulesage.formats"]
# Rulings whose tokens out reach this cap were cut off by the answerer.
RULESAGE_GENERATION_CAP = int(os.environ.get("RULESAGE_GENERATION_CAP", "1024"))
# Every language's fields are shown side by side in the page editor: translators see the
# Spanish fields without looking for a toggle, and the English beside them.
WAGTAILMODELTRANSLATION_LOCALE_PICKER_DEFAULT = [code for code, _name in LANGUAGES]
# The release check (a browser request to wagtail.org) stays off: the admin must not
# reach for other hosts.
WAGTAIL_ENABLE_UPDATE_CHECK = False
# Overrides of the ruling importer's limits (file size, nesting, text lengths, counts,
# page and citation bounds), e.g. {"file_bytes": 2_000_000}; the names and defaults are in
# rulings/importers/read/limits.py and docs/import-format.md. Column lengths come from the models.
RULESAGE_IMPORT_LIMITS = {}
# At most this many files in one request: the exports one import upload may hold, whether
# sent one by one or in a zip (rulings/import_uploads.py). Over it, or over Django's limits
# on fields and form data, the 400 page names the limit (core.views.limit_hit).
DATA_UPLOAD_MAX_NUMBER_FILES = 1000

# --- Security -------------------------------------------------------------
# Headers every response carries, in every environment; HSTS and the HTTPS redirect are
# production's (settings/production.py), where a proxy terminates TLS.
from csp.constants import NONE, SELF, UNSAFE_INLINE  # noqa: E402

# No inline script or style anywhere a reader goes: reader pages have none, and their header
# carries no nonce, so a cached copy stays valid. Images allow data: and blob: for the
# admin's previews and icons.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:", "blob:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "frame-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [SELF],
    }
}
# The admin's policy, for signed-in editors under /admin/ only (core/csp.py): these
# directives replace the ones above, the rest stay. Wagtail's admin writes inline scripts
# and styles and gives them no nonce (docs/decisions/admin-csp.md). Scripts and styles
# still come from this site alone.
RULESAGE_ADMIN_CSP = {
    "script-src": [SELF, UNSAFE_INLINE],
    "style-src": [SELF, UNSAFE_INLINE],
}
# Browser features no page of the site uses, refused to every origin (embedded ones too).
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=(), browsing-topics=()"
)
SECURE_CONTENT_TYPE_NOSNIFF = True
# Django's default, stated: other sites (publishers' rulebook pages) learn nothing of
# which page linked them.
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "SAMEORIGIN"

# Admin sign-in throttle (django-axes), counted per account and address and per address:
# RULESAGE_SIGNIN_FAILURES_PER_ACCOUNT failed attempts for one account from one address
# lock that pair out (the account still works from elsewhere, so no one can lock an editor
# out from afar); RULESAGE_SIGNIN_FAILURES_PER_ADDRESS failures from one address, whatever
# the usernames, lock that address out (no spraying). Both for AXES_COOLOFF_TIME hours.
# A locked-out attempt is refused before the password is hashed: it costs no hashing CPU.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
RULESAGE_SIGNIN_FAILURES_PER_ACCOUNT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
RULESAGE_SIGNIN_FAILURES_PER_ADDRESS = int(os.environ.get("AXES_ADDRESS_FAILURE_LIMIT", "20"))
AXES_FAILURE_LIMIT = "core.security.failure_limit"
AXES_COOLOFF_TIME = float(os.environ.get("AXES_COOLOFF_HOURS", "1"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "core.security.locked_out"
# The client's address, one rule for the sign-in throttle and the question limit: behind
# N proxies that each append to X-Forwarded-For, set RULESAGE_TRUSTED_PROXIES=N; with 0,
# REMOTE_ADDR and the header is ignored (core.client_address).
RULESAGE_TRUSTED_PROXIES = int(os.environ.get("RULESAGE_TRUSTED_PROXIES", "0"))
AXES_CLIENT_IP_CALLABLE = "core.client_address.client_address"
# --- end Security ----------------------------------------------------------------------

# --- Faults -----------------------------------------------------------------
# Seconds a reader is told to wait (Retry-After) while the database cannot be reached.
RULESAGE_RETRY_AFTER_SECONDS = int(os.environ.get("RULESAGE_RETRY_AFTER_SECONDS", "30"))
# Seconds after which a reader's request is ended with the 503 page (core.faults);
# 0: never. gunicorn.conf.py sets it for the web processes; the admin is exempt.
RULESAGE_REQUEST_TIME_LIMIT = float(os.environ.get("REQUEST_TIME_LIMIT", "0"))
RULESAGE_REQUEST_TIME_LIMIT_EXEMPT = ("/admin/",)
# Once the database gave no answer, requests that need it get the 503 at once for this many
# seconds; then one is let through to try it, and pages come back when it is answered
# (core.faults.DatabaseBreaker). 0: every request tries the database.
RULESAGE_DATABASE_RETRY_SECONDS = float(os.environ.get("DATABASE_RETRY_SECONDS", "5"))
# --- end Faults ------------------------------------------------------------------------

# --- Page cache ------------------------------------------------------------------------------
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
CACHES["pages"] = (
    {"BACKEND": "core.redis_cache.RedisCache", "LOCATION": REDIS_URL, "OPTIONS": REDIS_OPTIONS}
    if REDIS_URL
    else {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": os.environ.get("PAGE_CACHE_DIR", str(BASE_DIR / ".page-cache")),
        "OPTIONS": {"MAX_ENTRIES": 10_000},
    }
)
# Right after WhiteNoise: a page served from the cache skips the session, language, CSRF
# and authentication middleware (its stored headers hold what they added). Middleware that
# must see every response (security headers) goes before it.
MIDDLEWARE.insert(
    MIDDLEWARE.index("whitenoise.middleware.WhiteNoiseMiddleware") + 1,
    "core.page_cache.PageCacheMiddleware",
)
# Right after it, the first to see a request that needs the database: while the database is
# known not to answer, such a request gets the 503 at once (core.faults).
MIDDLEWARE.insert(
    MIDDLEWARE.index("core.page_cache.PageCacheMiddleware") + 1,
    "core.faults.DatabaseBreakerMiddleware",
)

# --- CDN purges ---------------------------------------------------------------------------
# Behind a CDN or Varnish, the pages a change makes stale are purged by their tags
# (core.cdn_purge): FRONTEND_CACHE_PURGE_URL takes an HTTP PURGE with a
# Surrogate-Key header; CLOUDFLARE_API_TOKEN with CLOUDFLARE_ZONE_ID purges by Cache-Tag.
# Off unless configured.
RULESAGE_PURGE_URL = os.environ.get("FRONTEND_CACHE_PURGE_URL", "")
RULESAGE_CLOUDFLARE_API_TOKEN = os.environ.get("CLOUDFLARE_API_TOKEN", "")
RULESAGE_CLOUDFLARE_ZONE_ID = (
    os.environ.get("CLOUDFLARE_ZONE_ID", "") if RULESAGE_CLOUDFLARE_API_TOKEN else ""
)
# Answered-before recall (rulings/recall.py): a ruling sharing a word with a reader's
# question is offered when the two questions' trigram similarity reaches this (0 to 1).
# The right ruling's similarity was 0.19 and up on the paraphrase fixtures (the rules Q&A
# system's 0.55 would have hidden 8 of the 20): see docs/search.md.
RULESAGE_RECALL_THRESHOLD = float(os.environ.get("RULESAGE_RECALL_THRESHOLD", "0.15"))
# The same recall for a question in a translation's language, through the game's glossary
# (rulings/recall.py): the share of the question's concepts a ruling's English covers,
# concepts in its question counting fully and in its answer less (docs/search.md,
# docs/translation.md).
RULESAGE_GLOSSARY_RECALL_THRESHOLD = float(
    os.environ.get("RULESAGE_GLOSSARY_RECALL_THRESHOLD", "0.3")
)
