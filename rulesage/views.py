"""Site-wide views that are not Wagtail pages."""

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse

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
