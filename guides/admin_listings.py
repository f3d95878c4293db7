"""Every guide in one admin listing, which narrows to those due a re-check."""

import django_filters
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from wagtail.admin.ui.tables import DateColumn
from wagtail.admin.utils import set_query_params
from wagtail.admin.views.pages.listing import IndexView, PageFilterSet
from wagtail.admin.viewsets.pages import PageListingViewSet

from .models import GuidePage

DUE = "due"


class GuideFilterSet(PageFilterSet):
    recheck = django_filters.ChoiceFilter(
        label=_("Re-check"),
        choices=[(DUE, _("Due a re-check"))],
        empty_label=_("Any"),
        method="filter_recheck",
    )

    class Meta:
        model = GuidePage
        fields = []

    def filter_recheck(self, guides, name, value):
        due = GuidePage.objects.due_for_recheck().order_by().values("pk")
        return guides.filter(pk__in=due)


class GuideListingViewSet(PageListingViewSet):
    model = GuidePage
    name = "guides"
    icon = "doc-full"
    filterset_class = GuideFilterSet
    columns = [
        *IndexView.base_columns,
        DateColumn("checked_on", label=_("Checked on"), sort_key="checked_on", width="12%"),
    ]


def recheck_url():
    """The guides listing narrowed to the guides due a re-check."""
    return set_query_params(reverse("guides:index"), {"recheck": DUE})
