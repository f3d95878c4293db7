from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    """The read-only reader API at /api/v1/: what the reader pages show, as JSON."""

    name = "api"
    verbose_name = _("Reader API")
