"""Whether a guide's translation is missing, behind its English original, or up to date.

A translation follows the English version a translator last marked it up to date with
(`GuideTranslation`). It is behind when a later version affects translations; versions
published as "does not affect translations" leave it current. A translation nobody has
marked yet is behind too: it must never be presented as current without someone saying so.
"""

from dataclasses import dataclass, field

from django.db import models
from django.utils.translation import gettext_lazy as _

from .translated_fields import has_translation, untranslated_fields


class TranslationStatus(models.TextChoices):
    MISSING = "missing", _("Missing")
    BEHIND = "behind", _("Behind")
    CURRENT = "current", _("Up to date")


@dataclass(frozen=True)
class TranslationState:
    page: object  # the GuidePage
    language: str
    status: TranslationStatus
    follows: int | None  # the English version the translation was marked up to date with
    current: int | None  # the current English version
    untranslated: list = field(default_factory=list)  # fields shown in English instead

    @property
    def is_behind(self):
        return self.status == TranslationStatus.BEHIND


def translation_state(page, language, versions, record):
    """The state of `page`'s translation into `language`.

    `versions` are the page's `GuideVersion`s (any order) and `record` its
    `GuideTranslation` for the language or None; callers fetch them so that listings can
    prefetch them for many pages at once.
    """
    current = max((version.number for version in versions), default=None)
    follows = record.follows.number if record else None
    untranslated = untranslated_fields(page, language)
    if not has_translation(page, language):
        status = TranslationStatus.MISSING
    elif follows is None:
        # Nobody has said which English text this translation follows.
        status = TranslationStatus.BEHIND
    elif any(v.affects_translations for v in versions if v.number > follows):
        status = TranslationStatus.BEHIND
    else:
        status = TranslationStatus.CURRENT
    return TranslationState(page, language, status, follows, current, untranslated)


# Behind first: that is the work waiting for translators.
STATUS_ORDER = [TranslationStatus.BEHIND, TranslationStatus.MISSING, TranslationStatus.CURRENT]
