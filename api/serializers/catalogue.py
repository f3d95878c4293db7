"""Games, editions, their documents (rulebooks, errata sheets, FAQs) and errata cards."""

from functools import cached_property

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from catalogue.models import Document, Edition, ErrataCard, Game, SetupFigure

from ..addresses import Addresses


class ReaderSerializer(serializers.ModelSerializer):
    """Addresses on the host asked for; in bulk files (no request), as the site's paths."""

    @property
    def request(self):
        return self.context.get("request")

    @cached_property
    def addresses(self):
        """One response's addresses, shared by its nested serializers (their context is
        the outermost one's); kept by each, as a citation's asks them twice and reaching
        the context walks up to the outermost serializer."""
        context = self.context
        if "addresses" not in context:
            context["addresses"] = Addresses(self.request)
        return context["addresses"]

    def address(self, path):
        return self.addresses.of(path)


class EditionBriefSerializer(ReaderSerializer):
    url = serializers.SerializerMethodField(help_text="The edition's rulings page.")

    class Meta:
        model = Edition
        fields = ["code", "label", "language", "url"]

    def get_url(self, edition) -> str:
        return self.address(edition.get_absolute_url())


class SetupFigureSerializer(serializers.ModelSerializer):
    group = serializers.CharField(help_text="deck, supply, each_player or game_end.")

    class Meta:
        model = SetupFigure
        fields = ["group", "component", "quantity", "in_box"]


class GameSerializer(ReaderSerializer):
    url = serializers.SerializerMethodField(help_text="The game's page; null while it has none.")
    expansion_of = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    editions = EditionBriefSerializer(many=True, read_only=True, source="listed_editions")

    class Meta:
        model = Game
        fields = [
            "slug",
            "name",
            "publisher",
            "min_players",
            "max_players",
            "expansion_of",
            "url",
            "editions",
        ]

    @extend_schema_field(OpenApiTypes.URI)
    def get_url(self, game):
        return self.addresses.page(getattr(game, "page", None))


class DocumentSerializer(ReaderSerializer):
    edition = serializers.SlugRelatedField(slug_field="code", read_only=True)
    kind = serializers.CharField()
    source_url = serializers.CharField(source="url", help_text="Where the publisher has it.")
    url = serializers.SerializerMethodField(help_text="The document's page with its passages.")

    class Meta:
        model = Document
        fields = ["id", "edition", "kind", "title", "version", "published_on", "source_url", "url"]

    def get_url(self, document) -> str:
        return self.address(document.get_absolute_url())


class EditionSerializer(EditionBriefSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    errata_url = serializers.SerializerMethodField(help_text="The edition's errata registry.")
    documents = DocumentSerializer(many=True, read_only=True, source="listed_documents")

    class Meta(EditionBriefSerializer.Meta):
        fields = [*EditionBriefSerializer.Meta.fields, "game", "errata_checked_on", "errata_url"]
        fields.append("documents")

    def get_errata_url(self, edition) -> str:
        return self.address(edition.get_errata_url())


class ErrataCardSerializer(ReaderSerializer):
    edition = serializers.SlugRelatedField(slug_field="code", read_only=True)
    document = serializers.PrimaryKeyRelatedField(read_only=True)
    status = serializers.CharField(help_text="active or withdrawn.")
    in_force = serializers.SerializerMethodField(
        help_text="Active and not superseded by a later active card."
    )
    page = serializers.SerializerMethodField()
    heading_path = serializers.SerializerMethodField()
    supersedes = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)
    url = serializers.SerializerMethodField(help_text="The card in its edition's registry.")

    class Meta:
        model = ErrataCard
        fields = [
            "id",
            "edition",
            "document",
            "page",
            "heading_path",
            "corrected_rule",
            "issued_on",
            "issued_by",
            "source_url",
            "status",
            "in_force",
            "supersedes",
            "url",
        ]

    def get_in_force(self, card) -> bool:
        later = getattr(card, "superseded_by", None)
        active = ErrataCard.Status.ACTIVE
        return card.status == active and not (later is not None and later.status == active)

    def get_page(self, card) -> int | None:
        return (card.passage if card.passage_id else card).page

    def get_heading_path(self, card) -> str:
        return (card.passage if card.passage_id else card).heading_path

    def get_url(self, card) -> str:
        return self.address(card.get_absolute_url())
