"""The translators' statuses are stored from now on (core.TranslationStatusRecord): decide
every guide's and translated ruling's once, by the rule the site runs (core.freshness)."""

from django.db import migrations


def decide_all(apps, schema_editor):
    # The rule reads the current models: on a database with no guides or rulings (a new
    # one, whose later migrations may not have run yet) there is nothing to decide.
    if not (
        apps.get_model("guides", "GuidePage").objects.exists()
        or apps.get_model("rulings", "Ruling").objects.exists()
    ):
        return
    from core.freshness import refresh_all_statuses

    refresh_all_statuses()


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0003_translation_statuses_desk"),
        ("guides", "0016_translation_marks_fresh"),
        ("rulings", "0032_ruling_text_in_edition_language_h34a"),
    ]

    operations = [migrations.RunPython(decide_all, migrations.RunPython.noop)]
