"""The rulings' and reader questions' admin listings: their filters (a game or edition is
chosen in its chooser, catalogue.admin_listings) and publication column."""

import datetime

import django_filters
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from wagtail.admin.filters import WagtailFilterSet
from wagtail.admin.ui.tables import StatusTagColumn

from catalogue.admin_listings import chooser_filter, edition_filter
from catalogue.models import Game

from .flags import FLAG_LABELS
from .models import ReaderQuestion, Ruling

# The flag filter's choice for a ruling with any flag at all.
ANY_FLAG = "any"


# Where a ruling stands with readers (Wagtail's draft and publish), as the listing filters it.
PUBLICATION = {
    "draft": (_("Draft, not published"), Q(live=False)),
    "live_draft": (_("Live, with a draft waiting"), Q(live=True, has_unpublished_changes=True)),
    "live": (_("Live, no draft waiting"), Q(live=True, has_unpublished_changes=False)),
}


def publication_of(ruling):
    """The key of `ruling`'s PUBLICATION, read from its own row."""
    if not ruling.live:
        return "draft"
    return "live_draft" if ruling.has_unpublished_changes else "live"


class PublicationColumn(StatusTagColumn):
    """Draft, live, or live with a draft waiting. Wagtail's own status column also asks each
    row whether a publication is scheduled (a query per row); rulings are never scheduled."""

    def __init__(self, **kwargs):
        super().__init__(
            "publication",
            label=_("publication"),
            accessor=lambda ruling: PUBLICATION[publication_of(ruling)][0],
            sort_key="live",
            primary=lambda ruling: ruling.live,
            **kwargs,
        )


class RulingFilterSet(WagtailFilterSet):
    game = chooser_filter(Game, label=_("game"), field_name="edition__game")
    edition = edition_filter()
    flag = django_filters.ChoiceFilter(
        label=_("flag"),
        choices=[(ANY_FLAG, _("Any flag")), *FLAG_LABELS.items()],
        method="filter_flag",
    )
    publication = django_filters.ChoiceFilter(
        label=_("publication"),
        choices=[(key, label) for key, (label, _q) in PUBLICATION.items()],
        method="filter_publication",
    )

    class Meta:
        model = Ruling
        fields = ["status", "outcome", "origin", "game", "edition", "flag", "publication"]

    def filter_flag(self, rulings, name, value):
        return rulings.flagged(None if value == ANY_FLAG else value)

    def filter_publication(self, rulings, name, value):
        return rulings.filter(PUBLICATION[value][1])


class ReaderQuestionFilterSet(WagtailFilterSet):
    edition = edition_filter()
    waiting = django_filters.ChoiceFilter(
        label=_("asked"),
        choices=[
            ("1", _("over a day ago")),
            ("7", _("over a week ago")),
            ("30", _("over a month ago")),
        ],
        method="filter_waiting",
    )

    class Meta:
        model = ReaderQuestion
        fields = ["status", "edition", "waiting"]

    def filter_waiting(self, questions, name, value):
        asked_before = timezone.now() - datetime.timedelta(days=int(value))
        return questions.filter(created_at__lt=asked_before)
