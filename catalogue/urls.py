"""The catalogue's reader pages, mounted in the rulings' section of the site (rulesage.urls)."""

from django.urls import path
from django.utils.text import format_lazy
from django.utils.translation import pgettext_lazy

from . import views

# Words in addresses, translated like any other word a reader sees (lowercase, no spaces).
ERRATA = pgettext_lazy("URL path segment", "errata")
DOCUMENTS = pgettext_lazy("URL path segment", "documents")


def reader_pages(trail):
    """The pages' URLconf, for `include`; their crumbs are `trail(edition, *last)`, the
    section's."""
    return [
        path(
            format_lazy("<str:code>/{}/", ERRATA),
            views.ErrataRegistryView.as_view(trail=trail),
            name="errata",
        ),
        path(
            format_lazy("<str:code>/{}/<int:pk>/", DOCUMENTS),
            views.DocumentView.as_view(trail=trail),
            name="document",
        ),
    ], "catalogue"
