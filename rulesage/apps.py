from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulesageConfig(AppConfig):
    name = "rulesage"
    verbose_name = _("Site")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import checks, page_cache_events  # noqa: F401 (checks registers itself)

        page_cache_events.connect()
