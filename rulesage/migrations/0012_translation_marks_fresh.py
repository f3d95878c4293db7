"""Editors and translators mark a guide's or a ruling's translation up to date with the one
permission of the one record every kind shares (core.TranslationMark; see core.roles)."""

from django.db import migrations


def translation_marks_roles(apps, schema_editor):
    from core.roles import ensure_roles

    ensure_roles(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("rulesage", "0011_catalogue_roles"),
        ("core", "0002_translation_mark_fresh"),
    ]

    operations = [migrations.RunPython(translation_marks_roles, migrations.RunPython.noop)]
