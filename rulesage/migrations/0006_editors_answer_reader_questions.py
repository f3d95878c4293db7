"""Editors also work the reader questions queue (see core.roles)."""

from django.db import migrations


def grant_reader_questions(apps, schema_editor):
    from core.roles import ensure_roles

    ensure_roles(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("rulesage", "0005_prose_blocks_from_core"),
        ("rulings", "0010_reader_questions_and_mentions"),
    ]

    operations = [migrations.RunPython(grant_reader_questions, migrations.RunPython.noop)]
