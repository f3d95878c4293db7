"""Rulings are dated by their answers.

When readers last had news of a ruling (`changed_for_readers_at`, which the feeds and the
sitemap read) was when its row was written, so the demo's and imported rulings answered
weeks before were news of the day they were loaded. It becomes the date of record its
page shows: the answer's date (the row's when the export gives none), or its latest
correction's (the day the correction is dated, at the moment it was recorded when that
was the same day).

`created_at` takes its moment as a default rather than `auto_now_add`: a Python-side
change, so only the migration state records it (SQLite would otherwise rebuild the table,
and it cannot rebuild the indexes that sort NULLS LAST).

The dates are not undone in reverse: those they replace were the moments rows happened
to be written, which nothing needs back; reversing leaves the dates of record in place.
"""

import django.utils.timezone
from django.db import migrations, models
from django.db.models.functions import Coalesce

from core.dates import moment_on


def date_by_answers_and_corrections(apps, schema_editor):
    Ruling = apps.get_model("rulings", "Ruling")
    RulingCorrection = apps.get_model("rulings", "RulingCorrection")
    Ruling.objects.update(changed_for_readers_at=Coalesce("answered_at", "created_at"))
    corrections = RulingCorrection.objects.values_list("ruling_id", "corrected_on", "recorded_at")
    latest = {}
    for ruling_id, corrected_on, recorded_at in corrections.iterator():
        moment = moment_on(corrected_on, recorded_at)
        latest[ruling_id] = max(moment, latest.get(ruling_id, moment))
    for ruling_id, moment in latest.items():
        Ruling.objects.filter(pk=ruling_id, changed_for_readers_at__lt=moment).update(
            changed_for_readers_at=moment
        )


class Migration(migrations.Migration):
    dependencies = [
        ("rulings", "0023_ruling_needing_review_index"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="ruling",
                    name="created_at",
                    field=models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
            ]
        ),
        migrations.RunPython(date_by_answers_and_corrections, migrations.RunPython.noop),
    ]
