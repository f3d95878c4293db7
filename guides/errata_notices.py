"""Errata a guide's readers are warned of until an editor re-checks it: cards its check
predates (`recheck.errata_since_check`), under each section whose related rulings cite what
the card corrects, or else at the top of the guide."""

from dataclasses import dataclass, field

from django.db.models import Q
from django.template.loader import render_to_string

from rulings.models import Ruling, RulingMention

from .models.recheck import errata_since_check

_CITED = [
    "anchor",
    "ruling__citations__passage_id",
    "ruling__citations__document_id",
    "ruling__citations__page",
    "ruling__citations__heading_path",
    "ruling__citations__passage__document_id",
    "ruling__citations__passage__page",
    "ruling__citations__passage__heading_path",
]


@dataclass
class ErrataNotices:
    """The cards a guide's readers are warned of: by section anchor, and the rest."""

    checked_on: object = None
    by_anchor: dict = field(default_factory=dict)
    at_top: list = field(default_factory=list)

    def __bool__(self):
        return bool(self.by_anchor or self.at_top)

    def section_html(self, request=None):
        """{anchor: the notices' HTML}, for the headings of the guide's body to show."""
        return {
            anchor: render_to_string(
                "guides/includes/errata_notices.html",
                {"cards": cards, "checked_on": self.checked_on, "in_section": True},
                request,
            )
            for anchor, cards in self.by_anchor.items()
        }


def errata_notices(guide, language, late):
    """The notices for readers of the live `guide` in `language`: two queries when `late`
    (the guide's sources query says whether any card is due), else none."""
    notices = ErrataNotices(guide.checked_on)
    if not late or guide.checked_on is None:
        return notices
    cards = list(
        errata_since_check(guide.pk, guide.checked_on)
        .select_related("document", "edition", "passage")
        .distinct()
        .order_by("issued_on", "pk")
    )
    anchors = section_anchors(guide, language, cards)
    for card in cards:
        for anchor in anchors.get(card.pk, []):
            notices.by_anchor.setdefault(anchor, []).append(card)
        if card.pk not in anchors:
            notices.at_top.append(card)
    return notices


def section_anchors(guide, language, cards):
    """{card id: [anchors of the sections whose related rulings cite what it corrects]},
    in the sections' order."""
    documents = {card.document_id for card in cards}
    if not documents:
        return {}
    # One filter() call: the values read below are those of the very citation matched.
    mentions = (
        RulingMention.objects.filter(
            page_id=guide.pk, language=language, ruling__in=Ruling.objects.public()
        )
        .filter(
            Q(ruling__citations__document_id__in=documents)
            | Q(ruling__citations__passage__document_id__in=documents)
        )
        .order_by("position")
        .values_list(*_CITED)
    )
    found = {}
    for anchor, passage, document, page, heading, p_document, p_page, p_heading in mentions:
        # The place the citation points at, read through its passage when it has one.
        if passage:
            place = passage, p_document, p_page, p_heading or ""
        else:
            place = None, document, page, heading or ""
        for card in cards:
            if corrects(card, place) and anchor not in found.setdefault(card.pk, []):
                found[card.pk].append(anchor)
    return found


def corrects(card, place):
    """Whether `card` corrects the place a citation points at: the same passage, or the
    same document and page (and heading, when the card names one)."""
    passage_id, document_id, page, heading = place
    if card.passage_id and passage_id == card.passage_id:
        return True
    corrected = card.passage if card.passage_id else card
    if document_id != card.document_id or corrected.page is None or page != corrected.page:
        return False
    return not corrected.heading_path or heading == corrected.heading_path
