from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PagesConfig(AppConfig):
    name = "pages"
    verbose_name = _("Site")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from core.page_cache_events import watch

        watch("pages")
