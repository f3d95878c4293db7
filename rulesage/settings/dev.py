"""Local development: debug on, a throwaway secret unless one is given."""

from .base import *  # noqa: F403
from .base import env_bool, os

DEBUG = env_bool("DEBUG", default=True)
SECRET_KEY = os.environ.get("SECRET_KEY") or "dev-only-insecure-key-do-not-use-in-production"
# The demo and the benchmark catalogue, with their loaders (load_demo, load_catalogue).
INSTALLED_APPS = [*INSTALLED_APPS, "devtools"]  # noqa: F405
# Mails (a password reset, a review request, a reader told their question was answered)
# are queued and printed in the terminal by the task worker that `make run` starts beside
# the server.
RULESAGE_EMAIL_BACKEND = "core.mail.ConsoleEmailBackend"
# The demo editor and translator of `make run` (manage.py ensure_admin --demo).
RULESAGE_DEMO_ACCOUNTS = True
# On the run command's SQLite file the server and the task worker write side by side: each
# transaction takes the write lock when it begins (and waits up to 20 s for it), so neither
# fails with "database is locked" when both write at once.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"].setdefault("OPTIONS", {}).update(  # noqa: F405
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )
    # SQLite keeps the key columns of a covering index and ignores the rest, as it says.
    SILENCED_SYSTEM_CHECKS = ["models.W040"]
# Serve static files straight from the source folders, even with DEBUG off (the run
# command keeps DEBUG off so readers see the real 404 and 500 pages).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# The local site reports Content-Security-Policy violations instead of enforcing them
# (CSP_REPORT_ONLY=0 enforces, as production and the tests always do): audit tools run
# against `make run` (axe, Lighthouse) inject their own inline scripts, which the policy
# would block. Violations still show in the browser console as "[Report Only]".
if env_bool("CSP_REPORT_ONLY", default=True):
    CONTENT_SECURITY_POLICY_REPORT_ONLY = CONTENT_SECURITY_POLICY  # noqa: F405
    CONTENT_SECURITY_POLICY = None
