"""Published guides, as their pages show them to readers."""

from django.db.models import Prefetch

from core.cache_tags import of_game, shows
from core.pages import public
from core.translated_fields import translation_columns
from guides.models import GamePage, GuidePage, GuideSource, GuideVersion

from ..serializers.guides import GuideDetailSerializer, GuideSerializer
from .base import ReaderViewSet, documented, filter_parameter
from .examples import examples_of

NOT_SHOWN = ("search_text_en", "search_text_es", "search_en", "search_es")
# What a list shows of a guide, and what its address and game need: not its sections (each
# language's stream), nor the rest of a Wagtail page's forty columns.
LISTED = ("title", "kind", "checked_on", "live", "path", *translation_columns("url_path"))


def with_game_pages(guides, figures=False):
    """Each guide with its game page (and the game's setup figures when `figures`), read in
    one query for all of them rather than one per guide."""
    parents = {guide.path[: -guide.steplen] for guide in guides}
    # Only what a guide shows of its game: a game page's own content is not read.
    game_pages = GamePage.objects.filter(path__in=parents).select_related("game")
    game_pages = game_pages.only("path", "game__slug")
    if figures:
        game_pages = game_pages.prefetch_related("game__setup_figures")
    by_path = {page.path: page for page in game_pages}
    for guide in guides:
        # GuidePage.game_page is a cached property: given here, it is not asked again.
        guide.__dict__["game_page"] = by_path.get(guide.path[: -guide.steplen])
    return guides


@documented(
    GuideDetailSerializer,
    [filter_parameter("game", "A game's slug: only that game's guides.")],
    examples_of("guides"),
    listed=GuideSerializer,
)
class GuideViewSet(ReaderViewSet):
    """Live guides of every game: the list names them, each guide is given whole."""

    ordering = "id"

    def get_serializer_class(self):
        return GuideSerializer if self.action == "list" else GuideDetailSerializer

    def get_queryset(self):
        guides = public(GuidePage.objects.live()).defer(*NOT_SHOWN)
        guides = guides.prefetch_related(
            Prefetch(
                "versions",
                queryset=GuideVersion.objects.order_by("-number"),
                to_attr="listed_versions",
            )
        )
        if self.action == "list":
            guides = guides.only(*LISTED)
        else:
            sources = GuideSource.objects.select_related("document__edition")
            guides = guides.prefetch_related(Prefetch("sources", queryset=sources), "corrections")
        game = self.filter_value("game")
        if game is not None:
            parent = GamePage.objects.filter(game__slug=game).values("path", "depth").first()
            if parent is None:
                return guides.none()
            guides = guides.filter(path__startswith=parent["path"], depth=parent["depth"] + 1)
        return guides

    def paginate_queryset(self, queryset):
        return with_game_pages(super().paginate_queryset(queryset) or [])

    def get_object(self):
        found = with_game_pages([super().get_object()], figures=True)[0]
        if found.game_page is not None:
            shows(*of_game(found.game_page.game_id))
        return found
