"""Site-wide views that are not Wagtail pages."""

from django.conf import settings
from django.http import Http404, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.urls import Resolver404, resolve, reverse
from django.utils import translation

from .corrections import latest_corrections


def corrections_log(request):
    """Every public correction on the site, newest first."""
    return render(request, "rulesage/corrections_log.html", {"entries": latest_corrections()})


def bad_request(request, exception=None):
    """The site's own 400 page, in the reader's language (Django's default has no request).

    Used for addresses with control characters, a Host the site does not serve, and
    other requests Django refuses as malformed.
    """
    return render(request, "400.html", status=400)


def robots_txt(request):
    """Crawlers may read every reader page; the sitemap lists them in every language."""
    lines = [
        "User-agent: *",
        f"Disallow: {reverse('wagtailadmin_home')}",
        f"Sitemap: {request.build_absolute_uri(reverse('sitemap'))}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")


def redirect_from_english_segments(request):
    """/es/rulings/<code>/errata/ → /es/resoluciones/<code>/erratas/, permanently.

    The path is read as the English address it was (same prefix, English words) and
    rebuilt in the current language. Only the views whose words are translated qualify;
    anything else is simply not found.
    """
    language = translation.get_language()
    source = settings.LANGUAGE_CODE
    prefix = f"/{language}/"
    if language == source or not request.path_info.startswith(prefix):
        raise Http404
    with translation.override(source):
        try:
            match = resolve(f"/{source}/{request.path_info[len(prefix) :]}")
        except Resolver404:
            raise Http404 from None
    if match.func is redirect_from_english_segments or match.url_name == "wagtail_serve":
        raise Http404
    target = reverse(match.view_name, args=match.args, kwargs=match.kwargs)
    if request.META.get("QUERY_STRING"):
        target += "?" + request.META["QUERY_STRING"]
    return HttpResponsePermanentRedirect(target)
