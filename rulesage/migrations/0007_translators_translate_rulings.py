"""Translators translate rulings and, with Editors, keep each game's glossary (see core.roles)."""

from django.db import migrations


def grant_ruling_translations(apps, schema_editor):
    from core.roles import ensure_roles

    ensure_roles(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("rulesage", "0006_editors_answer_reader_questions"),
        ("rulings", "0015_glossary_and_ruling_translations"),
    ]

    operations = [migrations.RunPython(grant_ruling_translations, migrations.RunPython.noop)]
