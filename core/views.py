"""The site's own error pages, in the reader's language, for requests refused before any
app's view."""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.shortcuts import render
from django.template.defaultfilters import filesizeformat
from django.utils.formats import number_format
from django.utils.translation import gettext as _


def bad_request(request, exception=None):
    """The site's own 400 page, in the reader's language, naming a form limit it went over."""
    return render(request, "400.html", {"limit_hit": limit_hit(exception)}, status=400)


def limit_hit(exception):
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


def csrf_failure(request, reason=""):
    """CSRF_FAILURE_VIEW: the site's own 403 page rather than Django's bare English one."""
    return render(request, "403_csrf.html", status=403)
