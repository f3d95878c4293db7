"""Local development: debug on, a throwaway secret unless one is given."""

from .base import *  # noqa: F403
from .base import env_bool, os

DEBUG = env_bool("DEBUG", default=True)
SECRET_KEY = os.environ.get("SECRET_KEY") or "dev-only-insecure-key-do-not-use-in-production"
INSTALLED_APPS = [*INSTALLED_APPS, "devtools"]  # noqa: F405
# Mails are printed by the task worker `make run` starts beside the server.
RULESAGE_EMAIL_BACKEND = "core.mail.ConsoleEmailBackend"
RULESAGE_DEMO_ACCOUNTS = True
# The server and the task worker write SQLite side by side: each transaction takes the
# write lock when it begins, so neither fails with "database is locked".
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"].setdefault("OPTIONS", {}).update(  # noqa: F405
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )
    SILENCED_SYSTEM_CHECKS = ["models.W040"]
# Static files from the source folders, even with DEBUG off.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# CSP reported, not enforced (CSP_REPORT_ONLY=0 enforces): audit tools inject inline scripts.
if env_bool("CSP_REPORT_ONLY", default=True):
    CONTENT_SECURITY_POLICY_REPORT_ONLY = CONTENT_SECURITY_POLICY  # noqa: F405
    CONTENT_SECURITY_POLICY = None
