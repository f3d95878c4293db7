"""Settings shared by every environment; each environment module overrides from os.environ.

The security headers, the caches and the search have their own modules beside this one,
read in here whole, so that an environment module sees every setting through base.
"""

import os

import dj_database_url
from django.utils.translation import gettext_lazy as _

from .caching import *  # noqa: F403
from .environment import BASE_DIR, env_bool, env_list
from .search import *  # noqa: F403
from .security import *  # noqa: F403

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
    # Right after WhiteNoise: a page served from the cache (caching.py) skips the session,
    # language, CSRF and authentication middleware (its stored headers hold what they
    # added). Middleware that must see every response (security headers) goes before it.
    "core.page_cache.PageCacheMiddleware",
    # Right after it, the first to see a request that needs the database: while the
    # database is known not to answer, such a request gets the 503 at once (core.faults).
    "core.faults.DatabaseBreakerMiddleware",
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

    DATABASE_HEALTH_CHECKS=1, which gunicorn.conf.py sets for the web processes, checks a
    kept connection before a request reuses it: one that a restart or the end of a hang cut
    is replaced, instead of answering a 503 that tells the site (core.faults' breaker) the
    database still gives no answer. The task worker has its own way through outages, and
    its check would wait outside its limit on a database that stopped answering.
    """
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
# Wagtail's own page-per-locale model stays off: modeltranslation keeps both languages
# on one page, and the two together break the admin page listing.
WAGTAIL_I18N_ENABLED = False
# No avatars from gravatar.com: the admin would send every editor's e-mail hash to a third
# party on every page, and on a closed network each page logs a failed request.
WAGTAIL_GRAVATAR_PROVIDER_URL = None

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
