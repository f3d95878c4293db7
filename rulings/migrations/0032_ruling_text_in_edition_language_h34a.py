"""A ruling's text moves into its edition's language's fields: rulings of a Spanish edition
that the importer stored in the English columns (with none of their own in Spanish) get
their question, answer, closing line and abstain rationale in the Spanish ones, so they are
indexed with the Spanish configuration and are no longer listed as translations. Going
back leaves the text in the Spanish columns, where the catalogue loader always wrote it."""

from django.conf import settings
from django.db import migrations
from django.db.models import F, Q

FIELDS = ["question", "answer", "closing_line", "abstain_rationale"]


def blank(column):
    return Q(**{f"{column}__isnull": True}) | Q(**{column: ""})


def to_edition_language(apps, schema_editor):
    Ruling = apps.get_model("rulings", "Ruling")
    source = settings.MODELTRANSLATION_DEFAULT_LANGUAGE
    for language, _name in settings.LANGUAGES:
        if language == source:
            continue
        stored_in_source = Ruling.objects.filter(edition__language=language).exclude(
            blank(f"question_{source}")
        )
        for name in ("question", "answer"):
            stored_in_source = stored_in_source.filter(blank(f"{name}_{language}"))
        stored_in_source.update(
            **{f"{name}_{language}": F(f"{name}_{source}") for name in FIELDS},
            **{f"{name}_{source}": None for name in FIELDS},
        )


class Migration(migrations.Migration):
    dependencies = [
        ("rulings", "0031_translation_marks_fresh"),
    ]

    operations = [
        migrations.RunPython(to_edition_language, migrations.RunPython.noop, elidable=True),
    ]
