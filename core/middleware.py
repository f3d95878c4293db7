"""Requests refused with the 400 page before any view: control characters (PostgreSQL
refuses NUL) and forms lacking a field their page always sends; and the request's Wagtail
site found from what is remembered."""

import re

from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.datastructures import MultiValueDictKeyError
from django.utils.deprecation import MiddlewareMixin

from .pages import remembered_site
from .views import bad_request

# Unicode's control characters (category Cc): C0, DEL and C1.
CONTROL_CHARACTERS = re.compile("[\x00-\x1f\x7f-\x9f]")


def cleans_control_characters(*names):
    """Mark a view that cleans these query values itself (the search box's words)."""

    def mark(view):
        view.cleans_control_characters = frozenset(names)
        return view

    return mark


def has_control_characters_in_query(request, cleaned_by_view=frozenset()):
    """True when a query parameter's name, or a value the view does not clean, holds one."""
    return any(
        CONTROL_CHARACTERS.search(name)
        or (
            name not in cleaned_by_view
            and any(CONTROL_CHARACTERS.search(value) for value in values)
        )
        for name, values in request.GET.lists()
    )


class RefuseControlCharactersMiddleware:
    """Answer 400 to a path or query holding a control character; after LocaleMiddleware,
    so the page speaks the address's language."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if CONTROL_CHARACTERS.search(request.path) or CONTROL_CHARACTERS.search(request.path_info):
            return bad_request(request)
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        """Query values are checked once the view is known: it may clean some itself."""
        cleaned = getattr(view_func, "cleans_control_characters", frozenset())
        if has_control_characters_in_query(request, cleaned):
            return bad_request(request)
        return None


class RefuseIncompleteFormsMiddleware(MiddlewareMixin):
    """Answer 400 to a request lacking a field its view reads as always sent
    (MultiValueDictKeyError, as Wagtail's page editor raises): the page did not send it."""

    def process_exception(self, request, exception):
        if isinstance(exception, MultiValueDictKeyError):
            return bad_request(request, exception)
        return None


class SiteLocaleMiddleware(LocaleMiddleware):
    """Django's, but not for the paths of RULESAGE_LANGUAGE_IN_QUERY_PATHS (the API), which
    say their language in their query: they start in the site's language whatever the
    browser asks, and what they do not find is not looked for under a /en/ prefix."""

    def language_in_query(self, request):
        return request.path_info.startswith(settings.RULESAGE_LANGUAGE_IN_QUERY_PATHS)

    def process_request(self, request):
        if self.language_in_query(request):
            translation.activate(settings.LANGUAGE_CODE)
            request.LANGUAGE_CODE = settings.LANGUAGE_CODE
            return None
        return super().process_request(request)

    def process_response(self, request, response):
        if self.language_in_query(request):
            return response
        return super().process_response(request, response)


class RememberedSiteMiddleware:
    """Each request's Wagtail site from what is remembered (`core.pages.remembered_site`);
    after CommonMiddleware, which refuses a host that is not allowed."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        remembered_site(request)
        return self.get_response(request)
