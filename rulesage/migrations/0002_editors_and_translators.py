"""The editorial roles: Editors publish, Translators edit translations and submit them
through the "Editorial review" workflow (see core.roles)."""

from django.db import migrations


def create_roles(apps, schema_editor):
    from core.roles import ensure_roles

    ensure_roles(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("rulesage", "0001_initial"),
        ("guides", "0003_translation_freshness"),
        ("rulings", "0002_game_setup_figures"),
        ("wagtailadmin", "0001_create_admin_access_permissions"),
        ("wagtailcore", "0098_apitoken"),
    ]

    operations = [migrations.RunPython(create_roles, migrations.RunPython.noop)]
