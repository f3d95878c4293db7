"""Games, editions, documents and errata cards: the catalogue as its reader pages show it."""

from django.db.models import Prefetch

from catalogue.models import Document, Edition, ErrataCard, Game
from core.cache_tags import game, game_errata, of_game, shows
from core.translated_fields import translation_columns

from ..serializers.catalogue import (
    DocumentSerializer,
    EditionSerializer,
    ErrataCardSerializer,
    GameSerializer,
)
from .base import ReaderViewSet, documented, filter_parameter
from .examples import examples_of

GAME = filter_parameter("game", "A game's slug: only what belongs to that game.")
EDITION = filter_parameter("edition", "An edition's code: only what belongs to that edition.")
SEARCH_VECTORS = ("search_en", "search_es")
# What a game shows, and of its page what its address needs: a game page is a Wagtail page
# of some forty columns, and making fifty of them whole was a good share of the list.
GAME_SHOWN = (
    "slug",
    "name",
    "publisher",
    "min_players",
    "max_players",
    "expansion_of",
    "expansion_of__slug",
    "page__live",
    "page__path",
    *translation_columns("page__url_path"),
)


@documented(GameSerializer, [], examples_of("games"))
class GameViewSet(ReaderViewSet):
    """Every game in the catalogue, by slug, with its editions."""

    serializer_class = GameSerializer
    lookup_field = "slug"
    lookup_value_regex = "[-a-zA-Z0-9_]+"
    ordering = "slug"
    queryset = (
        Game.objects.select_related("page", "expansion_of")
        .only(*GAME_SHOWN)
        .prefetch_related(
            Prefetch(
                "editions", queryset=Edition.objects.order_by("code"), to_attr="listed_editions"
            )
        )
    )

    def get_object(self):
        found = super().get_object()
        shows(*of_game(found.pk))
        return found


class EditionItemViewSet(ReaderViewSet):
    """What an edition holds (its documents, its errata cards), filtered by the query; an
    item is shown under its game's tags and its errata's, as the edition's pages are."""

    def get_queryset(self):
        return self.filtered(super().get_queryset())

    def get_object(self):
        found = super().get_object()
        shows(game(found.edition.game_id), game_errata(found.edition.game_id))
        return found


@documented(EditionSerializer, [GAME], examples_of("editions"))
class EditionViewSet(ReaderViewSet):
    """Every edition, by code, with its documents (rulebooks, errata sheets, FAQs…)."""

    serializer_class = EditionSerializer
    lookup_field = "code"
    lookup_value_regex = "[-a-zA-Z0-9_]+"
    filters = (("game", "game__slug"),)
    queryset = Edition.objects.select_related("game").prefetch_related(
        Prefetch("documents", queryset=Document.objects.order_by("pk"), to_attr="listed_documents")
    )

    def get_queryset(self):
        return self.filtered(super().get_queryset()).order_by("code")

    def get_object(self):
        found = super().get_object()
        shows(game(found.game_id), game_errata(found.game_id))
        return found


@documented(DocumentSerializer, [EDITION], examples_of("documents"))
class DocumentViewSet(EditionItemViewSet):
    """Every source document: rulebooks, errata sheets, FAQs, product pages, reference sheets."""

    serializer_class = DocumentSerializer
    filters = (("edition", "edition__code"),)
    queryset = Document.objects.select_related("edition")


@documented(ErrataCardSerializer, [EDITION, GAME], examples_of("errata"))
class ErrataCardViewSet(EditionItemViewSet):
    """Every edition's errata registry, card by card, as the registry pages show them."""

    serializer_class = ErrataCardSerializer
    filters = (("edition", "edition__code"), ("game", "edition__game__slug"))
    queryset = ErrataCard.objects.select_related("edition", "passage", "superseded_by").defer(
        *(f"passage__{name}" for name in SEARCH_VECTORS)
    )
