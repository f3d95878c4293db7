"""The site-wide corrections log: every public correction of a guide or a ruling."""

from dataclasses import dataclass
from datetime import date, datetime

from core.cache_tags import LISTS
from core.page_cache import remembered
from core.translated_fields import fallback_language
from guides.models import GuideCorrection, GuidePage
from rulings.models import RulingCorrection

KINDS = ("guide", "ruling")
# Columns of the corrected guide or ruling an entry never reads (kilobytes a row).
GUIDE_UNREAD = ["body", "body_en", "body_es", "intro", "intro_en", "intro_es"]
RULING_UNREAD = ["provenance", "retrieval", "answer", "answer_en", "answer_es"]


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


def corrections(kind):
    """The public corrections of a guide or of a ruling, newest first."""
    if kind == "guide":
        unread = [*GUIDE_UNREAD, *GuidePage.deferred_when_served]
        return GuideCorrection.objects.public().defer(*(f"page__{name}" for name in unread))
    unread = [*RULING_UNREAD, "search_en", "search_es"]
    return RulingCorrection.objects.public().defer(*(f"ruling__{name}" for name in unread))


def entry(correction, kind):
    if kind == "guide":
        subject, field, url = correction.page, "title", correction.page.url
    else:
        subject, field, url = correction.ruling, "question", correction.ruling.get_absolute_url()
    return CorrectionEntry(
        corrected_on=correction.corrected_on,
        dated_at=correction.dated_at,
        subject=getattr(subject, field),
        url=f"{url}#{correction.anchor}",
        what_was_wrong=correction.what_was_wrong,
        what_it_says_now=correction.what_it_says_now,
        corrected_by=correction.byline,
        key=f"{kind}-{correction.pk}",
        subject_lang=fallback_language(subject, field),
        was_lang=fallback_language(correction, "what_was_wrong"),
        now_lang=fallback_language(correction, "what_it_says_now"),
    )


class CorrectionsLog:
    """Every public correction, newest first, sliced as Paginator slices a queryset: two
    queries a kind (dates and ids read from the slice's nearer end, then its rows)."""

    def count(self):
        return remembered(
            "corrections-log:count",
            lambda: sum(corrections(kind).count() for kind in KINDS),
            [LISTS],
        )

    def __getitem__(self, key):
        start, stop = key.start or 0, key.stop if key.stop is not None else self.count()
        if not start or start <= self.count() - stop:
            heads = newest(stop, newest_first=True)[start:stop]
        else:  # nearer the oldest: read from that end, as core.pagination does
            total = self.count()
            heads = newest(total - start, newest_first=False)[max(total - stop, 0) :][::-1]
        rows = {}
        for kind in KINDS:
            pks = [pk for _day, of, pk in heads if of == kind]
            if pks:
                rows.update({(kind, pk): row for pk, row in corrections(kind).in_bulk(pks).items()})
        return [entry(rows[kind, pk], kind) for _day, kind, pk in heads if (kind, pk) in rows]


def newest(limit, newest_first):
    """(date, kind, id) of the first `limit` corrections of both kinds, from either end."""
    heads = (
        (corrected_on, kind, pk)
        for kind in KINDS
        for corrected_on, pk in (
            corrections(kind) if newest_first else corrections(kind).reverse()
        ).values_list("corrected_on", "pk")[:limit]
    )
    return sorted(heads, reverse=newest_first)[:limit]
