from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulingsConfig(AppConfig):
    name = "rulings"
    verbose_name = _("Rules knowledge")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Errata re-flag rulings; publishing tells readers; translations' statuses are stored.
        from . import signals, translation_listing  # noqa: F401
