"""Local development: debug on, a throwaway secret unless one is given."""

from .base import *  # noqa: F403
from .base import env_bool, os

DEBUG = env_bool("DEBUG", default=True)
SECRET_KEY = os.environ.get("SECRET_KEY") or "dev-only-insecure-key-do-not-use-in-production"
EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
# Serve static files straight from the source folders, even with DEBUG off (the run
# command keeps DEBUG off so readers see the real 404 and 500 pages).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
