# The editorial team's byline is no longer stored as English text: an empty
# `corrected_by` means the team, and pages name it in the reader's language.

from django.db import migrations, models

TEAM = "Rulesage editors"


def revisions_of(apps, model):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Revision = apps.get_model("wagtailcore", "Revision")
    content_type = ContentType.objects.filter(app_label="rulings", model=model).first()
    return Revision.objects.filter(content_type=content_type) if content_type else []


def replace_byline(apps, old, new):
    RulingCorrection = apps.get_model("rulings", "RulingCorrection")
    RulingCorrection.objects.filter(corrected_by=old).update(corrected_by=new)
    # Revisions keep the corrections as they were saved; compare views read them.
    for revision in revisions_of(apps, "ruling"):
        corrections = revision.content.get("corrections") or []
        changed = [c for c in corrections if c.get("corrected_by") == old]
        for correction in changed:
            correction["corrected_by"] = new
        if changed:
            revision.save(update_fields=["content"])


def forwards(apps, schema_editor):
    replace_byline(apps, TEAM, "")


def backwards(apps, schema_editor):
    replace_byline(apps, "", TEAM)


class Migration(migrations.Migration):

    dependencies = [
        ('rulings', '0005_origin_and_snippet_provenance'),
        ('wagtailcore', '0098_apitoken'),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    operations = [
        migrations.AlterField(
            model_name='rulingcorrection',
            name='corrected_by',
            field=models.CharField(blank=True, help_text="A person's name, shown as written in every language. Leave empty when the editorial team made the correction: readers see “Rulesage editors” in their own language.", max_length=120, verbose_name='corrected by'),
        ),
        migrations.RunPython(forwards, backwards),
    ]
