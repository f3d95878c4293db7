"""Reader pages of the rules knowledge. Path words are translated (/es/resoluciones/…/erratas/)."""

from django.urls import path
from django.utils.text import format_lazy
from django.utils.translation import pgettext_lazy

from . import asking, views

app_name = "rulings"

# Words in addresses, translated like any other word a reader sees (lowercase, no spaces).
ASK = pgettext_lazy("URL path segment", "ask")
SENT = pgettext_lazy("URL path segment", "sent")

urlpatterns = [
    path("", views.RulingListView.as_view(), name="index"),
    # Before the edition's address: no edition code is a word ("ask").
    path(format_lazy("{}/", ASK), asking.ask, name="ask"),
    path(format_lazy("{}/{}/", ASK, SENT), asking.ask_sent, name="ask_sent"),
    path("<str:code>/", views.RulingListView.as_view(), name="edition"),
    path("<str:code>/<slug:slug>/", views.RulingDetailView.as_view(), name="ruling"),
]
