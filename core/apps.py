from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """The bottom layer every app builds on: translations, roles, the page form, prose."""

    name = "core"
    verbose_name = _("Shared editing")
    default_auto_field = "django.db.models.BigAutoField"
