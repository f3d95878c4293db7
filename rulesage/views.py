"""Site-wide views that are not Wagtail pages."""

from django.shortcuts import render

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

