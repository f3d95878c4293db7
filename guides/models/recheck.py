"""Which guides are due a re-check, and the errata a guide's check predates: shown to its
readers under each section whose related rulings cite what a card corrects, else at the top."""

import datetime
from dataclasses import dataclass, field

from django.conf import settings
from django.db.models import Exists, F, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce, Length, Substr
from django.template.loader import render_to_string
from django.utils import timezone
from wagtail.models import Page
from wagtail.query import PageQuerySet

from catalogue.models import ErrataCard
from rulings.models import Ruling, RulingMention

from .games import shown_title

# Above any page number: where a source that names no last page, or no pages, reaches.
LAST_POSSIBLE_PAGE = 2**31 - 1


def errata_since_check(guide, checked_on):
    """Active errata cards new since `checked_on` within the pages of a source of `guide`
    (a page id; either may be an `OuterRef`); a card whose page is unknown counts."""
    source = "document__guide_sources__"
    first = Coalesce(F(f"{source}first_page"), Value(0))
    last = Coalesce(F(f"{source}last_page"), F(f"{source}first_page"), Value(LAST_POSSIBLE_PAGE))
    return (
        ErrataCard.objects.active()
        .new_since(checked_on)
        .annotate(corrected_page=Coalesce("passage__page", "page"))
        # One filter() call: the page bounds are those of the very source row matched.
        .filter(
            Q(**{f"{source}page": guide})
            & (
                Q(corrected_page__isnull=True)
                | Q(corrected_page__gte=first, corrected_page__lte=last)
            )
        )
    )


class GuidePageQuerySet(PageQuerySet):
    def due_for_recheck(self, after_days=None):
        """Live guides due a re-check, annotated with why and with `game_title`."""
        after_days = settings.RULESAGE_RECHECK_AFTER_DAYS if after_days is None else after_days
        cutoff = timezone.localdate() - datetime.timedelta(days=after_days)
        parent = Page.objects.filter(
            path=Substr(OuterRef("path"), 1, Length(OuterRef("path")) - Page.steplen)
        )
        return (
            self.live()
            .annotate(
                never_checked=Q(checked_on__isnull=True),
                checked_long_ago=Q(checked_on__lt=cutoff),
                errata_since_check=Exists(
                    errata_since_check(OuterRef("pk"), OuterRef("checked_on"))
                ),
                # One column: the translated `title` would read several.
                game_title=Subquery(parent.annotate(shown=shown_title()).values("shown")[:1]),
            )
            .filter(Q(never_checked=True) | Q(checked_long_ago=True) | Q(errata_since_check=True))
            .order_by("checked_on", "pk")
        )


# Where a mention's ruling cites, directly and through the cited passage.
_PLACE = ["page", "heading_path"]
_CITED = [
    "anchor",
    *(f"ruling__citations__{name}" for name in ["passage_id", "document_id", *_PLACE]),
    *(f"ruling__citations__passage__{name}" for name in ["document_id", *_PLACE]),
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
    """The notices for readers of the live `guide` (none unless `late`)."""
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
    """{card id: [anchors of sections whose related rulings cite what it corrects]}."""
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
    """Whether `card` corrects the passage, or the document's page and heading, at `place`."""
    passage_id, document_id, page, heading = place
    if card.passage_id and passage_id == card.passage_id:
        return True
    corrected = card.passage if card.passage_id else card
    if document_id != card.document_id or corrected.page is None or page != corrected.page:
        return False
    return not corrected.heading_path or heading == corrected.heading_path
