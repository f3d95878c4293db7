"""The site-wide corrections log: every public correction, newest first, a page at a time.

Each app keeps its own corrections; this module is where they meet, so it may import
both `guides` and (once it has corrections) `rulings`.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime

from core.translated_fields import fallback_language


@dataclass(frozen=True)
class CorrectionEntry:
    corrected_on: date
    dated_at: datetime  # the correction's date of record as a moment (feeds, sitemap)
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
        dated_at=correction.dated_at,
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


# Columns of the corrected ruling or guide a log entry never reads: whole texts, search
# vectors and records that would make each row of a page of entries kilobytes long.
RULING_UNREAD = ["provenance", "retrieval", "answer", "answer_en", "answer_es"]
GUIDE_UNREAD = ["body", "body_en", "body_es", "intro", "intro_en", "intro_es"]


def _guide_corrections():
    from guides.models import GuideCorrection, GuidePage

    unread = [*GUIDE_UNREAD, *GuidePage.deferred_when_served]
    return GuideCorrection.objects.public().defer(*(f"page__{name}" for name in unread))


def _guide_entry(correction):
    page = correction.page
    return _entry(correction, "guide", page, "title", page.url)


def _ruling_corrections():
    from rulings.models import RulingCorrection

    unread = [*RULING_UNREAD, "search_en", "search_es"]
    return RulingCorrection.objects.public().defer(*(f"ruling__{name}" for name in unread))


def _ruling_entry(correction):
    ruling = correction.ruling
    return _entry(correction, "ruling", ruling, "question", ruling.get_absolute_url())


@dataclass(frozen=True)
class Source:
    kind: str
    corrections: Callable  # () -> the public corrections, newest first
    entry: Callable  # correction -> CorrectionEntry


SOURCES = [
    Source("guide", _guide_corrections, _guide_entry),
    Source("ruling", _ruling_corrections, _ruling_entry),
]


class CorrectionsLog:
    """Every source's public corrections as one list, newest first, read a slice at a time
    (Django's Paginator reads it as it reads a queryset: `count()` and slices).

    A slice costs two queries a source, whatever the log's length: the date and id of
    each source's newest corrections up to the slice's end, merged here, then the rows of
    just those in the slice.
    """

    def count(self):
        return sum(source.corrections().count() for source in SOURCES)

    def __len__(self):
        return self.count()

    def __getitem__(self, key):
        if not isinstance(key, slice) or key.step not in (None, 1):
            raise TypeError("The corrections log is read in slices.")
        start = key.start or 0
        stop = key.stop if key.stop is not None else self.count()
        if stop <= start:
            return []
        heads = [
            (corrected_on, source.kind, pk)
            for source in SOURCES
            for corrected_on, pk in source.corrections().values_list("corrected_on", "pk")[:stop]
        ]
        heads.sort(reverse=True)
        chosen = heads[start:stop]
        rows = {}
        for source in SOURCES:
            pks = [pk for _day, kind, pk in chosen if kind == source.kind]
            if pks:
                found = source.corrections().in_bulk(pks)
                rows.update({(source.kind, pk): (source, row) for pk, row in found.items()})
        return [
            source.entry(row)
            for _day, kind, pk in chosen
            if (kind, pk) in rows
            for source, row in [rows[(kind, pk)]]
        ]


def latest_corrections(limit):
    """The newest `limit` corrections from every source, newest first."""
    return CorrectionsLog()[:limit]
