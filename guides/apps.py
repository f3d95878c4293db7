from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GuidesConfig(AppConfig):
    name = "guides"
    verbose_name = _("Guides")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The publish handlers, and the rule storing translations' statuses.
        from . import glossary_suggestions, publishing, translation_listing  # noqa: F401
