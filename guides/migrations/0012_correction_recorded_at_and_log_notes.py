"""Corrections get the moment they were recorded; change-log lines read as sentences.

- Existing corrections are taken to have been recorded at the start of the day they are
  dated (as the feeds dated them until now).
- The standard note of a change-log line whose editor wrote none used to repeat the line's
  label ("Minor edit to version 3: Minor edit: wording…"). Lines that carry a standard
  note, word for word, get the note that now goes on from the label; nothing an editor or
  translator wrote is touched, and the old wording comes back if this is reversed.
"""

import datetime
import re

import django.utils.timezone
from django.db import migrations, models

# (kind, old standard note, new standard note) in each language; {n} is a version number.
NOTES = {
    "en": [
        ("first", "First published", "first published."),
        (
            "minor",
            "Minor edit: wording, typography or links; no rule changed.",
            "wording, typography or links only; no rule changed.",
        ),
        ("translation", "Translation revised.", "text revised."),
        (
            "translation",
            "Translation brought up to date with version {n}.",
            "brought up to date with version {n}.",
        ),
    ],
    "es": [
        ("first", "Primera publicación", "primera publicación."),
        (
            "minor",
            "Retoque de redacción, tipografía o enlaces; ninguna regla ha cambiado.",
            "solo redacción, tipografía o enlaces; ninguna regla ha cambiado.",
        ),
        ("translation", "Traducción revisada.", "texto revisado."),
        (
            "translation",
            "Traducción puesta al día con la versión {n}.",
            "puesta al día con la versión {n}.",
        ),
    ],
}


def date_corrections(apps, schema_editor):
    GuideCorrection = apps.get_model("guides", "GuideCorrection")
    corrections = list(GuideCorrection.objects.only("pk", "corrected_on"))
    for correction in corrections:
        correction.recorded_at = datetime.datetime.combine(
            correction.corrected_on, datetime.time.min, datetime.UTC
        )
    GuideCorrection.objects.bulk_update(corrections, ["recorded_at"], batch_size=500)


def pattern(note):
    return re.compile(re.escape(note).replace(re.escape("{n}"), r"(\d+)") + r"\Z")


def reword(apps, old_index, new_index):
    GuideChange = apps.get_model("guides", "GuideChange")
    changed = []
    for change in GuideChange.objects.all():
        touched = False
        for language, notes in NOTES.items():
            columns = ["note_" + language] + (["note"] if language == "en" else [])
            for kind, *wordings in notes:
                if change.kind != kind:
                    continue
                old, new = wordings[old_index], wordings[new_index]
                for column in columns:
                    match = pattern(old).match(getattr(change, column) or "")
                    if match:
                        number = match.group(1) if match.groups() else ""
                        setattr(change, column, new.replace("{n}", number))
                        touched = True
        if touched:
            changed.append(change)
    GuideChange.objects.bulk_update(changed, ["note", "note_en", "note_es"], batch_size=500)


def standard_notes_go_on_from_the_label(apps, schema_editor):
    reword(apps, 0, 1)


def standard_notes_as_before(apps, schema_editor):
    reword(apps, 1, 0)


class Migration(migrations.Migration):
    dependencies = [
        ("guides", "0011_search_vectors_stored"),
    ]

    operations = [
        migrations.AddField(
            model_name="guidecorrection",
            name="recorded_at",
            field=models.DateTimeField(
                default=django.utils.timezone.now, editable=False, verbose_name="recorded at"
            ),
        ),
        migrations.RunPython(date_corrections, migrations.RunPython.noop),
        migrations.RunPython(standard_notes_go_on_from_the_label, standard_notes_as_before),
    ]
