"""The reader's addresses besides pages: corrections log, feeds, search and suggestions."""

from django.urls import path
from django.utils.text import format_lazy
from django.utils.translation import pgettext_lazy

from catalogue.lookup import suggestions

from .feeds import CorrectionsFeed, RulingsFeed
from .views import corrections_log, search

# Words in addresses, translated like any other word a reader sees (lowercase, no spaces).
CORRECTIONS = pgettext_lazy("URL path segment", "corrections")
FEED = pgettext_lazy("URL path segment", "feed")
RULINGS = pgettext_lazy("URL path segment", "rulings")
SEARCH = pgettext_lazy("URL path segment", "search")
GAMES = pgettext_lazy("URL path segment", "games")
SUGGESTIONS = pgettext_lazy("URL path segment", "suggestions")

urlpatterns = [
    path(format_lazy("{}/", CORRECTIONS), corrections_log, name="corrections_log"),
    path(format_lazy("{}/{}/", CORRECTIONS, FEED), CorrectionsFeed(), name="corrections_feed"),
    # Before the rulings' own addresses, where "feed" would read as an edition code.
    path(format_lazy("{}/{}/", RULINGS, FEED), RulingsFeed(), name="rulings_feed"),
    path(format_lazy("{}/", SEARCH), search, name="search"),
    path(format_lazy("{}/{}/", SEARCH, SUGGESTIONS), suggestions, name="suggestions"),
]
