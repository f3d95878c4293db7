"""ASGI entry point; production sets DJANGO_SETTINGS_MODULE=rulesage.settings.production."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesage.settings.dev")

application = get_asgi_application()
