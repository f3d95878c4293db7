"""Site-wide views that are not Wagtail pages."""

from django.shortcuts import render

from .corrections import latest_corrections


def corrections_log(request):
    """Every public correction on the site, newest first."""
    return render(request, "rulesage/corrections_log.html", {"entries": latest_corrections()})
