from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulesageConfig(AppConfig):
    name = "rulesage"
    verbose_name = _("Site")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import page_cache_events

        page_cache_events.connect()
