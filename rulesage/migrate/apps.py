"""An app without models holding only the project's `migrate`, listed first so that its
command wins over wagtail-modeltranslation's without disturbing the page apps' order."""

from django.apps import AppConfig


class MigrateConfig(AppConfig):
    name = "rulesage.migrate"
    label = "rulesage_migrate"
    verbose_name = "Rulesage migrate"
