"""Tests: PostgreSQL (DATABASE_URL, else the local server), plain static storage."""

import uuid

import dj_database_url

from .base import *  # noqa: F403
from .base import env_bool, os, with_replica, with_timeouts

DEBUG = False
SECRET_KEY = "test-only-key"
INSTALLED_APPS = [*INSTALLED_APPS, "devtools"]  # noqa: F405
conn_max_age = int(os.environ.get("TEST_CONN_MAX_AGE", "0"))
DATABASES = with_replica(
    {
        "default": with_timeouts(
            dj_database_url.parse(
                os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/rulesage"),
                conn_max_age=conn_max_age,
            )
        )
    },
    conn_max_age=conn_max_age,
)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # The same backend, emptied between live-server tests by DELETE, not TRUNCATE.
    DATABASES["default"]["ENGINE"] = "tests.postgresql"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
WAGTAILADMIN_BASE_URL = "http://testserver"
RULESAGE_BASE_URL = "http://testserver"
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# Tasks run at once; mails are kept in django.core.mail.outbox.
TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
RULESAGE_EMAIL_BACKEND = EMAIL_BACKEND

# The live-server API tests send many requests from one address.
RULESAGE_API_RATE_LIMIT = os.environ.get("API_RATE_LIMIT", "1000/minute")
# Pages are cached only in tests that ask; what is remembered until a change is kept in
# the real Redis (TEST_REDIS_URL) under a key prefix of this run.
RULESAGE_PAGE_CACHE = env_bool("TEST_PAGE_CACHE", default=False)
# No database watch: each test's database is rolled back and starts with everything stale.
RULESAGE_DATABASE_CHECK_SECONDS = float(os.environ.get("TEST_DATABASE_CHECK_SECONDS", "0"))
# No database failure remembered from one test to the next.
RULESAGE_DATABASE_RETRY_SECONDS = float(os.environ.get("DATABASE_RETRY_SECONDS", "0"))
CACHES = {
    **CACHES,  # noqa: F405
    "pages": {
        "BACKEND": "core.redis_cache.RedisCache",
        "LOCATION": os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/4"),
        # Servers a test starts side by side share one (TEST_CACHE_KEY_PREFIX).
        "KEY_PREFIX": os.environ.get("TEST_CACHE_KEY_PREFIX")
        or f"rulesage-test-{uuid.uuid4().hex}",
        "TIMEOUT": 600,
    },
}
