"""Editors also work the rulings desk: passages, errata cards and rulings (with their
citations and corrections, edited inline)."""

import importlib

from django.db import migrations

roles = importlib.import_module("rulesage.migrations.0002_editors_and_translators")
RULINGS_MODELS = ["passage", "erratacard", "ruling"]


def grant_rulings_desk(apps, schema_editor):
    roles.ensure_permissions(apps, "rulings")
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    editors, _ = Group.objects.get_or_create(name=roles.EDITORS)
    editors.permissions.add(
        *Permission.objects.filter(
            content_type__app_label="rulings",
            codename__in=[
                f"{action}_{model}"
                for model in RULINGS_MODELS
                for action in ("add", "change", "view")
            ],
        )
    )


class Migration(migrations.Migration):
    dependencies = [
        ("rulesage", "0002_editors_and_translators"),
        ("rulings", "0003_rulings_errata_passages"),
    ]

    operations = [migrations.RunPython(grant_rulings_desk, migrations.RunPython.noop)]
