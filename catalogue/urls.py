"""The catalogue's reader pages, mounted in the rulings' section of the site."""

from django.urls import path
from django.utils.text import format_lazy
from django.utils.translation import pgettext_lazy

from . import views

app_name = "catalogue"

# Words in addresses, translated like any other word a reader sees (lowercase, no spaces).
ERRATA = pgettext_lazy("URL path segment", "errata")
DOCUMENTS = pgettext_lazy("URL path segment", "documents")

urlpatterns = [
    path(format_lazy("<str:code>/{}/", ERRATA), views.ErrataRegistryView.as_view(), name="errata"),
    path(
        format_lazy("<str:code>/{}/<int:pk>/", DOCUMENTS),
        views.DocumentView.as_view(),
        name="document",
    ),
]
