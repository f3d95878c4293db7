"""The site-wide corrections log: every public correction, newest first.

Each app keeps its own corrections; this module is where they meet, so it may import
both `guides` and (once it has corrections) `rulings`.
"""

from dataclasses import dataclass
from datetime import date

from core.translated_fields import fallback_language


@dataclass(frozen=True)
class CorrectionEntry:
    corrected_on: date
    subject: str
    url: str
    what_was_wrong: str
    what_it_says_now: str
    corrected_by: str
    key: str
    # `lang` of each text where it is shown untranslated (in English), else "".
    subject_lang: str = ""
    was_lang: str = ""
    now_lang: str = ""

    @property
    def in_another_language(self):
        return bool(self.subject_lang or self.was_lang or self.now_lang)


def _entry(correction, kind, subject, subject_field, url):
    return CorrectionEntry(
        corrected_on=correction.corrected_on,
        subject=getattr(subject, subject_field),
        url=f"{url}#{correction.anchor}",
        what_was_wrong=correction.what_was_wrong,
        what_it_says_now=correction.what_it_says_now,
        corrected_by=correction.byline,
        key=f"{kind}-{correction.pk}",
        subject_lang=fallback_language(subject, subject_field),
        was_lang=fallback_language(correction, "what_was_wrong"),
        now_lang=fallback_language(correction, "what_it_says_now"),
    )


def _guide_entries(limit):
    from guides.models import GuideCorrection

    for correction in GuideCorrection.objects.public()[:limit]:
        page = correction.page
        yield _entry(correction, "guide", page, "title", page.url)


def _ruling_entries(limit):
    from rulings.models import RulingCorrection

    for correction in RulingCorrection.objects.public()[:limit]:
        ruling = correction.ruling
        yield _entry(correction, "ruling", ruling, "question", ruling.get_absolute_url())


SOURCES = [_guide_entries, _ruling_entries]


def latest_corrections(limit=None):
    """Corrections from every source, newest first; `limit` caps the total."""
    # Each source gives at most `limit` entries: enough for the newest `limit` overall.
    entries = [entry for source in SOURCES for entry in source(limit)]
    entries.sort(key=lambda entry: (entry.corrected_on, entry.key), reverse=True)
    return entries[:limit] if limit is not None else entries
