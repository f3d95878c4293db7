"""Reader pages of the catalogue, in the rulings' section of the site: a document with its
passages, and an edition's errata registry; and the trail of crumbs every page of the
section starts with."""

from django.core.paginator import Paginator
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext
from django.views.generic import DetailView

from core.cache_tags import game, game_errata, shows
from core.navigation import Crumb, home_crumb
from core.pagination import page_or_404

from .models import SEARCH_SNIPPET_LIMIT, Document, Edition, ErrataCard

# A long rulebook's passages come in pages of this many, in the document's order.
PASSAGES_PER_PAGE = 50
PASSAGE_ORDER = ("page", "heading_path", "pk")


def trail(edition=None, *last):
    """Home › Rulings › the edition's rulings › `last` crumbs (the current page last)."""
    crumbs = [home_crumb(), Crumb(gettext("Rulings"), reverse("rulings:index"))]
    if edition is not None:
        crumbs.append(Crumb(f"{edition.game.name} · {edition.code}", edition.get_absolute_url()))
    return crumbs + list(last)


class DocumentView(DetailView):
    """A source document with its passages, PASSAGES_PER_PAGE to a page, each at a stable
    anchor. A passage's address (`?passage=<anchor>`, what citations link to) leads to
    the page that holds it, at its anchor."""

    template_name = "catalogue/document_detail.html"
    context_object_name = "document"

    def get(self, request, *args, **kwargs):
        if "passage" in request.GET:
            self.object = self.get_object()
            address = self.passage_address(request.GET["passage"])
            if address is None:
                raise Http404
            return HttpResponseRedirect(address)
        return super().get(request, *args, **kwargs)

    def get_object(self, queryset=None):
        return get_object_or_404(
            Document.objects.select_related("edition__game"),
            edition__code=self.kwargs["code"],
            pk=self.kwargs["pk"],
        )

    def passages(self):
        return self.object.passages.order_by(*PASSAGE_ORDER)

    def passage_address(self, anchor):
        """The address of the document's page that holds the passage, at its anchor; None
        when the document has no passage of that anchor."""
        anchors = list(self.passages().values_list("anchor", flat=True))
        if anchor not in anchors:
            return None
        number = anchors.index(anchor) // PASSAGES_PER_PAGE + 1
        query = f"?page={number}" if number > 1 else ""
        return f"{self.object.get_absolute_url()}{query}#{anchor}"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        superseding = {
            card.passage_id: card
            for card in ErrataCard.objects.active()
            .filter(document=self.object)
            .select_related("edition")
        }
        passages = self.passages().defer("search_en", "search_es")
        page = page_or_404(Paginator(passages, PASSAGES_PER_PAGE), self.request)
        for passage in page.object_list:
            passage.superseding_card = superseding.get(passage.pk)
        context["passages"] = page.object_list
        context["page_obj"] = page
        context["snippet_limit"] = SEARCH_SNIPPET_LIMIT
        shows(game(self.object.edition.game_id), game_errata(self.object.edition.game_id))
        context["crumbs"] = trail(
            self.object.edition, Crumb(self.object.title, lang=self.object.edition.language)
        )
        return context


class ErrataRegistryView(DetailView):
    template_name = "catalogue/errata_registry.html"
    context_object_name = "edition"

    def get_object(self, queryset=None):
        return get_object_or_404(Edition.objects.select_related("game"), code=self.kwargs["code"])

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["cards"] = self.object.errata_cards.select_related(
            "document", "passage", "supersedes", "superseded_by"
        ).order_by("-issued_on", "-pk")
        context["crumbs"] = trail(self.object, Crumb(gettext("Errata registry")))
        context["game"] = self.object.game  # the page links its feed (base.html)
        shows(game(self.object.game_id), game_errata(self.object.game_id))
        return context
