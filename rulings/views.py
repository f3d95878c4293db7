"""Reader pages of the rulings: the lists (all, and an edition's) and a ruling's page."""

from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.functional import cached_property
from django.utils.translation import get_language, gettext
from django.views.generic import DetailView, ListView

from catalogue.lookup import chosen_edition, editions_matching
from catalogue.models import SEARCH_SNIPPET_LIMIT, Edition, ErrataCard
from core.cache_tags import LISTS, game, game_rulings, shows
from core.cache_tags import ruling as ruling_tag
from core.freshness import mark_for, translation_state
from core.navigation import Crumb, crumb_of, home_crumb
from core.page_cache import accept, remembered
from core.pagination import IndexPaginator, accept_page
from core.translated_fields import SOURCE_LANGUAGE

from .flags import SUPERSEDED_PASSAGE, headings_without_text
from .models import Citation, Ruling, RulingMention
from .rendering import render_answer


def trail(edition=None, *last):
    """Home › Rulings › the edition's rulings › `last` crumbs."""
    crumbs = [home_crumb(), Crumb(gettext("Rulings"), reverse("rulings:index"))]
    if edition is not None:
        crumbs.append(Crumb(f"{edition.game.name} · {edition.code}", edition.get_absolute_url()))
    return crumbs + list(last)


class RulingListView(ListView):
    """All public rulings, newest first, or an edition's, narrowed to a review status."""

    template_name = "rulings/ruling_list.html"
    context_object_name = "rulings"
    paginate_by = 50
    paginator_class = IndexPaginator

    @cached_property
    def edition(self):
        if "code" in self.kwargs:
            return get_object_or_404(
                Edition.objects.select_related("game"), code=self.kwargs["code"]
            )
        edition = chosen_edition(self.edition_text)
        if edition is not None:
            accept(self.request, "edition", self.edition_text)
        return edition

    @cached_property
    def edition_text(self):
        return self.request.GET.get("edition", "").strip()

    @cached_property
    def status(self):
        status = self.request.GET.get("status", "")
        if status not in Ruling.Status.values:
            return ""
        accept(self.request, "status", status)
        return status

    def get_queryset(self):
        rulings = Ruling.objects.public().select_related("edition__game")
        rulings = rulings.defer("provenance", "retrieval", "timings", "search_en", "search_es")
        if self.edition:
            rulings = rulings.filter(edition=self.edition)
        elif self.edition_text:
            return rulings.none()  # typed text that names no edition: offer the ones it matches
        if self.status:
            rulings = rulings.filter(status=self.status)
        return rulings

    @cached_property
    def tags(self):
        """What the page shows: an edition's rulings are its game's, else every list."""
        if self.edition is None:
            return [LISTS]
        return [game(self.edition.game_id), game_rulings(self.edition.game_id)]

    def get_paginator(self, *args, **kwargs):
        return super().get_paginator(*args, count_tags=self.tags, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        accept_page(self.request, context["page_obj"])
        typed = self.edition_text if self.edition is None else ""
        shows(*self.tags)
        context.update(
            edition=self.edition,
            game=self.edition.game if self.edition else None,
            edition_text=typed,
            edition_matches=editions_matching(typed),
            status=self.status,
            statuses=[s for s in Ruling.Status.choices if s[0] != Ruling.Status.WITHDRAWN],
            crumbs=trail(None, Crumb(f"{self.edition.game.name} · {self.edition.code}"))
            if self.edition
            else [home_crumb(), Crumb(gettext("Rulings"))],
            ask_editions=[self.edition] if self.edition else [],
        )
        return context


class RulingDetailView(DetailView):
    template_name = "rulings/ruling_detail.html"
    context_object_name = "ruling"

    def get_object(self, queryset=None):
        """The ruling and what its page shows, remembered until the ruling or game changes."""
        code, slug = self.kwargs["code"], self.kwargs["slug"]
        too_long = len(code) > Edition._meta.get_field("code").max_length
        if too_long or len(slug) > Ruling._meta.get_field("slug").max_length:
            raise Http404  # no ruling has such an address: nothing to look up or remember
        language = translation.get_language()
        self.read = remembered(
            f"ruling-page:{code}:{slug}:{language}",
            lambda: read_ruling_page(code, slug, language),
            lambda read: [game(read["ruling"].edition.game_id), ruling_tag(read["ruling"].pk)],
        )
        if self.read is None:
            raise Http404
        return self.read["ruling"]

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs, **page_context(self.object, self.read))


def page_context(ruling, read):
    citations = list(ruling.citations.all())
    cards = read["cards"]
    for citation in citations:
        citation.superseding_card = cards.get(citation.passage_id)
    context = {
        "citations": citations,
        "superseded": [c for c in citations if c.superseding_card],
        "answer_html": render_answer(ruling.answer, {c.n for c in citations}),
        "reader_flags": sorted({f["code"] for f in ruling.flags} - {SUPERSEDED_PASSAGE}),
        "snippet_limit": SEARCH_SNIPPET_LIMIT,
        # A corrected answer with no empty section left is cut off no longer.
        "empty_sections": headings_without_text(ruling.answer or ""),
        "mentions": read["mentions"],
        "crumbs": trail(ruling.edition, crumb_of(ruling, "question")),
        "translation_state": read.get("translation"),
        "game": ruling.edition.game,  # base.html links its feed
    }
    if context["translation_state"] is not None:
        with translation.override(SOURCE_LANGUAGE):
            context["english_url"] = ruling.get_absolute_url()
    return context


def preview_page(ruling, request):
    context = {"ruling": ruling, **page_context(ruling, read_around(ruling, get_language()))}
    return render_to_string(RulingDetailView.template_name, context, request=request)


def read_ruling_page(code, slug, language):
    citations = (
        Citation.objects.select_related("passage__document__edition", "document__edition")
        .defer("passage__search_en", "passage__search_es")
        .order_by("n")
    )
    ruling = (
        Ruling.objects.public()
        .select_related("edition__game")
        .prefetch_related(Prefetch("citations", queryset=citations), "corrections")
        .defer("provenance", "search_en", "search_es")
        .filter(edition__code=code, slug=slug)
        .first()
    )
    if ruling is None:
        return None
    return {"ruling": ruling, **read_around(ruling, language)}


def read_around(ruling, language):
    """The errata cards over the cited passages, the pages naming the ruling, and where its
    translation stands."""
    passage_ids = [c.passage_id for c in ruling.citations.all() if c.passage_id]
    active = ErrataCard.objects.active().select_related("edition")
    cards = {card.passage_id: card for card in active.filter(passage_id__in=passage_ids)}
    mentions, state = [], None
    if ruling.pk:
        mentions = list(RulingMention.objects.filter(ruling=ruling).public(language))
    # A ruling written in `language` is the original there, not a translation.
    if ruling.pk and language not in (SOURCE_LANGUAGE, ruling.language):
        record = mark_for(ruling, language)
        behind = translation_state(ruling, language, record).is_behind
        state = {"is_behind": behind, "marked": bool(record and record.follows_id)}
    return {"cards": cards, "mentions": mentions, "translation": state}
