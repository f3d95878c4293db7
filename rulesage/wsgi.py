"""WSGI entry point; production sets DJANGO_SETTINGS_MODULE=rulesage.settings.production."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesage.settings.dev")

application = get_wsgi_application()
