"""Production: refuses to start without its secret, hosts or database; Redis; hashed static."""

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import REDIS_OPTIONS, env_bool, env_list, os, with_replica, with_timeouts

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set in the environment for production.")

DEBUG = False
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS")
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must be set in the environment for production.")

# Refuse to start rather than write `make run`'s SQLite file.
if not os.environ.get("DATABASE_URL"):
    raise ImproperlyConfigured("DATABASE_URL must be set in the environment for production.")
DATABASES = with_replica({"default": with_timeouts(dj_database_url.config(conn_max_age=60))})

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# Both caches in Redis, shared by every app server; while it is down pages are uncached and
# reader questions refused (core.redis_cache).
REDIS = {
    "BACKEND": "core.redis_cache.RedisCache",
    "LOCATION": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
    "OPTIONS": REDIS_OPTIONS,
}
CACHES = {"default": REDIS, "pages": REDIS}
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", default=True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE

# Mail is sent by the task worker through SMTP (docs/mail.md); EMAIL_USE_TLS is STARTTLS
# (port 587), EMAIL_USE_SSL implicit TLS (port 465): set at most one.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS")
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL")
# A mail server that accepts and never answers must not hold the worker for ever.
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "30"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", DEFAULT_FROM_EMAIL)

# TLS ends at the proxy (X-Forwarded-Proto): HTTP is redirected to HTTPS, and HSTS is on.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 24 * 3600)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=True)
# SAMEORIGIN, not DENY: the page editor's live preview frames the site's own preview.
SILENCED_SYSTEM_CHECKS = ["security.W019"]
