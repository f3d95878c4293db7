"""Settings shared by every environment; security and search are read in whole."""

import os

import dj_database_url
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .environment import BASE_DIR, env_bool, env_list
from .search import *  # noqa: F403
from .security import *  # noqa: F403

SECRET_KEY = os.environ.get("SECRET_KEY", "")
DEBUG = env_bool("DEBUG")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
CSRF_FAILURE_VIEW = "core.views.csrf_failure"

INSTALLED_APPS = [
    # First, so its `migrate` wins over wagtail_modeltranslation's, which must come before
    # Wagtail and the page apps (Page is registered before its subclasses).
    "rulesage",
    "wagtail_modeltranslation",
    "wagtail_modeltranslation.makemigrations",
    "wagtail_modeltranslation.migrate",
    "pages",
    "guides",
    "rulings",
    "catalogue",
    "core",
    "api",
    "wagtail.contrib.redirects",
    "wagtail.contrib.routable_page",
    "wagtail.contrib.settings",
    "wagtail.contrib.sitemaps",
    "wagtail.sites",
    "wagtail.users",
    "wagtail.snippets",
    # Unused by the site, expected by Wagtail's admin and wagtail-factories.
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
    "csp",
    "axes",
    "django_tasks",
    "django_tasks_db",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "corsheaders",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "core.security.SiteCSPMiddleware",
    "core.security.PermissionsPolicyMiddleware",
    "core.faults.RequestTimeLimitMiddleware",
    "core.faults.DatabaseUnavailableMiddleware",
    # One address per page, before the page cache stores a second one.
    "pages.middleware.OneAddressMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # The API's CORS headers, limit per address and 304s, on answers from the page cache too.
    "corsheaders.middleware.CorsMiddleware",
    "api.middleware.ApiRateLimitMiddleware",
    "api.middleware.ApiConditionalGetMiddleware",
    # A page served from the cache skips what follows (its stored headers hold what it
    # added); what must see every response goes before it.
    "core.page_cache.PageCacheMiddleware",
    # The first to see a request that needs the database: the 503 at once while it is down.
    "core.faults.DatabaseBreakerMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Django's LocaleMiddleware, but for the API's paths (their language is a query value).
    "core.middleware.SiteLocaleMiddleware",
    "core.middleware.RefuseControlCharactersMiddleware",
    "core.middleware.RefuseIncompleteFormsMiddleware",
    "django.middleware.common.CommonMiddleware",
    "core.middleware.RememberedSiteMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "wagtail.contrib.redirects.middleware.RedirectMiddleware",
    # Last, as django-axes asks.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "rulesage.urls"
# An edition's page is the list of its rulings, served by the rulings app: the catalogue,
# a layer below, does not know that app's addresses.
ABSOLUTE_URL_OVERRIDES = {
    "catalogue.edition": lambda edition: reverse("rulings:edition", kwargs={"code": edition.code})
}

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


def with_timeouts(database):
    """Bound how long a request waits on PostgreSQL, so a server that never answers cannot hold
    every worker (DATABASE_STATEMENT_TIMEOUT is set for web processes by gunicorn.conf.py)."""
    if database.get("ENGINE") != "django.db.backends.postgresql":
        return database
    options = database.setdefault("OPTIONS", {})
    options.setdefault("connect_timeout", int(os.environ.get("DATABASE_CONNECT_TIMEOUT", "5")))
    options.update(keepalives=1, keepalives_idle=30, keepalives_interval=10, keepalives_count=3)
    database["CONN_HEALTH_CHECKS"] = os.environ.get("DATABASE_HEALTH_CHECKS") == "1"
    statement_timeout = os.environ.get("DATABASE_STATEMENT_TIMEOUT", "").strip()
    if statement_timeout:
        options["options"] = (
            f"{options.get('options', '')} -c statement_timeout={statement_timeout}".strip()
        )
    return database


def with_replica(databases, conn_max_age=60):
    """`databases` and, when DATABASE_REPLICA_URL names one, a streaming replica of the
    primary that reader pages read (core.replicas; in tests, the primary itself)."""
    url = os.environ.get("DATABASE_REPLICA_URL", "").strip()
    if url:
        replica = with_timeouts(dj_database_url.parse(url, conn_max_age=conn_max_age))
        replica["TEST"] = {"MIRROR": "default"}
        databases["replica"] = replica
    return databases


DATABASES = with_replica(
    {
        "default": with_timeouts(
            dj_database_url.config(default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60)
        )
    }
)
DATABASE_ROUTERS = ["core.replicas.ReplicaRouter"]
# Seconds a replica may stay behind the last change before readers read the primary.
RULESAGE_REPLICA_LAG_SECONDS = float(os.environ.get("DATABASE_REPLICA_LAG_SECONDS", "5"))
# After the replica failed to answer, seconds each process reads the primary before trying it.
RULESAGE_REPLICA_RETRY_SECONDS = float(os.environ.get("DATABASE_REPLICA_RETRY_SECONDS", "5"))
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The source language: guides are written in it and shown in it where a translation is missing.
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
WHITENOISE_ROOT = BASE_DIR / "site" / "root"
MEDIA_URL = "/media/"
MEDIA_ROOT = BASE_DIR / "media"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

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

WAGTAIL_SITE_NAME = "Rulesage"
WAGTAILADMIN_BASE_URL = os.environ.get("WAGTAILADMIN_BASE_URL", "http://127.0.0.1:8000")
# The site's address for links printed outside a request; empty: paths.
RULESAGE_BASE_URL = os.environ.get("RULESAGE_BASE_URL", "")
# `ensure_admin --demo` makes accounts with fixed passwords: development settings only.
RULESAGE_DEMO_ACCOUNTS = False
# The feed ids' tagging authority, "domain,year" (RFC 4151): never change it once published.
RULESAGE_FEED_TAG_AUTHORITY = os.environ.get("FEED_TAG_AUTHORITY", "rulesage.example,2026")
# Addresses per sitemap file: far fewer than the protocol's 50,000, so a file is quick to
# render uncached (its entries cost more than its queries) while the index stays short.
SITEMAP_URLS_PER_FILE = int(os.environ.get("SITEMAP_URLS_PER_FILE", "500"))
# Off: modeltranslation keeps both languages on one page (docs/decisions/modeltranslation.md).
WAGTAIL_I18N_ENABLED = False
# No gravatar.com: the admin must not send editors' e-mail hashes to a third party.
WAGTAIL_GRAVATAR_PROVIDER_URL = None

# Work that must not hold up a request (e-mail, Wagtail's reference index), run by db_worker.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# Seconds after which the task worker's query is ended and the database counted as down.
RULESAGE_WORKER_QUERY_TIMEOUT = float(os.environ.get("WORKER_QUERY_TIMEOUT", "60"))
# An admin import with no progress note for this many seconds has lost its worker: resumed.
RULESAGE_IMPORT_LEASE_SECONDS = int(os.environ.get("IMPORT_LEASE_SECONDS", "60"))
# Mail is queued as a task and sent by the worker through RULESAGE_EMAIL_BACKEND.
EMAIL_BACKEND = "core.mail.QueuedEmailBackend"
RULESAGE_EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
# Reader questions: at most this many from one address in this many seconds.
RULESAGE_QUESTION_RATE_LIMIT = (5, 60 * 60)

# The reader API (api/, docs/api.md): read-only JSON, open to every origin, anonymous reads
# limited per client address (core.client_address) in the page cache's Redis.
# Only the schema class: Wagtail's admin uses DRF too, with DRF's defaults (the API's views
# name their own authentication, permissions and renderers).
REST_FRAMEWORK = {"DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema"}
RULESAGE_API_RATE_LIMIT = os.environ.get("API_RATE_LIMIT", "120/minute")
SPECTACULAR_SETTINGS = {
    "TITLE": "Rulesage API",
    "DESCRIPTION": (
        "Read-only: games, editions, documents, errata cards, rulings and guides as the "
        "reader pages show them, in English or Spanish (`?language=es`)."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api/v1",
    "PREPROCESSING_HOOKS": ["api.schema.only_the_reader_api"],
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
}
RULESAGE_LANGUAGE_IN_QUERY_PATHS = ("/api/",)
CORS_ALLOW_ALL_ORIGINS = True
CORS_URLS_REGEX = r"^/api/.*$"
CORS_ALLOW_METHODS = ["GET", "HEAD", "OPTIONS"]
CORS_ALLOW_CREDENTIALS = False
CORS_EXPOSE_HEADERS = ["ETag", "Last-Modified", "Retry-After", "Content-Language"]

# Request errors, tracebacks included, to standard error (Django's default mails ADMINS).
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
# Every language's fields side by side in the page editor.
WAGTAILMODELTRANSLATION_LOCALE_PICKER_DEFAULT = [code for code, _name in LANGUAGES]
# The admin must not reach for other hosts.
WAGTAIL_ENABLE_UPDATE_CHECK = False
# What one ruling import accepts (docs/import-format.md), read by the readers, the
# `import_rulings` command and the admin's upload page alike: each from the environment
# variable IMPORT_<NAME> (IMPORT_FILE_BYTES=2000000). Stored strings are also bounded by
# their model columns.
RULESAGE_IMPORT_LIMITS = {
    name: int(os.environ.get(f"IMPORT_{name.upper()}", default))
    for name, default in {
        "file_bytes": 1_000_000,  # one export, refused before it is read
        "upload_bytes": 50 * 1024 * 1024,  # one upload on the admin's import page, unzipped
        "json_depth": 32,  # any JSON (file or one-line field), checked before it is parsed
        "json_number_chars": 40,  # longer numbers are not counts, pages or scores
        "answer_nesting": 8,  # lists and quotes nested inside each other in the answer
        "question_chars": 2_000,
        # An answer cut at the 1,024-token generation cap is about 3,900 characters.
        "answer_chars": 16_000,
        "text_chars": 20_000,  # abstain rationale, errata statement, snippets, quotes
        "key_chars": 100,  # timing names
        "references": 100,  # per ruling
        "retrieval_refs": 200,  # per ruling
        "page": 10_000,
        "citation_number": 999,
        "timing_ms": 2_147_483_647,
    }.items()
}
# At most this many files in one request: the exports one import upload may hold, whether
# sent one by one or in a zip. Over it, or over Django's limits on fields and form data,
# the 400 page names the limit (core.views.limit_hit).
DATA_UPLOAD_MAX_NUMBER_FILES = int(os.environ.get("DATA_UPLOAD_MAX_NUMBER_FILES", "1000"))

# Retry-After (seconds) while the database cannot be reached.
RULESAGE_RETRY_AFTER_SECONDS = int(os.environ.get("RULESAGE_RETRY_AFTER_SECONDS", "30"))
# Seconds after which a reader's request ends with the 503 page (0: never; the admin is exempt).
RULESAGE_REQUEST_TIME_LIMIT = float(os.environ.get("REQUEST_TIME_LIMIT", "0"))
RULESAGE_REQUEST_TIME_LIMIT_EXEMPT = ("/admin/",)
# After the database gave no answer, requests that need it get the 503 at once for this
# long before one tries again (0: every request tries).
RULESAGE_DATABASE_RETRY_SECONDS = float(os.environ.get("DATABASE_RETRY_SECONDS", "5"))
