"""Editors also work the rulings desk: passages, errata cards and rulings (with their
citations and corrections, edited inline). The roles are made complete again now that
those models exist (see core.roles)."""

from django.db import migrations


def grant_rulings_desk(apps, schema_editor):
    from core.roles import ensure_roles

    ensure_roles(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("rulesage", "0002_editors_and_translators"),
        ("rulings", "0003_rulings_errata_passages"),
    ]

    operations = [migrations.RunPython(grant_rulings_desk, migrations.RunPython.noop)]
