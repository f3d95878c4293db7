"""Keeps the public version history of guides in step with publishing."""

from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone, translation
from django.utils.translation import gettext
from modeltranslation import settings as mt_settings
from modeltranslation.utils import build_localized_fieldname
from wagtail.signals import page_published

from .models import GuidePage, GuideVersion


@receiver(page_published, sender=GuidePage)
def record_guide_version(sender, instance, revision, **kwargs):
    """Start a new version on a substantive publish; otherwise refresh the current one.

    Versions are versions of the English original: a new one moves translations behind
    unless the editor published it as not affecting translations, or only a translation's
    summary was given (the English did not change substantively).
    """
    summaries = {
        code: (getattr(instance, build_localized_fieldname("change_summary", code)) or "").strip()
        for code in mt_settings.AVAILABLE_LANGUAGES
    }
    summary = summaries[mt_settings.DEFAULT_LANGUAGE] or any(summaries.values())
    affects_translations = bool(
        instance.affects_translations and summaries[mt_settings.DEFAULT_LANGUAGE]
    )
    with transaction.atomic():
        current = instance.versions.select_for_update().order_by("-number").first()
        if current is None or summary:
            version = GuideVersion(
                page=instance,
                number=(current.number + 1) if current else 1,
                published_at=instance.last_published_at or timezone.now(),
                revision=revision,
                affects_translations=affects_translations if current else True,
            )
            for code, text in summaries.items():
                if not text and current is None:
                    with translation.override(code):
                        text = gettext("First published")
                # An empty translation falls back to the English line when read.
                setattr(version, build_localized_fieldname("summary", code), text)
            version.save()
        else:
            current.revision = revision
            current.save(update_fields=["revision"])
        if summary or not instance.affects_translations:
            # The summary and the translations flag belong to this publish only. Reset them
            # so that a later small fix does not bump the version again, and a later new
            # version reaches the translators unless its own editor says otherwise.
            cleared = {build_localized_fieldname("change_summary", c): "" for c in summaries}
            cleared["affects_translations"] = True
            GuidePage.objects.filter(pk=instance.pk).update(**cleared)
            revision.content.update(cleared)
            revision.save(update_fields=["content"])
    instance.__dict__.pop("current_version", None)
