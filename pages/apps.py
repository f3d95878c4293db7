from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PagesConfig(AppConfig):
    """What readers see beyond a game's own pages: the home and standard pages, the site
    search, the feeds, the sitemaps and the corrections log."""

    name = "pages"
    verbose_name = _("Site")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from core.page_cache_events import watch

        watch("pages")
