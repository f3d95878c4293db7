"""Guides: version, sources, checked date, sections as plain text, the game's setup figures
per player count, and their corrections."""

from django.utils.html import strip_tags
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.blocks import heading_anchor
from guides.models import GuideCorrection, GuidePage, GuideSource

from .catalogue import ReaderSerializer, SetupFigureSerializer
from .rulings import DATE_TIME, CorrectionSerializer


class GuideSourceSerializer(ReaderSerializer):
    document = serializers.PrimaryKeyRelatedField(read_only=True)
    title = serializers.CharField(source="document.title")
    edition = serializers.CharField(source="document.edition.code")
    url = serializers.SerializerMethodField(help_text="The document's page.")

    class Meta:
        model = GuideSource
        fields = ["document", "title", "edition", "first_page", "last_page", "section", "url"]

    def get_url(self, source) -> str:
        return self.address(source.document.get_absolute_url())


class GuideCorrectionSerializer(CorrectionSerializer):
    """A guide's correction reads as a ruling's does."""

    class Meta(CorrectionSerializer.Meta):
        model = GuideCorrection


class SectionSerializer(serializers.Serializer):
    heading = serializers.CharField(allow_null=True, help_text="Null before the first heading.")
    anchor = serializers.CharField(allow_null=True, help_text="Its place on the guide's page.")
    text = serializers.CharField()


class PlayerCountSerializer(serializers.Serializer):
    players = serializers.IntegerField()
    figures = SetupFigureSerializer(many=True)


class GuideSerializer(ReaderSerializer):
    """A guide as listed: what it is, where, which version, checked when."""

    game = serializers.SerializerMethodField()
    kind = serializers.CharField(help_text="how_to_play or topic.")
    version = serializers.SerializerMethodField(help_text="The current version's number.")
    published_at = serializers.SerializerMethodField(help_text="When that version was published.")
    url = serializers.SerializerMethodField(help_text="The guide's page.")

    class Meta:
        model = GuidePage
        fields = ["id", "title", "kind", "game", "version", "published_at", "checked_on", "url"]

    def current(self, guide):
        versions = guide.listed_versions  # prefetched, newest first
        return versions[0] if versions else None

    def get_game(self, guide) -> str | None:
        game_page = guide.game_page
        return game_page.game.slug if game_page else None

    def get_version(self, guide) -> int | None:
        current = self.current(guide)
        return current.number if current else None

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_published_at(self, guide):
        current = self.current(guide)
        return DATE_TIME.to_representation(current.published_at) if current else None

    def get_url(self, guide) -> str | None:
        return self.addresses.page(guide)


class GuideDetailSerializer(GuideSerializer):
    """A guide as its page shows it."""

    sources = GuideSourceSerializer(many=True, read_only=True)
    sections = serializers.SerializerMethodField()
    setup = serializers.SerializerMethodField(
        help_text="The game's setup figures for each player count they cover."
    )
    corrections = GuideCorrectionSerializer(many=True, read_only=True)

    class Meta(GuideSerializer.Meta):
        fields = [
            *GuideSerializer.Meta.fields,
            "checked_by",
            "intro",
            "rules_scope",
            "sources",
            "sections",
            "setup",
            "corrections",
        ]

    @extend_schema_field(SectionSerializer(many=True))
    def get_sections(self, guide):
        return plain_sections(guide.body)

    @extend_schema_field(PlayerCountSerializer(many=True))
    def get_setup(self, guide):
        game_page = guide.game_page
        return setup_by_players(list(game_page.game.setup_figures.all()) if game_page else [])


def plain_sections(body):
    """The guide's sections as plain text: one per heading, and what comes before the first."""
    sections = []
    for block in body:
        if block.block_type == "heading":
            sections.append({"heading": block.value, "anchor": heading_anchor(block.value)})
            continue
        if not sections:
            sections.append({"heading": None, "anchor": None})
        words = block.block.get_searchable_content(block.value)
        text = "\n".join(strip_tags(part).strip() for part in words if part and part.strip())
        if text:
            sections[-1].setdefault("parts", []).append(text)
    return [
        {"heading": s["heading"], "anchor": s["anchor"], "text": "\n\n".join(s.get("parts", []))}
        for s in sections
    ]


def setup_by_players(figures):
    """[{players, figures}] for every player count some figure covers, fewest first."""
    counts = sorted({n for f in figures for n in range(f.min_players, f.max_players + 1)})
    return [
        {
            "players": n,
            "figures": SetupFigureSerializer(
                [f for f in figures if f.min_players <= n <= f.max_players], many=True
            ).data,
        }
        for n in counts
    ]
