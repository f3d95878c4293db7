import logging

from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _

logger = logging.getLogger(__name__)


class CoreConfig(AppConfig):
    """The bottom layer every app builds on: translations, roles, the page form, prose."""

    name = "core"
    verbose_name = _("Shared editing")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import page_cache_events

        post_migrate.connect(new_release, sender=self)
        page_cache_events.connect()


def new_release(**kwargs):
    """Every release runs `migrate`: what the release before rendered is stale. A cache
    that cannot be reached must not stop the release."""
    from core.cache_tags import bump_everything

    try:
        bump_everything()
    except Exception:  # noqa: BLE001 - reported, the migration itself has succeeded
        logger.warning("The page cache could not be marked stale after migrate", exc_info=True)
