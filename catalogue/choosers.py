"""The admin's choosers of the catalogue's records, found by typing; opened from a form about
one edition (`EditionChooser`), the document and passage choosers list only its records."""

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
EDITION_SCOPE = "edition"


class EditionChooser(AdminSnippetChooser):
    """A snippet chooser in a form about one edition: given `linked_fields` naming the form's
    edition field, it lists that edition's records only, and nothing until one is chosen."""

    loaded = None  # {str(pk): record}, read for all the form's rows at once (`preload`)

    def get_chooser_modal_url(self):
        return set_query_params(super().get_chooser_modal_url(), {SCOPE: EDITION_SCOPE})

    def get_instance(self, value):
        if self.loaded and value is not None and str(value) in self.loaded:
            return self.loaded[str(value)]
        return super().get_instance(value)


class CompactEditionChooser(EditionChooser):
    """An `EditionChooser` for one row of many in a compact inline (a ruling's forty
    citations, rulings.panels.CompactInlinePanel): the chosen record's title and plain
    buttons, without the actions menu and icons on every row."""

    template_name = "catalogue/widgets/compact_chooser.html"

    def render_js_init(self, id_, name, value_data):
        """Only a row added in the browser (from the inline's template) starts its own
        chooser: the rows on the page are started by their panel's one script."""
        return super().render_js_init(id_, name, value_data) if "__prefix__" in id_ else ""


def preload(forms, name, queryset):
    """Read in one query the records the `name` choosers of `forms` show: an inline's rows
    (a ruling's forty citations) then cost no query each to render."""
    forms = [
        form
        for form in forms
        if isinstance(getattr(form.fields.get(name), "widget", None), EditionChooser)
    ]
    ids = {str(form[name].value()) for form in forms}
    loaded = {str(pk): obj for pk, obj in queryset.in_bulk([i for i in ids if i.isdigit()]).items()}
    for form in forms:
        form.fields[name].widget.loaded = loaded


class SearchForm(BaseFilterForm):
    """A box that narrows a chooser to the records holding every typed word in one of
    `fields_searched` (none of them is in a search index, so Wagtail's chooser has no box)."""

    fields_searched = ()
    max_words = 8  # each word is one more condition
    q = forms.CharField(label=_("Search"), required=False)

    def filter(self, objects):
        query = (self.cleaned_data.get("q") or "").strip()
        if not query:
            return objects
        self.is_searching, self.search_query = True, query
        return self.found(objects, query)

    def found(self, objects, query):
        for word in query.split()[: self.max_words]:
            matches = [Q(**{f"{field}__icontains": word}) for field in self.fields_searched]
            objects = objects.filter(reduce(operator.or_, matches))
        return objects


class PassageSearchForm(SearchForm):
    """A page ("8", "p.8"), or words of the heading path or text."""

    fields_searched = ("heading_path", "text")
    max_words = None
    q = forms.CharField(
        label=_("Page or heading"),
        widget=forms.TextInput(attrs={"placeholder": _("Page (8 or p.8) or words of the heading")}),
        required=False,
    )

    def found(self, objects, query):
        page = PAGE_QUERY.match(query)
        return objects.filter(page=int(page.group(1))) if page else super().found(objects, query)


class EditionScopedChooseMixin:
    """Narrows the list by the query parameters in `lookups` ({parameter: lookup}) and, in
    the results, says why the list is empty."""

    lookups = {}
    results_template_name = "catalogue/admin/chooser_results.html"

    @cached_property
    def narrowed_by(self):
        """{parameter: id} for each of `lookups` the request gives a value."""
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
        context["nothing_listed"] = listed = self.nothing_listed()
        query = context.get("search_query") or ""
        context["nothing_found"] = listed if self.waits_for_edition else self.nothing_found(query)
        return context


class PassageChooseMixin(EditionScopedChooseMixin):
    filter_form_class = PassageSearchForm
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


def chooser_viewset(mixin):
    """A snippet chooser whose list and results views both take `mixin`, keeping its
    `lookups` query parameters (the edition scope) from one to the other."""
    attrs = {
        "choose_view_class": type("ChooseView", (mixin, ChooseView), {}),
        "choose_results_view_class": type("ChooseResultsView", (mixin, ChooseResultsView), {}),
    }
    if lookups := getattr(mixin, "lookups", None):
        attrs["preserve_url_parameters"] = ["multiple", SCOPE, *lookups]
    return type(f"{mixin.__name__}ViewSet", (SnippetChooserViewSet,), attrs)


PassageChooserViewSet = chooser_viewset(PassageChooseMixin)


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


DocumentChooserViewSet = chooser_viewset(DocumentChooseMixin)


def searching(*fields):
    return type("SearchForm", (SearchForm,), {"fields_searched": fields})


class GameChooseMixin:
    filter_form_class = searching("name", "slug")


class EditionChooseMixin:
    filter_form_class = searching("code", "label", "game__name")

    def get_object_list(self):
        return super().get_object_list().select_related("game")  # each row names its game


GameChooserViewSet = chooser_viewset(GameChooseMixin)
EditionChooserViewSet = chooser_viewset(EditionChooseMixin)
