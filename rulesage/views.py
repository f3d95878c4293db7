"""Site-wide views that are not Wagtail pages."""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import HttpResponse
from django.shortcuts import render
from django.template.defaultfilters import filesizeformat
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from core.page_cache import accept
from core.pagination import page_of

from .corrections import CorrectionsLog
from .search import did_you_mean, games_named, grouped_results
from .search_form import SearchForm

CORRECTIONS_PER_PAGE = 50


def corrections_log(request):
    """Every public correction on the site, newest first, a page at a time (a bad page
    number is not found)."""
    listing = page_of(CorrectionsLog(), request, CORRECTIONS_PER_PAGE)
    listing["entries"] = listing["page_obj"].object_list
    return render(request, "rulesage/corrections_log.html", listing)


def cleans_control_characters(*names):
    """Mark a view that cleans these query values itself (the search box's words, where a
    pasted NUL or newline is junk to drop, not a malformed address)."""

    def mark(view):
        view.cleans_control_characters = frozenset(names)
        return view

    return mark


@cleans_control_characters("q")
def search(request):
    """Site search: results grouped by kind, or one kind's results page by page.

    Without words it is the starting page; with no results it suggests a spelling and the
    rulings of games the query names. Junk (very long, punctuation, NUL) searches its words.
    """
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
    return render(request, "rulesage/search.html", context)


def bad_request(request, exception=None):
    """The site's own 400 page, in the reader's language (Django's default has no request).

    Used for addresses with control characters, a Host the site does not serve, and
    other requests Django refuses as malformed; a request over one of Django's limits on
    what a form may send is told which.
    """
    return render(request, "400.html", {"limit_hit": limit_hit(exception)}, status=400)


def limit_hit(exception):
    """What a form sent beyond Django's DATA_UPLOAD_* limits, with the limit; or None."""
    if isinstance(exception, TooManyFilesSent):
        count = number_format(settings.DATA_UPLOAD_MAX_NUMBER_FILES, force_grouping=True)
        return _(
            "Too many files were sent at once: one upload takes at most %(count)s files. "
            "Send them in smaller batches."
        ) % {"count": count}
    if isinstance(exception, TooManyFieldsSent):
        count = number_format(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS, force_grouping=True)
        return _("The form sent too many fields: at most %(count)s are read.") % {"count": count}
    if isinstance(exception, RequestDataTooBig):
        size = filesizeformat(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
        return _(
            "The form sent too much: at most %(size)s besides its files are read. "
            "Send less text at once."
        ) % {"size": size}
    return None


def robots_txt(request):
    """Crawlers may read every reader page; the sitemap index (its absolute address, as
    the protocol asks) leads to them all, in every language."""
    lines = [
        "User-agent: *",
        f"Disallow: {reverse('wagtailadmin_home')}",
        f"Sitemap: {request.build_absolute_uri(reverse('sitemap'))}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")


def csrf_failure(request, reason=""):
    """CSRF_FAILURE_VIEW: the site's own 403 page, in the reader's language, when a form
    comes back without its token (cookies off, a page open past the session, another
    site posting). Django's default is a bare English page; the reason is for logs only.
    """
    return render(request, "403_csrf.html", status=403)
