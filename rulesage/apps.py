from django.apps import AppConfig


class RulesageConfig(AppConfig):
    name = "rulesage"
    verbose_name = "Rulesage"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import checks  # noqa: F401 (registers itself)
