"""A guide's translation record moves to the one every kind shares (core.TranslationMark).

Each record followed a version; its mark follows the revision that version is read from,
which `guides.models.history.followed_version` reads back as the same version. Backwards,
a mark becomes a record of the version its revision belongs to.
"""

from django.db import migrations


def guide_type(apps):
    ContentType = apps.get_model("contenttypes", "ContentType")
    return ContentType.objects.get_or_create(app_label="guides", model="guidepage")[0]


def to_marks(apps, schema_editor):
    GuideTranslation = apps.get_model("guides", "GuideTranslation")
    TranslationMark = apps.get_model("core", "TranslationMark")
    content_type = guide_type(apps)
    TranslationMark.objects.bulk_create(
        TranslationMark(
            content_type=content_type,
            object_id=record.page_id,
            language=record.language,
            follows_id=record.follows.revision_id,
            marked_by_id=record.marked_by_id,
            marked_at=record.marked_at,
        )
        for record in GuideTranslation.objects.select_related("follows")
    )


def from_marks(apps, schema_editor):
    GuideTranslation = apps.get_model("guides", "GuideTranslation")
    GuideVersion = apps.get_model("guides", "GuideVersion")
    TranslationMark = apps.get_model("core", "TranslationMark")
    marks = TranslationMark.objects.filter(content_type=guide_type(apps))
    for mark in marks:
        versions = GuideVersion.objects.filter(page_id=mark.object_id).order_by("number")
        version = versions.filter(revision_id__gte=mark.follows_id or 0).first()
        version = version or versions.last()
        if version is not None:
            GuideTranslation.objects.create(
                page_id=mark.object_id,
                language=mark.language,
                follows=version,
                marked_by_id=mark.marked_by_id,
                marked_at=mark.marked_at,
            )
    marks.delete()


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("core", "0002_translation_mark_fresh"),
        ("guides", "0015_catalogue_models"),
    ]

    operations = [
        migrations.RunPython(to_marks, from_marks),
        migrations.DeleteModel(name="GuideTranslation"),
    ]
