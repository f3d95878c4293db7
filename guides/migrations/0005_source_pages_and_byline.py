# Where a guide's source is read becomes numbers (first and last page), the same in every
# language, plus a translated section name for what pages do not say; the editorial team's
# byline is no longer stored as English text (an empty `corrected_by` means the team).
# Live rows and the page revisions (earlier versions render from them) are both converted.

import re

from django.db import migrations, models

TEAM = "Rulesage editors"
PAGES = re.compile(r"^\s*(?:pages?|pp?\.?)\s*(\d+)(?:\s*[–—-]\s*(\d+))?\s*$", re.IGNORECASE)


def split_locator(locator):
    """(first page, last page, section) from the free text that said where in the document."""
    match = PAGES.match(locator or "")
    if match:
        first = int(match.group(1))
        last = int(match.group(2)) if match.group(2) else None
        if last is None or last >= first:
            return first, last, ""
    return None, None, locator or ""


def join_locator(first, last, section):
    if first is None:
        return section or ""
    pages = f"page {first}" if last in (None, first) else f"pages {first}–{last}"
    return f"{pages}, {section}" if section else pages


def guide_revisions(apps):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Revision = apps.get_model("wagtailcore", "Revision")
    content_type = ContentType.objects.filter(app_label="guides", model="guidepage").first()
    return Revision.objects.filter(content_type=content_type) if content_type else []


def forwards(apps, schema_editor):
    GuideSource = apps.get_model("guides", "GuideSource")
    for source in GuideSource.objects.exclude(locator=""):
        first, last, section = split_locator(source.locator)
        source.first_page, source.last_page = first, last
        source.section = source.section_en = section
        source.save(update_fields=["first_page", "last_page", "section", "section_en"])
    apps.get_model("guides", "GuideCorrection").objects.filter(corrected_by=TEAM).update(
        corrected_by=""
    )
    for revision in guide_revisions(apps):
        changed = False
        for source in revision.content.get("sources") or []:
            if "locator" in source:
                first, last, section = split_locator(source.pop("locator"))
                source.update(first_page=first, last_page=last, section=section)
                source["section_en"] = section
                changed = True
        for correction in revision.content.get("corrections") or []:
            if correction.get("corrected_by") == TEAM:
                correction["corrected_by"] = ""
                changed = True
        if changed:
            revision.save(update_fields=["content"])


def backwards(apps, schema_editor):
    GuideSource = apps.get_model("guides", "GuideSource")
    for source in GuideSource.objects.all():
        source.locator = join_locator(source.first_page, source.last_page, source.section_en)
        source.save(update_fields=["locator"])
    apps.get_model("guides", "GuideCorrection").objects.filter(corrected_by="").update(
        corrected_by=TEAM
    )
    for revision in guide_revisions(apps):
        for source in revision.content.get("sources") or []:
            source["locator"] = join_locator(
                source.pop("first_page", None),
                source.pop("last_page", None),
                source.get("section_en") or source.get("section"),
            )
        for correction in revision.content.get("corrections") or []:
            if not correction.get("corrected_by"):
                correction["corrected_by"] = TEAM
        revision.save(update_fields=["content"])


class Migration(migrations.Migration):

    dependencies = [
        ('guides', '0004_change_log'),
        ('wagtailcore', '0098_apitoken'),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    operations = [
        migrations.AddField(
            model_name='guidesource',
            name='first_page',
            field=models.PositiveIntegerField(blank=True, null=True, verbose_name='first page'),
        ),
        migrations.AddField(
            model_name='guidesource',
            name='last_page',
            field=models.PositiveIntegerField(blank=True, help_text='Leave empty for a single page.', null=True, verbose_name='last page'),
        ),
        migrations.AddField(
            model_name='guidesource',
            name='section',
            field=models.CharField(blank=True, help_text='Only where page numbers do not say it, e.g. “the solo mode appendix”.', max_length=120, verbose_name='section'),
        ),
        migrations.AddField(
            model_name='guidesource',
            name='section_en',
            field=models.CharField(blank=True, help_text='Only where page numbers do not say it, e.g. “the solo mode appendix”.', max_length=120, null=True, verbose_name='section'),
        ),
        migrations.AddField(
            model_name='guidesource',
            name='section_es',
            field=models.CharField(blank=True, help_text='Only where page numbers do not say it, e.g. “the solo mode appendix”.', max_length=120, null=True, verbose_name='section'),
        ),
        migrations.AlterField(
            model_name='guidecorrection',
            name='corrected_by',
            field=models.CharField(blank=True, help_text="A person's name, shown as written in every language. Leave empty when the editorial team made the correction: readers see “Rulesage editors” in their own language.", max_length=120, verbose_name='corrected by'),
        ),
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField(
            model_name='guidesource',
            name='locator',
        ),
        migrations.AddConstraint(
            model_name='guidesource',
            constraint=models.CheckConstraint(condition=models.Q(('last_page__isnull', True), models.Q(('first_page__isnull', False), ('last_page__gte', models.F('first_page'))), _connector='OR'), name='guide_source_page_range_ordered', violation_error_message='Give the first page, and a last page no lower than the first.'),
        ),
    ]
