"""The home page, standard pages and site settings belong to the `pages` app now.

Their tables are renamed to the new app's names and the models leave this app's state
(pages/migrations/0001_initial.py takes them into its own); no row is copied or lost.
"""

from django.db import migrations

MOVED = {
    "homepage": "pages_homepage",
    "standardpage": "pages_standardpage",
    "sitesettings": "pages_sitesettings",
}


class Migration(migrations.Migration):
    dependencies = [
        ("rulesage", "0009_editors_publish_rulings"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.AlterModelTable(name=model, table=table)
                for model, table in MOVED.items()
            ],
            state_operations=[migrations.DeleteModel(name=model) for model in MOVED],
        ),
    ]
