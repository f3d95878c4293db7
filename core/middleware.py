"""Requests the whole site refuses, before any view or the page cache.

Control characters are refused.

No address on this site contains a control character, but a request can: `%00` in a path
segment or a query value arrives in the view as a NUL byte, and PostgreSQL refuses any
query that holds one (a 500, even on a 404, when Wagtail looks the path up among its
redirects). Rather than guard every view and lookup, such a request is answered here,
before any of them runs, with the site's own 400 page.

A form sent without a field its page always writes is refused too.
"""

import re

from django.utils.datastructures import MultiValueDictKeyError

from .views import bad_request

# Unicode's control characters (category Cc): C0, DEL and C1.
CONTROL_CHARACTERS = re.compile("[\x00-\x1f\x7f-\x9f]")


def cleans_control_characters(*names):
    """Mark a view that cleans these query values itself (the search box's words, where a
    pasted NUL or newline is junk to drop, not a malformed address)."""

    def mark(view):
        view.cleans_control_characters = frozenset(names)
        return view

    return mark


def has_control_characters_in_path(request):
    return bool(
        CONTROL_CHARACTERS.search(request.path) or CONTROL_CHARACTERS.search(request.path_info)
    )


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
    """Answer 400 to a request whose path or query holds a control character.

    It sits after LocaleMiddleware so the page speaks the language of the address, and
    before everything that could put the path in a database query.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if has_control_characters_in_path(request):
            return bad_request(request)
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        """Query values are checked once the view is known: a view may clean some itself.

        No view runs before this, and a 404 from a view met no refused value (Wagtail's
        redirect lookup reads the query string), since only cleaned names pass through.
        """
        cleaned = getattr(view_func, "cleans_control_characters", frozenset())
        if has_control_characters_in_query(request, cleaned):
            return bad_request(request)
        return None


class RefuseIncompleteFormsMiddleware:
    """Answer 400 to a request that lacks a field its view reads as always sent.

    Reading `request.POST[name]` (or GET, or FILES) raises MultiValueDictKeyError when the
    request has no such field. Wagtail's page editor reads a StreamField's count and its
    copy form the new parent page that way: the page they come from always writes those
    fields, so a request without them was not sent from it (made by hand, or cut short),
    and it is answered as malformed rather than as a fault of the site.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, MultiValueDictKeyError):
            return bad_request(request, exception)
        return None
