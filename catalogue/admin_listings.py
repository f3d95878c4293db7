"""The admin listings' filters and pager at the size of a real catalogue: records are chosen
in their chooser, not offered as a `<select>` of every row (each label a query)."""

import django_filters
from django.utils.translation import gettext_lazy as _
from django_filters.filterset import filterset_factory
from wagtail.admin.filters import WagtailFilterSet
from wagtail.admin.paginator import WagtailPaginator
from wagtail.snippets.views.snippets import IndexView
from wagtail.snippets.widgets import AdminSnippetChooser

from core.admin_search import StoredVectorSearchMixin
from core.cache_tags import LISTS
from core.pagination import IndexPaginator

from .models import Document, Edition, ErrataCard, Game, Passage


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


class ChosenEditionFilterSet(WagtailFilterSet):
    edition = edition_filter()


ErrataCardFilterSet = filterset_factory(ErrataCard, ChosenEditionFilterSet, ["edition", "status"])
DocumentFilterSet = filterset_factory(Document, ChosenEditionFilterSet, ["kind", "edition"])


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
    """The admin's pager, reading a page from the nearer end of the list as the reader lists
    do (core.pagination); the listing's ordering must end on a unique column. Its total is
    remembered until a list changes: every save or deletion of a ruling or a passage moves
    the lists' tag on, and counting hundreds of thousands of rows took most of a view."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, count_tags=[LISTS], **kwargs)


class LongListIndexView(StoredVectorSearchMixin, IndexView):
    """A snippet listing of tens or hundreds of thousands of rows, quick to its last page
    and searched through its stored text-search vectors."""

    paginator_class = TwoEndedPaginator

    def order_queryset(self, queryset):
        """The id settles ties, so the pager reads the same rows from either end."""
        ordered = super().order_queryset(queryset)
        keys = list(ordered.query.order_by)
        if keys and str(keys[-1]).lstrip("-") not in ("id", "pk"):
            ordered = ordered.order_by(*keys, "pk")
        return ordered
