"""The document and passage choosers: one edition's, found by page or heading.

A ruling cites its own edition's rulebooks, and an errata card corrects its own edition's
document, so the choosers opened from either form (`EditionChooser`) list only that
edition's documents and passages: the form's edition field (and the row's or card's
document, for passages) is passed along by the widget's linked fields. Until the form has
an edition they list nothing and say to choose it first; when nothing is listed or found
they say why and what to do, rather than that no passages exist at all. Opened from
elsewhere (a guide's sources) the document chooser lists every document, as Wagtail's does.

The passage search box takes a page ("8", "p.8") or words of the heading path or text;
the game and edition choosers (the listings' filters, the forms' fields) a name or code.
"""

import operator
import re
from functools import reduce

from django import forms
from django.db.models import Q
from django.utils.functional import cached_property
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from wagtail.admin.forms.choosers import BaseFilterForm
from wagtail.admin.utils import set_query_params
from wagtail.snippets.views.chooser import (
    ChooseResultsView,
    ChooseView,
    SnippetChooserViewSet,
)
from wagtail.snippets.widgets import AdminSnippetChooser

from .models import Edition, Passage

PAGE_QUERY = re.compile(r"^\s*(?:p(?:age|ág(?:ina)?)?\.?\s*)?(\d{1,6})\s*$", re.IGNORECASE)
# Added to the chooser's address by `EditionChooser`: list one edition's records only.
SCOPE = "scope"
# Words of a typed search beyond these are ignored (each is one more condition).
MAX_WORDS = 8
EDITION_SCOPE = "edition"


class EditionChooser(AdminSnippetChooser):
    """A snippet chooser in a form about one edition (a ruling, an errata card).

    Give it `linked_fields` naming the form's edition field; the list then holds that
    edition's records only, and nothing (with a message saying so) until one is chosen.
    """

    # {str(pk): record} read by the form for all its rows at once (`preload`): each row's
    # chooser names its record from these instead of reading it again.
    loaded = None

    def get_chooser_modal_url(self):
        return set_query_params(super().get_chooser_modal_url(), {SCOPE: EDITION_SCOPE})

    def get_instance(self, value):
        if self.loaded and value is not None and str(value) in self.loaded:
            return self.loaded[str(value)]
        return super().get_instance(value)


def preload(forms, name, queryset):
    """Read, in one query, the records that the `name` choosers of `forms` show, and hand
    them to those choosers: rows of an inline (a ruling's forty citations) then cost no
    query each to render."""
    forms = [
        form
        for form in forms
        if isinstance(getattr(form.fields.get(name), "widget", None), EditionChooser)
    ]
    ids = {str(form[name].value()) for form in forms}
    loaded = {str(pk): obj for pk, obj in queryset.in_bulk([i for i in ids if i.isdigit()]).items()}
    for form in forms:
        form.fields[name].widget.loaded = loaded


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


class EditionScopedChooseMixin:
    """Narrows the list by the query parameters in `lookups` ({parameter: lookup}) and, in
    the results, says why the list is empty."""

    lookups = {}
    results_template_name = "catalogue/admin/chooser_results.html"

    @cached_property
    def narrowed_by(self):
        """{parameter: id} for each of `lookups` the request gives (an unset form field
        sends nothing or an empty value: no filter on it)."""
        values = {name: self.request.GET.get(name, "") for name in self.lookups}
        return {name: int(value) for name, value in values.items() if value.isdigit()}

    @cached_property
    def waits_for_edition(self):
        return self.request.GET.get(SCOPE) == EDITION_SCOPE and not self.narrowed_by

    @cached_property
    def edition(self):
        pk = self.narrowed_by.get("edition")
        return Edition.objects.filter(pk=pk).first() if pk else None

    @property
    def page_subtitle(self):
        name = super().page_subtitle
        return f"{name} · {self.edition.code}" if self.edition else name

    def filter_object_list(self, objects):
        if self.waits_for_edition:
            objects = objects.none()
        for name, pk in self.narrowed_by.items():
            objects = objects.filter(**{self.lookups[name]: pk})
        return super().filter_object_list(objects)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["nothing_listed"] = self.nothing_listed()
        context["nothing_found"] = (
            self.nothing_listed()
            if self.waits_for_edition
            else self.nothing_found(context.get("search_query") or "")
        )
        return context

    def nothing_listed(self):
        raise NotImplementedError

    def nothing_found(self, query):
        raise NotImplementedError


