"""An editor's own ruling has a status of its own, and a cited passage says where it is.

Rulings written in the admin started as "imported"; those not reviewed since become
"written by an editor" before the database is told to hold every ruling to its origin's
first status. Citations saved with only a passage (the admin's chooser) take the
passage's document, page and heading path, as `Citation.save` now gives every new one.
"""

from django.db import migrations, models
from django.db.models import OuterRef, Q, Subquery


def editors_rulings_are_written(apps, schema_editor):
    Ruling = apps.get_model("rulings", "Ruling")
    Ruling.objects.filter(origin="editor", status="imported").update(status="written")


def written_is_imported_again(apps, schema_editor):
    Ruling = apps.get_model("rulings", "Ruling")
    Ruling.objects.filter(status="written").update(status="imported")


def citations_take_their_passages_place(apps, schema_editor):
    Citation = apps.get_model("rulings", "Citation")
    Passage = apps.get_model("rulings", "Passage")
    passage = Passage.objects.filter(pk=OuterRef("passage_id"))
    Citation.objects.filter(passage__isnull=False).filter(
        Q(document__isnull=True) | Q(page__isnull=True) | Q(heading_path="")
    ).update(
        document_id=Subquery(passage.values("document_id")[:1]),
        page=Subquery(passage.values("page")[:1]),
        heading_path=Subquery(passage.values("heading_path")[:1]),
    )


class Migration(migrations.Migration):
    dependencies = [
        ("rulings", "0011_search_vectors_stored"),
        ("wagtailcore", "0098_apitoken"),
    ]

    operations = [
        migrations.AlterField(
            model_name="ruling",
            name="status",
            field=models.CharField(
                choices=[
                    ("imported", "Imported"),
                    ("written", "Written by an editor"),
                    ("needs_review", "Needs review"),
                    ("verified", "Verified"),
                    ("corrected", "Corrected"),
                    ("withdrawn", "Withdrawn"),
                ],
                default="written",
                max_length=20,
                verbose_name="review status",
            ),
        ),
        migrations.RunPython(editors_rulings_are_written, written_is_imported_again),
        migrations.AddConstraint(
            model_name="ruling",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("status", "written"), _negated=True),
                    ("origin", "editor"),
                    _connector="OR",
                ),
                name="ruling_written_is_editors",
            ),
        ),
        migrations.AddConstraint(
            model_name="ruling",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("status", "imported"), _negated=True),
                    models.Q(("origin", "editor"), _negated=True),
                    _connector="OR",
                ),
                name="ruling_editors_is_not_imported",
            ),
        ),
        migrations.RunPython(citations_take_their_passages_place, migrations.RunPython.noop),
    ]
