"""Dates mean what they say.

- A ruling imported from an export whose only date is "debug row retained until:" (a
  retention deadline) had that deadline as its answer date. The deadline moves to the
  provenance (`retained_until`), where the importer now keeps it, and the answer date is
  cleared, in the ruling and in its revisions; so are the passage texts and the edition's
  "no errata as of" date that the import dated by it.
- Corrections get the moment they were recorded (existing ones: the start of the day they
  are dated), and each ruling when readers last had news of it (its creation, or its
  latest correction), which the rulings feed is ordered by.
"""

import datetime
import re

import django.utils.timezone
from django.db import migrations, models

from core.migration_operations import AddPostgresIndex

RETENTION_LINE = "debug row retained until"
NO_ERRATA_RE = re.compile(r"registers\s+NO\s+errata", re.IGNORECASE)


def start_of(day):
    return datetime.datetime.combine(day, datetime.time.min, datetime.UTC)


def date_corrections(apps, schema_editor):
    RulingCorrection = apps.get_model("rulings", "RulingCorrection")
    corrections = list(RulingCorrection.objects.only("pk", "corrected_on"))
    for correction in corrections:
        correction.recorded_at = start_of(correction.corrected_on)
    RulingCorrection.objects.bulk_update(corrections, ["recorded_at"], batch_size=500)


def date_news_for_readers(apps, schema_editor):
    Ruling = apps.get_model("rulings", "Ruling")
    RulingCorrection = apps.get_model("rulings", "RulingCorrection")
    Ruling.objects.update(changed_for_readers_at=models.F("created_at"))
    latest = RulingCorrection.objects.values("ruling_id").annotate(
        latest=models.Max("recorded_at")
    )
    for row in latest:
        Ruling.objects.filter(
            pk=row["ruling_id"], changed_for_readers_at__lt=row["latest"]
        ).update(changed_for_readers_at=row["latest"])


def undate_retention_deadlines(apps, schema_editor):
    Ruling = apps.get_model("rulings", "Ruling")
    Passage = apps.get_model("rulings", "Passage")
    Edition = apps.get_model("rulings", "Edition")
    Revision = apps.get_model("wagtailcore", "Revision")
    ContentType = apps.get_model("contenttypes", "ContentType")
    ruling_type = ContentType.objects.filter(app_label="rulings", model="ruling").first()
    affected = Ruling.objects.filter(provenance__recorded_at_source=RETENTION_LINE)
    for ruling in affected:
        deadline = ruling.answered_at
        ruling.provenance = moved_deadline(ruling.provenance, deadline)
        ruling.answered_at = None
        ruling.save(update_fields=["provenance", "answered_at"])
        if ruling_type is not None:
            for revision in Revision.objects.filter(
                content_type=ruling_type, object_id=str(ruling.pk)
            ):
                content = dict(revision.content)
                content["answered_at"] = None
                if isinstance(content.get("provenance"), dict):
                    content["provenance"] = moved_deadline(content["provenance"], deadline)
                revision.content = content
                revision.save(update_fields=["content"])
        if deadline is None:
            continue
        Passage.objects.filter(
            document__edition_id=ruling.edition_id, text_exported_at=deadline
        ).update(text_exported_at=None)
        edition = Edition.objects.get(pk=ruling.edition_id)
        if edition.errata_checked_on == deadline.date():
            edition.errata_checked_on = errata_checked_by_exports(Ruling, edition)
            edition.save(update_fields=["errata_checked_on"])


def moved_deadline(provenance, deadline):
    provenance = {k: v for k, v in provenance.items() if k != "recorded_at_source"}
    if deadline is not None:
        provenance.setdefault("retained_until", deadline.isoformat())
    return provenance


def errata_checked_by_exports(Ruling, edition):
    """The latest answer date of an export of `edition` that states it has no errata."""
    dated = Ruling.objects.filter(edition=edition, answered_at__isnull=False).exclude(
        errata_statement=""
    )
    days = [
        answered_at.date()
        for answered_at, statement in dated.values_list("answered_at", "errata_statement")
        if NO_ERRATA_RE.search(statement)
    ]
    return max(days, default=None)


class Migration(migrations.Migration):

    dependencies = [
        ('rulings', '0015_glossary_and_ruling_translations'),
        ('wagtailcore', '0098_apitoken'),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    operations = [
        migrations.AlterModelOptions(
            name='ruling',
            options={'ordering': [models.OrderBy(models.F('answered_at'), descending=True, nulls_last=True), 'pk'], 'verbose_name': 'ruling', 'verbose_name_plural': 'rulings'},
        ),
        migrations.AddField(
            model_name='ruling',
            name='changed_for_readers_at',
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False, serialize=False, verbose_name='last changed for readers'),
        ),
        migrations.AddField(
            model_name='rulingcorrection',
            name='recorded_at',
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False, verbose_name='recorded at'),
        ),
        # SQLite cannot build an index ordered NULLS LAST; there the lists sort unindexed.
        AddPostgresIndex(
            model_name='ruling',
            index=models.Index(models.OrderBy(models.F('answered_at'), descending=True, nulls_last=True), models.F('id'), name='ruling_newest_answer'),
        ),
        migrations.AddIndex(
            model_name='ruling',
            index=models.Index(models.OrderBy(models.F('changed_for_readers_at'), descending=True), name='ruling_changed_for_readers'),
        ),
        migrations.RunPython(date_corrections, migrations.RunPython.noop),
        migrations.RunPython(date_news_for_readers, migrations.RunPython.noop),
        migrations.RunPython(undate_retention_deadlines, migrations.RunPython.noop),
    ]
