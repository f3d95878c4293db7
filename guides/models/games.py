"""The games index and one page per game, whose feed and setup checklists are its routes."""

from django.apps import apps
from django.db import models
from django.db.models import CharField, Count, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce, NullIf, Substr, Upper
from django.http import Http404
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from modeltranslation.utils import get_language
from wagtail import hooks
from wagtail.admin.panels import FieldPanel
from wagtail.contrib.routable_page.models import RoutablePageMixin, path
from wagtail.fields import RichTextField
from wagtail.models import Page
from wagtail.search import index

from catalogue.lookup import TYPED_LIMIT
from core.cache_tags import LISTS, of_game, shows
from core.page_cache import accept
from core.pages import EditorialPage
from core.pagination import page_of, remembered_query
from core.translated_fields import SOURCE_LANGUAGE
from rulings.models import Ruling

from ..setup_figures import player_counts, setup_checklist

# Words in addresses, translated like any other word a reader sees (rulesage/urls.py).
FEED = pgettext_lazy("URL path segment", "feed")
SETUP = pgettext_lazy("URL path segment", "setup")
GAMES_PER_PAGE = 50
# Rulings shown under each expansion on its base game's page; the count says how many more.
RULINGS_SHOWN = 5


def expansions_with_rulings(game):
    """The expansions of `game`, each with the newest `rulings` citing its books and their
    count, in the order of the names the reader sees (a translated name, or the English)."""
    expansions = sorted(game.expansions.select_related("page"), key=lambda e: e.name.casefold())
    for expansion in expansions:
        citing = Ruling.objects.citing_books_of(expansion).select_related("edition")
        expansion.rulings_count = citing.count()
        expansion.rulings = list(citing.order_by("-changed_for_readers_at", "-pk")[:RULINGS_SHOWN])
    return expansions


def live_page(game):
    """The game's page when readers can open it, else None."""
    page = getattr(game, "page", None)
    return page if page is not None and page.live else None


def shown_title():
    """The title a reader of the active language sees, as an expression: theirs, else
    English (modeltranslation's language: a site language, whatever the admin's is)."""
    columns = dict.fromkeys([f"title_{get_language()}", f"title_{SOURCE_LANGUAGE}"])
    return Coalesce(
        *(NullIf(column, Value("")) for column in columns), Value(""), output_field=CharField()
    )


def games_listing(game_pages, request):
    """A page of `game_pages` by shown title (or those matching `?q=`), and the page each
    initial begins on (remembered with the list's size, as every list's is)."""
    typed = " ".join(request.GET.get("q", "")[:TYPED_LIMIT].split())
    game_pages = game_pages.annotate(shown=shown_title()).annotate(
        initial=Upper(Substr("shown", 1, 1))
    )
    ordered = game_pages.select_related("game").order_by("shown", "pk")
    if typed:
        accept(request, "q", typed)
        found = ordered.filter(shown__icontains=typed)
        count = found.count()
        return {
            "typed": typed,
            "game_pages": list(found[:GAMES_PER_PAGE]),
            "found_count": count,
            "more_found": count > GAMES_PER_PAGE,
        }
    initials = game_pages.order_by("initial").values_list("initial").annotate(Count("pk"))
    jumps, before = [], 0
    for initial, games in remembered_query(initials, [LISTS]):
        jumps.append({"initial": initial, "page": before // GAMES_PER_PAGE + 1})
        before += games
    listing = page_of(ordered, request, GAMES_PER_PAGE, count=before)
    listing["game_pages"] = listing["page_obj"].object_list
    listing["initials"] = jumps
    return listing


def with_games(pages):
    """(page, its game page or None) for the guides `pages`, in one query."""
    games = GamePage.objects.filter(path__in={page.path[: -page.steplen] for page in pages})
    by_path = {game_page.path: game_page for game_page in games}
    return [(page, by_path.get(page.path[: -page.steplen])) for page in pages]


class GamesIndexPage(EditorialPage, Page):
    """Lists the `GamePage`s below it, alphabetically, a page at a time."""

    intro = RichTextField(_("introduction"), blank=True, features=["bold", "italic", "link"])

    content_panels = Page.content_panels + [FieldPanel("intro")]
    # No parent_page_types: where it may be added is the site's choice.
    subpage_types = ["guides.GamePage"]
    max_count = 1

    class Meta:
        verbose_name = _("games index")

    def get_context(self, request, *args, **kwargs):
        context = super().get_context(request, *args, **kwargs)
        context.update(games_listing(GamePage.objects.child_of(self).live(), request))
        return context


class GamePage(EditorialPage, RoutablePageMixin, Page):
    """One per game: overview, editions and documents, expansions, and the guides below it."""

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
        # Counted per edition from the public rulings' own index, not by joining every row.
        public = Ruling.objects.public().filter(edition=OuterRef("pk")).order_by()
        counted = public.values("edition").annotate(n=Count("pk")).values("n")
        context["editions"] = list(
            self.game.editions.prefetch_related("documents").annotate(
                rulings_count=Coalesce(Subquery(counted), 0)
            )
        )
        # By name: GuidePage is defined in `pages`, which imports this module.
        guides = apps.get_model("guides", "GuidePage").objects.child_of(self)
        context["guides"] = guides.live().order_by("path")
        context["checklist_links"] = self.checklist_links(request)
        context["expansions"] = expansions_with_rulings(self.game)
        context["base_game_page"] = live_page(self.game.expansion_of)
        context["game"] = self.game  # base.html links its feed
        shows(*self.cache_tags())
        return context

    def cache_tags(self):
        return of_game(self.game_id)

    @path(format_lazy("{}/", FEED), name="feed")
    def feed(self, request):
        """The game's feed: its entries come from every app, so the site gives the view."""
        views = hooks.get_hooks("game_feed")
        if not views:
            raise Http404
        return views[0](request, self.game)

    @path(format_lazy("{}/", SETUP), name="setup")
    @path(format_lazy("{}/<int:players>/", SETUP), name="setup_players")
    def setup(self, request, players=None):
        return setup_checklist(request, self, players)

    def subpage_url(self, name, request=None, **kwargs):
        """The address of route `name` in the active language; None when the page has none."""
        url = self.get_url(request)
        return url + self.reverse_subpage(name, kwargs=kwargs) if url else None

    def checklist_links(self, request=None):
        """(players, address) of each player count's setup checklist."""
        return [
            (players, self.subpage_url("setup_players", request, players=players))
            for players in player_counts(self.game)
        ]
