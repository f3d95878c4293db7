"""The admin listings' filters, at the size of a real catalogue.

A catalogue has thousands of editions, games and documents. A filter that offered them as a
`<select>` would render an option per row, each label reading its game (a query per
option: thousands per page view), into hundreds of kilobytes of HTML no editor scrolls
through. These filters are choosers instead: the editor opens the same modal the edit forms
use, searches it, and the listing reloads for the one chosen; only that one is read to label
the active filter.
"""

import datetime

import django_filters
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from wagtail.admin.filters import WagtailFilterSet
from wagtail.admin.paginator import WagtailPaginator
from wagtail.admin.ui.tables import StatusTagColumn
from wagtail.snippets.views.snippets import IndexView
from wagtail.snippets.widgets import AdminSnippetChooser

from catalogue.models import Document, Edition, ErrataCard, Game, Passage
from core.pagination import IndexPaginator

from .flags import FLAG_LABELS
from .models import ReaderQuestion, Ruling


class ChosenEditionWidget(AdminSnippetChooser):
    """Names the chosen edition with its game, read in the same query."""

    def get_instance(self, value):
        if value in (None, "") or isinstance(value, Edition):
            return super().get_instance(value)
        return Edition.objects.select_related("game").filter(pk=value).first()


def chooser_filter(model, widget_class=AdminSnippetChooser, **kwargs):
    """A filter on one `model` row, chosen in its chooser rather than from a list of all."""
    return django_filters.ModelChoiceFilter(
        queryset=model.objects.all(), widget=widget_class(model), **kwargs
    )


def edition_filter():
    return chooser_filter(Edition, ChosenEditionWidget, label=_("edition"))


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


class ErrataCardFilterSet(WagtailFilterSet):
    edition = edition_filter()

    class Meta:
        model = ErrataCard
        fields = ["edition", "status"]


class DocumentFilterSet(WagtailFilterSet):
    edition = edition_filter()

    class Meta:
        model = Document
        fields = ["kind", "edition"]


class EditionFilterSet(WagtailFilterSet):
    game = chooser_filter(Game, label=_("game"))

    class Meta:
        model = Edition
        fields = ["game", "language"]


class PassageFilterSet(WagtailFilterSet):
    document = chooser_filter(Document, label=_("document"))

    class Meta:
        model = Passage
        fields = ["document"]


class TwoEndedPaginator(IndexPaginator, WagtailPaginator):
    """The admin's pager (its page links), reading a page from the nearer end of the list as
    the reader lists do (core.pagination): the last page of 500,000 passages would
    otherwise make the database read them all. The listing's ordering must end on a
    unique column."""


class LongListIndexView(IndexView):
    """A snippet listing of tens or hundreds of thousands of rows, quick to its last page."""

    paginator_class = TwoEndedPaginator

    def order_queryset(self, queryset):
        """Sorted by a column whose values repeat (a status, an edition), the id settles
        ties: each row has one place, and the pager reads the same rows from either end."""
        ordered = super().order_queryset(queryset)
        keys = list(ordered.query.order_by)
        if keys and str(keys[-1]).lstrip("-") not in ("id", "pk"):
            ordered = ordered.order_by(*keys, "pk")
        return ordered
