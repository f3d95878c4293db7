"""A ruling's translation record moves to the one every kind shares
(core.TranslationMark): the same language, revision, reason, who and when."""

from django.db import migrations

FIELDS = ["language", "follows_id", "note", "marked_by_id", "marked_at"]


def ruling_type(apps):
    ContentType = apps.get_model("contenttypes", "ContentType")
    return ContentType.objects.get_or_create(app_label="rulings", model="ruling")[0]


def to_marks(apps, schema_editor):
    RulingTranslation = apps.get_model("rulings", "RulingTranslation")
    TranslationMark = apps.get_model("core", "TranslationMark")
    content_type = ruling_type(apps)
    TranslationMark.objects.bulk_create(
        TranslationMark(
            content_type=content_type,
            object_id=record.ruling_id,
            **{name: getattr(record, name) for name in FIELDS},
        )
        for record in RulingTranslation.objects.all()
    )


def from_marks(apps, schema_editor):
    RulingTranslation = apps.get_model("rulings", "RulingTranslation")
    TranslationMark = apps.get_model("core", "TranslationMark")
    marks = TranslationMark.objects.filter(content_type=ruling_type(apps))
    RulingTranslation.objects.bulk_create(
        RulingTranslation(ruling_id=mark.object_id, **{name: getattr(mark, name) for name in FIELDS})
        for mark in marks
    )
    marks.delete()


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("core", "0002_translation_mark_fresh"),
        ("rulings", "0030_catalogue_models_moved"),
    ]

    operations = [
        migrations.RunPython(to_marks, from_marks),
        migrations.DeleteModel(name="RulingTranslation"),
    ]
