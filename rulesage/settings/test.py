"""Tests: PostgreSQL (DATABASE_URL, else the local server), plain static storage."""

import uuid

import dj_database_url

from .base import *  # noqa: F403
from .base import env_bool, os, with_timeouts

DEBUG = False
SECRET_KEY = "test-only-key"
# The demo and the small catalogue the tests load (load_demo, load_catalogue).
INSTALLED_APPS = [*INSTALLED_APPS, "devtools"]  # noqa: F405
DATABASES = {
    "default": with_timeouts(
        dj_database_url.parse(
            os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/rulesage"),
            # A server started by a test may keep its connections, as production does.
            conn_max_age=int(os.environ.get("TEST_CONN_MAX_AGE", "0")),
        )
    )
}
# The manifest storage needs collectstatic first; tests render templates without it.
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
# Background tasks run at once, in the process that enqueues them (after the transaction
# commits, where the code asks for that); mails are kept in django.core.mail.outbox. The
# test runner sends with the locmem backend directly (it replaces EMAIL_BACKEND); the tests
# of the mail queue (tests/rulesage/test_mail_queue.py) put the queue back in front.
TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
RULESAGE_EMAIL_BACKEND = EMAIL_BACKEND

# Pages are not served from the cache in tests that do not ask for it
# (tests/rulesage/test_page_cache turns it on, and TEST_PAGE_CACHE=1 for a server
# started by a test); changes make pages stale as in production, so what is
# remembered until a change (header links, breadcrumbs) is kept in the real Redis
# (TEST_REDIS_URL), under a key prefix of this run.
RULESAGE_PAGE_CACHE = env_bool("TEST_PAGE_CACHE", default=False)
# No thread comparing the database with the cache (each test's database is rolled back,
# and tests/conftest.py makes everything stale at the start of each); the restore drill
# turns it on.
RULESAGE_DATABASE_CHECK_SECONDS = 0
# No failure remembered from one test to the next (tests make the database fail on purpose);
# a server started by a fault test sets DATABASE_RETRY_SECONDS.
RULESAGE_DATABASE_RETRY_SECONDS = float(os.environ.get("DATABASE_RETRY_SECONDS", "0"))
CACHES = {
    **CACHES,  # noqa: F405
    "pages": {
        "BACKEND": "core.redis_cache.RedisCache",
        "LOCATION": os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/4"),
        "KEY_PREFIX": f"rulesage-test-{uuid.uuid4().hex}",
        "TIMEOUT": 600,
    },
}
