"""The catalogue's tables take its name (rulings_game becomes catalogue_game, …), and its
models' content types move with them, so that everything that names a row by its content
type keeps naming the same row: permissions and the groups holding them, Wagtail's
revisions, log entries, reference index and search index."""

from django.db import migrations

MODELS = [
    "game",
    "edition",
    "document",
    "passage",
    "erratacard",
    "setupfigure",
    "glossaryterm",
]


def relabel(old, new):
    def move(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        ContentType.objects.using(schema_editor.connection.alias).filter(
            app_label=old, model__in=MODELS
        ).update(app_label=new)

    return move


class Migration(migrations.Migration):
    dependencies = [
        ("catalogue", "0001_moved_from_rulings"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("rulings", "0030_catalogue_models_moved"),
    ]

    operations = [
        *(migrations.AlterModelTable(name=model, table=None) for model in MODELS),
        migrations.RunPython(relabel("rulings", "catalogue"), relabel("catalogue", "rulings")),
    ]
