"""Editors publish rulings, now that rulings have drafts (see core.roles)."""

from django.db import migrations


def editors_publish_rulings(apps, schema_editor):
    from core.roles import ensure_roles

    ensure_roles(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("rulesage", "0008_one_permission_per_action"),
        ("rulings", "0028_rulings_stay_published"),
    ]

    operations = [migrations.RunPython(editors_publish_rulings, migrations.RunPython.noop)]
