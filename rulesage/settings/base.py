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
    "guides",
    "rulings",
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
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # Before anything can put the path or a query value in a database query.
    "rulesage.middleware.RefuseControlCharactersMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "wagtail.contrib.redirects.middleware.RedirectMiddleware",
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
            ],
        },
    },
]

WSGI_APPLICATION = "rulesage.wsgi.application"

# The run command's zero-setup default is a SQLite file; tests and production use
# PostgreSQL through DATABASE_URL.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60
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
WAGTAILSEARCH_BACKENDS = {"default": {"BACKEND": "wagtail.search.backends.database"}}
# Wagtail's own page-per-locale model stays off: modeltranslation keeps both languages
# on one page, and the two together break the admin page listing.
WAGTAIL_I18N_ENABLED = False
# No avatars from gravatar.com: the admin would send every editor's e-mail hash to a third
# party on every page, and on a closed network each page logs a failed request.
WAGTAIL_GRAVATAR_PROVIDER_URL = None

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
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
# rulings/importers/limits.py and FORMATS.md. Column lengths come from the models.
RULESAGE_IMPORT_LIMITS = {}
# Answered-before recall (rulings/recall.py): a ruling sharing a word with a reader's
# question is offered when the two questions' trigram similarity reaches this (0 to 1).
# The right ruling's similarity was 0.19 and up on the paraphrase fixtures (the rules Q&A
# system's 0.55 would have hidden a third of them): see README, "Answered-before recall".
RULESAGE_RECALL_THRESHOLD = float(os.environ.get("RULESAGE_RECALL_THRESHOLD", "0.15"))
