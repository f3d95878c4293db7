"""The passage chooser: the passages of one edition's document, found by page or heading.

An errata card corrects a passage of its own edition's document, so the chooser opened
from a card lists only those (the card's edition and document fields are passed along),
and its search box takes a page ("8", "p.8") or words of the heading path or text.
"""

import re

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from wagtail.admin.forms.choosers import BaseFilterForm
from wagtail.snippets.views.chooser import (
    ChooseResultsView,
    ChooseView,
    SnippetChooserViewSet,
)

PAGE_QUERY = re.compile(r"^\s*(?:p(?:age|ág(?:ina)?)?\.?\s*)?(\d{1,6})\s*$", re.IGNORECASE)
# Query parameters the errata form passes (from its own fields) to narrow the list.
PASSAGE_FILTERS = {"document": "document_id", "edition": "document__edition_id"}


class PassageFilterForm(BaseFilterForm):
    q = forms.CharField(
        label=_("Page or heading"),
        widget=forms.TextInput(attrs={"placeholder": _("Page (8 or p.8) or words of the heading")}),
        required=False,
    )

    def filter(self, objects):
        query = (self.cleaned_data.get("q") or "").strip()
        if not query:
            return objects
        self.is_searching, self.search_query = True, query
        page = PAGE_QUERY.match(query)
        if page:
            return objects.filter(page=int(page.group(1)))
        words = Q()
        for word in query.split():
            words &= Q(heading_path__icontains=word) | Q(text__icontains=word)
        return objects.filter(words)


class PassageChooseMixin:
    filter_form_class = PassageFilterForm

    def filter_object_list(self, objects):
        for parameter, lookup in PASSAGE_FILTERS.items():
            value = self.request.GET.get(parameter, "")
            if value.isdigit():  # an unset field sends nothing useful: do not filter on it
                objects = objects.filter(**{lookup: int(value)})
        return super().filter_object_list(objects)


class PassageChooseView(PassageChooseMixin, ChooseView):
    pass


class PassageChooseResultsView(PassageChooseMixin, ChooseResultsView):
    pass


class PassageChooserViewSet(SnippetChooserViewSet):
    choose_view_class = PassageChooseView
    choose_results_view_class = PassageChooseResultsView
    preserve_url_parameters = ["multiple", *PASSAGE_FILTERS]
