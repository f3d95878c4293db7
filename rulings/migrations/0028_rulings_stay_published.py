"""Rulings get drafts: every ruling so far stays live, published at its date of record.

Until now a ruling was public from its first save, so each one is live (the column's
default), at its latest revision, first and last published at its date of record: the
date its answer was given, or for an export that gives none its creation. An editor's own
ruling went live as it was created, and that is the date its answer was given.
"""

from django.db import migrations
from django.db.models import F
from django.db.models.functions import Coalesce


def published_as_they_were(apps, schema_editor):
    Ruling = apps.get_model("rulings", "Ruling")
    Ruling.objects.filter(origin="editor", answered_at__isnull=True).update(
        answered_at=F("created_at")
    )
    date_of_record = Coalesce("answered_at", "created_at")
    Ruling.objects.update(
        first_published_at=date_of_record,
        last_published_at=date_of_record,
        live_revision=F("latest_revision"),
    )


def undated_editors_rulings(apps, schema_editor):
    """Back: the dates of publication go with their columns; editors' rulings were undated."""
    Ruling = apps.get_model("rulings", "Ruling")
    Ruling.objects.filter(origin="editor", answered_at=F("created_at")).update(answered_at=None)


class Migration(migrations.Migration):
    dependencies = [("rulings", "0027_ruling_drafts")]

    operations = [migrations.RunPython(published_as_they_were, undated_editors_rulings)]
