"""Site-wide views that are not Wagtail pages."""

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse

from core.middleware import cleans_control_characters
from core.page_cache import accept
from core.pagination import page_of

from .corrections import CorrectionsLog
from .search import did_you_mean, games_named, grouped_results
from .search_form import SearchForm

CORRECTIONS_PER_PAGE = 50


def corrections_log(request):
    listing = page_of(CorrectionsLog(), request, CORRECTIONS_PER_PAGE)
    listing["entries"] = listing["page_obj"].object_list
    return render(request, "pages/corrections_log.html", listing)


@cleans_control_characters("q")
def search(request):
    """Results grouped by kind, or one kind's page by page; with none, a spelling and the
    games the query names. Junk (very long, punctuation, NUL) searches its words."""
    form = SearchForm(request.GET if request.GET else None)
    words, filters, kind = form.words, form.filters, form.chosen_kind
    if form.is_bound:
        used = {
            "q": form.data["q"],
            "game": filters.game and form.data["game"],
            "edition": filters.edition and filters.edition.code,
            "kind": kind,
        }
        for name, value in used.items():
            if value:
                accept(request, name, value)
    context = {"form": form, "words": words, "kind": kind, "filters": filters}
    if words:
        groups = grouped_results(words, filters, request, kind)
        context["groups"] = groups
        if not any(group["count"] for group in groups):
            context["suggestion"] = suggestion = did_you_mean(words)
            named = words + (suggestion.split() if suggestion else [])
            context["games"] = [filters.game] if filters.game else games_named(named)
    return render(request, "pages/search.html", context)


def robots_txt(request):
    """Crawlers may read every reader page; the sitemap index (an absolute address, as the
    protocol asks) leads to them all."""
    lines = [
        "User-agent: *",
        f"Disallow: {reverse('wagtailadmin_home')}",
        f"Sitemap: {request.build_absolute_uri(reverse('sitemap'))}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")
