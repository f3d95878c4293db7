"""Public rulings: the ones the reader pages list, through the same queryset."""

from django.db.models import F, Prefetch

from core.cache_tags import game, ruling, shows
from core.translated_fields import translation_columns
from rulings.models import Citation, Ruling, RulingCorrection

from ..serializers.rulings import RulingSerializer
from .base import ReaderViewSet, documented, filter_parameter
from .examples import examples_of

# Kept for editors and the importer, never shown to readers.
NOT_SHOWN = (
    "provenance",
    "retrieval",
    "timings",
    "flags",
    "flag_count",
    "tokens_in",
    "tokens_out",
    "outcome_label",
    "errata_statement",
    "source_file",
    "import_key",
    "question_key",
    "import_hash",
    "search_en",
    "search_es",
)


# What a citation shows and the addresses it gives need, and no more: a list reads
# hundreds of citations, and each column read and each object made is time spent.
CITED = (
    "ruling",
    "n",
    "page",
    "heading_path",
    "quote",
    "document_title",
    "passage__anchor",
    "passage__document",
    *translation_columns("document__title"),
    "document__edition__code",
)


def public_rulings():
    """Every public ruling with what its page shows, in a fixed number of queries."""
    citations = (
        Citation.objects.select_related("passage", "document__edition").only(*CITED).order_by("n")
    )
    return (
        Ruling.objects.public()
        # Of its game only the slug is shown: read with the ruling, no game object is made.
        .select_related("edition")
        .annotate(game_slug=F("edition__game__slug"))
        .prefetch_related(
            Prefetch("citations", queryset=citations),
            # Given a queryset, each ruling's is a copy of it; else a new one filtered.
            Prefetch("corrections", queryset=RulingCorrection.objects.all()),
        )
        .defer(*NOT_SHOWN)
    )


@documented(
    RulingSerializer,
    [
        filter_parameter("edition", "An edition's code: only that edition's rulings."),
        filter_parameter("game", "A game's slug: only the rulings on its editions."),
    ],
    examples_of("rulings"),
)
class RulingViewSet(ReaderViewSet):
    """Public rulings, newest entry first: each question, its answer and numbered citations,
    its review state and its dated corrections."""

    serializer_class = RulingSerializer
    ordering = "-id"
    filters = (("edition", "edition__code"), ("game", "edition__game__slug"))

    def get_queryset(self):
        return self.filtered(public_rulings())

    def get_object(self):
        found = super().get_object()
        shows(game(found.edition.game_id), ruling(found.pk))
        return found
