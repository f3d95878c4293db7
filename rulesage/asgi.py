"""ASGI entry point: production settings unless DJANGO_SETTINGS_MODULE says otherwise."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesage.settings.production")

application = get_asgi_application()
