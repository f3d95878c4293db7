"""The games index and one page per game, above the guides (`pages`).

A `GamePage` points at one `rulings.Game`: its overview, editions and documents, its
expansions, its setup checklist and the guides below it.
"""

from django.apps import apps
from django.db import models
from django.db.models import Count
from django.utils.translation import gettext_lazy as _
from wagtail.admin.panels import FieldPanel
from wagtail.fields import RichTextField
from wagtail.models import Page
from wagtail.search import index

from core.cache_tags import of_game, shows
from core.pages import EditorialPage
from rulings.models import public_rulings

from ..expansions import expansions_with_rulings, live_page
from ..games_index import games_listing
from ..setup_facts import player_counts


class GamesIndexPage(EditorialPage, Page):
    """Lists the `GamePage`s below it, alphabetically, a page at a time (`games_index`)."""

    intro = RichTextField(_("introduction"), blank=True, features=["bold", "italic", "link"])

    content_panels = Page.content_panels + [FieldPanel("intro")]
    # Where it may be added is the site's choice (its home page lists it as a subpage type);
    # an app never names the project's page types.
    subpage_types = ["guides.GamePage"]
    max_count = 1

    class Meta:
        verbose_name = _("games index")

    def get_context(self, request, *args, **kwargs):
        context = super().get_context(request, *args, **kwargs)
        context.update(games_listing(GamePage.objects.child_of(self).live(), request))
        return context


class GamePage(EditorialPage, Page):
    """One per `rulings.Game`: overview, editions and documents, and the guides below it."""

    game = models.OneToOneField(
        "rulings.Game", on_delete=models.PROTECT, related_name="page", verbose_name=_("game")
    )
    overview = RichTextField(_("overview"), blank=True, features=["bold", "italic", "link"])

    content_panels = Page.content_panels + [FieldPanel("game"), FieldPanel("overview")]
    search_fields = Page.search_fields + [index.SearchField("overview")]
    parent_page_types = ["guides.GamesIndexPage"]
    subpage_types = ["guides.GuidePage"]

    class Meta:
        verbose_name = _("game page")

    def get_context(self, request, *args, **kwargs):
        context = super().get_context(request, *args, **kwargs)
        # Each edition with its documents and how many rulings readers see: three queries
        # however many editions (the rulings counted by the edition index, not listed).
        context["editions"] = list(
            self.game.editions.prefetch_related("documents").annotate(
                rulings_count=Count("rulings", filter=public_rulings("rulings__"))
            )
        )
        # The guides' model by name: it is defined below this one (`pages`) and points here.
        guides = apps.get_model("guides", "GuidePage").objects.child_of(self)
        context["guides"] = guides.live().order_by("path")
        context["checklist_counts"] = player_counts(self.game)
        context["expansions"] = expansions_with_rulings(self.game)
        context["base_game_page"] = (
            live_page(self.game.expansion_of) if self.game.expansion_of_id else None
        )
        shows(*self.cache_tags())
        return context

    def cache_tags(self):
        return of_game(self.game_id)
