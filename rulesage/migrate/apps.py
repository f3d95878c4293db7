"""An app that only holds the project's `migrate` command.

Django runs the command of the first installed app that has one, and wagtail-modeltranslation's
`migrate` must come before the page apps. This app has no models and no translations, so it
can be listed before it without disturbing the order the page models need.
"""

from django.apps import AppConfig


class MigrateConfig(AppConfig):
    name = "rulesage.migrate"
    label = "rulesage_migrate"
    verbose_name = "Rulesage migrate"
