"""The games index and one page per game, above the guides (`pages`).

A `GamePage` points at one `rulings.Game`: its overview, editions and documents, its
expansions and the guides below it. The game's own pages, its feed and its setup
checklist (the choice of player counts and one per count), are routes of the game page,
so each lives under the page's own address in each language
(`/es/juegos/ciudad-de-puntos/preparacion/3/`); `GamePage.subpage_url` names them.
"""

from django.apps import apps
from django.db import models
from django.db.models import Count
from django.http import Http404
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from wagtail import hooks
from wagtail.admin.panels import FieldPanel
from wagtail.contrib.routable_page.models import RoutablePageMixin, path
from wagtail.fields import RichTextField
from wagtail.models import Page
from wagtail.search import index

from core.cache_tags import of_game, shows
from core.pages import EditorialPage
from rulings.models import public_rulings

from ..checklist import setup_checklist
from ..expansions import expansions_with_rulings, live_page
from ..games_index import games_listing
from ..setup_facts import player_counts

# Words in addresses, translated like any other word a reader sees (rulesage/urls.py).
FEED = pgettext_lazy("URL path segment", "feed")
SETUP = pgettext_lazy("URL path segment", "setup")


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


class GamePage(EditorialPage, RoutablePageMixin, Page):
    """One per `rulings.Game`: overview, editions and documents, and the guides below it;
    the game's feed and setup checklists are its routes (see the module docstring)."""

    game = models.OneToOneField(
        "catalogue.Game", on_delete=models.PROTECT, related_name="page", verbose_name=_("game")
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
        context["checklist_links"] = self.checklist_links(request)
        context["expansions"] = expansions_with_rulings(self.game)
        context["base_game_page"] = (
            live_page(self.game.expansion_of) if self.game.expansion_of_id else None
        )
        # The game the page is about: base.html links its feed.
        context["game"] = self.game
        shows(*self.cache_tags())
        return context

    def cache_tags(self):
        return of_game(self.game_id)

    @path(format_lazy("{}/", FEED), name="feed")
    def feed(self, request):
        """The game's Atom feed. Its entries come from every app, so the site supplies the
        view (registered as the `game_feed` hook, pages.game_feed); the address is
        this page's."""
        views = hooks.get_hooks("game_feed")
        if not views:
            raise Http404
        return views[0](request, self.game)

    @path(format_lazy("{}/", SETUP), name="setup")
    @path(format_lazy("{}/<int:players>/", SETUP), name="setup_players")
    def setup(self, request, players=None):
        """The table-side setup checklist (guides.checklist)."""
        return setup_checklist(request, self, players)

    def subpage_url(self, name, request=None, **kwargs):
        """The address of the game's own page `name` (`feed`, `setup`, or `setup_players`
        with `players`) in the active language: this page's address in that language
        followed by the route's, in that language's words; None when the page has no
        address. Every link, list and feed that names one of them asks here."""
        url = self.get_url(request)
        return url + self.reverse_subpage(name, kwargs=kwargs) if url else None

    def checklist_links(self, request=None):
        """(players, address) of the setup checklist for each player count the game's
        setup figures cover, fewest first."""
        return [
            (players, self.subpage_url("setup_players", request, players=players))
            for players in player_counts(self.game)
        ]
