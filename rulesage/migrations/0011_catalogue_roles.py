"""The groups' permissions on the catalogue's models, now the catalogue app's (see
core.roles): a database that had them keeps them through the content types' move; one
made from scratch gets them here."""

from django.db import migrations


def catalogue_roles(apps, schema_editor):
    from core.roles import ensure_roles

    ensure_roles(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("rulesage", "0010_site_pages_move_to_pages"),
        ("catalogue", "0002_tables_and_content_types"),
    ]

    operations = [migrations.RunPython(catalogue_roles, migrations.RunPython.noop)]
