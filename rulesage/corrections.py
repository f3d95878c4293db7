"""The site-wide corrections log: every public correction, newest first.

Each app keeps its own corrections; this module is where they meet, so it may import
both `guides` and (once it has corrections) `rulings`.
"""

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class CorrectionEntry:
    corrected_on: date
    subject: str
    url: str
    what_was_wrong: str
    what_it_says_now: str
    corrected_by: str
    key: str


def _entry(correction, kind, subject, url):
    return CorrectionEntry(
        corrected_on=correction.corrected_on,
        subject=subject,
        url=f"{url}#{correction.anchor}",
        what_was_wrong=correction.what_was_wrong,
        what_it_says_now=correction.what_it_says_now,
        corrected_by=correction.byline,
        key=f"{kind}-{correction.pk}",
    )


def _guide_entries(limit):
    from guides.models import GuideCorrection

    for correction in GuideCorrection.objects.public()[:limit]:
        yield _entry(correction, "guide", correction.page.title, correction.page.url)


def _ruling_entries(limit):
    from rulings.models import RulingCorrection

    for correction in RulingCorrection.objects.public()[:limit]:
        ruling = correction.ruling
        yield _entry(correction, "ruling", ruling.question, ruling.get_absolute_url())


SOURCES = [_guide_entries, _ruling_entries]


def latest_corrections(limit=None):
    """Corrections from every source, newest first; `limit` caps the total."""
    # Each source gives at most `limit` entries: enough for the newest `limit` overall.
    entries = [entry for source in SOURCES for entry in source(limit)]
    entries.sort(key=lambda entry: (entry.corrected_on, entry.key), reverse=True)
    return entries[:limit] if limit is not None else entries