class PassageChooseMixin(EditionScopedChooseMixin):
    filter_form_class = PassageFilterForm
    lookups = {"edition": "document__edition_id", "document": "document_id"}

    def get_object_list(self):
        return Passage.objects.select_related("document")  # each is listed with its title

    def nothing_listed(self):
        if self.waits_for_edition:
            return gettext(
                "Choose the edition first (the ruling's or the errata card's), then choose "
                "the passage: only that edition's passages are listed."
            )
        if "document" in self.narrowed_by:
            return gettext(
                "The chosen document has no passages in the corpus. Clear the document to "
                "list the whole edition's, or give the document, page and heading instead."
            )
        return gettext(
            "This edition has no passages in the corpus. Give the document, page and heading "
            "instead."
        )

    def nothing_found(self, query):
        if "document" in self.narrowed_by:
            message = gettext(
                "No passages of the chosen document match “%(query)s”. Search by page "
                "(8 or p.8) or by words of the heading, or clear the document to search "
                "the whole edition."
            )
        else:
            message = gettext(
                "No passages of this edition match “%(query)s”. Search by page (8 or p.8) "
                "or by words of the heading."
            )
        return message % {"query": query}


class PassageChooseView(PassageChooseMixin, ChooseView):
    pass


class PassageChooseResultsView(PassageChooseMixin, ChooseResultsView):
    pass


class PassageChooserViewSet(SnippetChooserViewSet):
    choose_view_class = PassageChooseView
    choose_results_view_class = PassageChooseResultsView
    preserve_url_parameters = ["multiple", SCOPE, *PassageChooseMixin.lookups]


class DocumentChooseMixin(EditionScopedChooseMixin):
    lookups = {"edition": "edition_id"}

    def nothing_listed(self):
        if self.waits_for_edition:
            return gettext(
                "Choose the edition first, then choose the document: only that edition's "
                "documents are listed."
            )
        if self.narrowed_by:
            return gettext("This edition has no documents yet. Add one under Rules › Documents.")
        return gettext("There are no documents yet. Add one under Rules › Documents.")

    def nothing_found(self, query):
        return ""  # documents are listed, not searched


class DocumentChooseView(DocumentChooseMixin, ChooseView):
    pass


class DocumentChooseResultsView(DocumentChooseMixin, ChooseResultsView):
    pass


class DocumentChooserViewSet(SnippetChooserViewSet):
    choose_view_class = DocumentChooseView
    choose_results_view_class = DocumentChooseResultsView
    preserve_url_parameters = ["multiple", SCOPE, *DocumentChooseMixin.lookups]


class TypedSearchForm(BaseFilterForm):
    """A box that narrows a chooser to the records holding every typed word in one of
    `fields_searched`: a catalogue's thousands of games and editions are found by typing,
    not paged through (neither is in a search index, so Wagtail's chooser has no box)."""

    fields_searched = ()
    q = forms.CharField(label=_("Search"), required=False)

    def filter(self, objects):
        query = (self.cleaned_data.get("q") or "").strip()
        if not query:
            return objects
        self.is_searching, self.search_query = True, query
        for word in query.split()[:MAX_WORDS]:
            matches = [Q(**{f"{field}__icontains": word}) for field in self.fields_searched]
            objects = objects.filter(reduce(operator.or_, matches))
        return objects


class GameSearchForm(TypedSearchForm):
    fields_searched = ("name", "slug")


class EditionSearchForm(TypedSearchForm):
    fields_searched = ("code", "label", "game__name")


class GameChooseMixin:
    filter_form_class = GameSearchForm


class GameChooseView(GameChooseMixin, ChooseView):
    pass


class GameChooseResultsView(GameChooseMixin, ChooseResultsView):
    pass


class GameChooserViewSet(SnippetChooserViewSet):
    choose_view_class = GameChooseView
    choose_results_view_class = GameChooseResultsView


class EditionChooseMixin:
    filter_form_class = EditionSearchForm

    def get_object_list(self):
        return super().get_object_list().select_related("game")  # each row names its game


class EditionChooseView(EditionChooseMixin, ChooseView):
    pass


class EditionChooseResultsView(EditionChooseMixin, ChooseResultsView):
    pass


class EditionChooserViewSet(SnippetChooserViewSet):
    choose_view_class = EditionChooseView
    choose_results_view_class = EditionChooseResultsView
