"""Reader pages of the catalogue, in the rulings' section of the site (whose crumbs, the
`trail`, catalogue.urls is given): a document with its passages, an errata registry."""

from django.core.paginator import Paginator
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from django.views.generic import DetailView

from core.cache_tags import game, game_errata, shows
from core.navigation import Crumb
from core.pagination import page_or_404

from .models import SEARCH_SNIPPET_LIMIT, Document, Edition, ErrataCard

# A long rulebook's passages come in pages of this many, in the document's order.
PASSAGES_PER_PAGE = 50


class DocumentView(DetailView):
    """A source document with its passages, each at a stable anchor; a passage's address
    (`?passage=<anchor>`, which citations link to) leads to the page that holds it."""

    template_name = "catalogue/document_detail.html"
    context_object_name = "document"
    trail = None

    def get(self, request, *args, **kwargs):
        if "passage" not in request.GET:
            return super().get(request, *args, **kwargs)
        self.object = self.get_object()
        anchors = list(self.passages().values_list("anchor", flat=True))
        anchor = request.GET["passage"]
        if anchor not in anchors:
            raise Http404
        number = anchors.index(anchor) // PASSAGES_PER_PAGE + 1
        query = f"?page={number}" if number > 1 else ""
        return HttpResponseRedirect(f"{self.object.get_absolute_url()}{query}#{anchor}")

    def get_object(self, queryset=None):
        return get_object_or_404(
            Document.objects.select_related("edition__game"),
            edition__code=self.kwargs["code"],
            pk=self.kwargs["pk"],
        )

    def passages(self):
        return self.object.passages.order_by("page", "heading_path", "pk")

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        document, edition = self.object, self.object.edition
        superseding = {
            card.passage_id: card
            for card in ErrataCard.objects.active()
            .filter(document=document)
            .select_related("edition")
        }
        passages = self.passages().defer("search_en", "search_es")
        page = page_or_404(Paginator(passages, PASSAGES_PER_PAGE), self.request)
        for passage in page.object_list:
            passage.superseding_card = superseding.get(passage.pk)
        shows(game(edition.game_id), game_errata(edition.game_id))
        return {
            **context,
            "passages": page.object_list,
            "page_obj": page,
            "snippet_limit": SEARCH_SNIPPET_LIMIT,
            "crumbs": self.trail(edition, Crumb(document.title, lang=edition.language)),
        }


class ErrataRegistryView(DetailView):
    template_name = "catalogue/errata_registry.html"
    context_object_name = "edition"
    trail = None

    def get_object(self, queryset=None):
        return get_object_or_404(Edition.objects.select_related("game"), code=self.kwargs["code"])

    def get_context_data(self, **kwargs):
        edition = self.object
        shows(game(edition.game_id), game_errata(edition.game_id))
        return {
            **super().get_context_data(**kwargs),
            "cards": edition.errata_cards.select_related(
                "document", "passage", "supersedes", "superseded_by"
            ).order_by("-issued_on", "-pk"),
            "crumbs": self.trail(edition, Crumb(gettext("Errata registry"))),
            "game": edition.game,  # the page links its feed (base.html)
        }
