"""Whether a guide's translation is missing, behind its English original, or up to date.

A translation follows the English version it was last marked up to date with
(`GuideTranslation`). It is behind when a later version affects translations; versions
published as "does not affect translations" leave it current. A translation nobody has
marked yet is behind too: it must never be presented as current without someone saying so.
"""

from dataclasses import dataclass, field

from core.freshness import TranslationStatus, text_changed
from core.translated_fields import has_translation, shown_in_english


@dataclass(frozen=True)
class TranslationState:
    page: object  # the GuidePage
    language: str
    status: TranslationStatus
    follows: int | None  # the English version the translation was marked up to date with
    current: int | None  # the current English version
    shown_in_english: list = field(default_factory=list)  # labels of the parts in English

    @property
    def is_behind(self):
        return self.status == TranslationStatus.BEHIND


def translation_state(page, language, versions, record, changes=None, corrections=None):
    """The state of `page`'s translation into `language`.

    `versions` are the page's `GuideVersion`s (any order), `record` its `GuideTranslation`
    for the language or None, and `changes`/`corrections` the change-log lines and
    corrections its readers see; callers fetch them so that listings can prefetch them for
    many pages at once.
    """
    current = max((version.number for version in versions), default=None)
    follows = record.follows.number if record else None
    status = translation_status(page, language, versions, record)
    items = {
        "corrections": corrections or [],
        "change_log": [change for change in changes or [] if not change.language],
    }
    parts = shown_in_english(page, language, items)
    return TranslationState(page, language, status, follows, current, parts)


def translation_status(page, language, versions, record):
    """Missing, behind or current: the rule `translation_state` applies, on its own for
    those who need only the status (the editors' figures count it for every guide, and
    need neither the revisions' text nor what is shown in English)."""
    follows = record.follows.number if record else None
    if not has_translation(page, language):
        return TranslationStatus.MISSING
    if follows is None:
        # Nobody has said which English text this translation follows.
        return TranslationStatus.BEHIND
    if any(v.affects_translations for v in versions if v.number > follows):
        return TranslationStatus.BEHIND
    return TranslationStatus.CURRENT


def followed_text(versions, record):
    """The guide as it stood when its translation was last marked up to date.

    The last revision published under the version the translation follows; for a
    translation nobody has marked, the first version's. None when there is no such revision.
    """
    by_number = {version.number: version for version in versions}
    version = record.follows if record else by_number.get(min(by_number, default=None))
    revision = getattr(version, "revision", None)
    return revision.as_object() if revision else None


def translation_changed_since(page, language, versions, record):
    """True when the text in `language` differs from what it was at the followed version."""
    return text_changed(followed_text(versions, record), page, language)
