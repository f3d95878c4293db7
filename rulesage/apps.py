from django.apps import AppConfig


class RulesageConfig(AppConfig):
    name = "rulesage"
    verbose_name = "Rulesage"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from core import slug_check

        from . import checks  # noqa: F401 (registers itself)

        # Before wagtail_modeltranslation's ready(), listed after this app: its slug checks
        # are replaced as it installs them (docs/decisions/slug-check.md).
        slug_check.install()
