"""Admin for the rules knowledge: games, editions and documents as snippet viewsets."""

from django.utils.translation import gettext_lazy as _
from wagtail.admin.panels import FieldPanel, FieldRowPanel, MultiFieldPanel
from wagtail.snippets.models import register_snippet
from wagtail.snippets.views.snippets import SnippetViewSet, SnippetViewSetGroup

from .models import Document, Edition, Game


class GameViewSet(SnippetViewSet):
    model = Game
    icon = "pick"
    list_display = ["name", "publisher", "bgg_id", "player_range"]
    search_fields = ["name", "publisher"]
    panels = [
        FieldPanel("name"),
        FieldPanel("slug"),
        FieldRowPanel([FieldPanel("bgg_id"), FieldPanel("publisher")]),
        FieldRowPanel([FieldPanel("min_players"), FieldPanel("max_players")]),
        MultiFieldPanel(
            [FieldPanel("deck_tiers"), FieldPanel("player_setups")],
            heading=_("Setup figures (shown in every language's guides)"),
        ),
    ]


class EditionViewSet(SnippetViewSet):
    model = Edition
    icon = "tag"
    list_display = ["code", "game", "label", "language"]
    list_filter = ["game", "language"]
    search_fields = ["code", "label"]


class DocumentViewSet(SnippetViewSet):
    model = Document
    icon = "doc-full"
    list_display = ["title", "kind", "edition", "version", "published_on"]
    list_filter = ["kind", "edition"]
    search_fields = ["title"]


class RulesKnowledgeGroup(SnippetViewSetGroup):
    menu_label = _("Rules")
    menu_icon = "clipboard-list"
    menu_order = 200
    items = (GameViewSet, EditionViewSet, DocumentViewSet)


register_snippet(RulesKnowledgeGroup)
