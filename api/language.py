"""The one rule for an API response's language: `?language=<code>`, English when absent.

The site's pages carry their language in the path (/es/…); the API's addresses are the same
in every language, so the language is a query value, and nothing else (no Accept-Language,
no cookie) changes a response: a cached answer is the same for everyone who asks its URL."""

from django.conf import settings
from django.utils.translation import gettext
from rest_framework.exceptions import ValidationError

PARAMETER = "language"
LANGUAGES = [code for code, _name in settings.LANGUAGES]


def asked_language(request):
    """The language asked for, or None when the value names no site language."""
    value = request.GET.get(PARAMETER, settings.LANGUAGE_CODE)
    return value if value in LANGUAGES else None


def check_language(request):
    if asked_language(request) is None:
        raise ValidationError(
            {
                PARAMETER: gettext("Choose one of: %(languages)s.")
                % {"languages": ", ".join(LANGUAGES)}
            }
        )
