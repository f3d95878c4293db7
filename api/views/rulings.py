"""Public rulings: the ones the reader pages list, through the same queryset."""

from django.db import DEFAULT_DB_ALIAS
from django.db.models import F, Prefetch

from catalogue.models import Document, Edition
from core.cache_tags import game, ruling, shows
from core.translated_fields import translation_columns
from rulings.models import Citation, Ruling, RulingCorrection

from ..serializers.rulings import RulingSerializer
from .base import ReaderViewSet, documented, filter_parameter
from .examples import examples_of

# What a ruling shows (its date is its answer's, else its record's) and its address needs,
# and no more: the editors' and the importer's fields (provenance, retrieval, timings, the
# import's keys) are never read, and each column read is time spent fifty times a page.
SHOWN = (
    "id",
    "slug",
    "question",
    "answer",
    "outcome",
    "abstain_rationale",
    "closing_line",
    "answerer",
    "origin",
    "status",
    "reviewed_at",
    "reviewed_by",
    "answered_at",
    "created_at",
    "changed_for_readers_at",
    "edition",
    "edition__code",
    "edition__language",
    "edition__game_id",
)


# A citation as a row: what it shows, its passage's anchor and document (its address), and
# its document's edition and title in every language (the document's own). A list reads
# hundreds of citations: as model objects (each with its passage, document and edition)
# they were most of a page's time.
CITED = (
    "ruling_id",
    "n",
    "page",
    "heading_path",
    "quote",
    "document_title",
    "passage_id",
    "passage__anchor",
    "passage__document_id",
    "document_id",
    "document__edition_id",
    "document__edition__code",
    *translation_columns("document__title")[1:],
)
# The columns of a cited document and of its edition in a citation's row, by attribute.
DOCUMENT_COLUMNS = {
    "id": "document_id",
    "edition_id": "document__edition_id",
    **{name: f"document__{name}" for name in translation_columns("title")[1:]},
}
EDITION_COLUMNS = {"id": "document__edition_id", "code": "document__edition__code"}


def public_rulings():
    """Every public ruling with what its page shows, in a fixed number of queries (with
    `with_citations` for a page of them)."""
    return (
        Ruling.objects.public()
        # Of its game only the slug is shown: read with the ruling, no game object is made.
        .select_related("edition")
        .annotate(game_slug=F("edition__game__slug"))
        .prefetch_related(
            Prefetch(
                "corrections",
                queryset=RulingCorrection.objects.all(),
                to_attr="listed_corrections",
            )
        )
        .only(*SHOWN)
    )


def with_citations(rulings):
    """`rulings`, each with its citations as rows (`cited`, by number), read in one query for
    all of them; each cited document is made once from its columns, so its title is the
    model's in the active language and its address the model's."""
    by_ruling = {item.pk: [] for item in rulings}
    if by_ruling:
        documents = {}
        rows = Citation.objects.filter(ruling__in=list(by_ruling)).order_by("n").values(*CITED)
        for row in rows:
            row["document"] = cited_document(row, documents)
            by_ruling[row["ruling_id"]].append(row)
    for item in rulings:
        item.cited = by_ruling[item.pk]
    return rulings


def cited_document(row, documents):
    """The document `row` cites (None for a document not in the catalogue), made once for
    every row citing it, with only the columns read (any other would be queried)."""
    pk = row["document_id"]
    if pk is not None and pk not in documents:
        document = loaded(
            Document, {name: row[column] for name, column in DOCUMENT_COLUMNS.items()}
        )
        document.edition = loaded(
            Edition, {name: row[column] for name, column in EDITION_COLUMNS.items()}
        )
        documents[pk] = document
    return documents.get(pk)


def loaded(model, values):
    """A `model` instance as a query would load it with only `values` ({attname: value})."""
    names = [field.attname for field in model._meta.concrete_fields if field.attname in values]
    return model.from_db(DEFAULT_DB_ALIAS, names, [values[name] for name in names])


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

    def paginate_queryset(self, queryset):
        return with_citations(super().paginate_queryset(queryset) or [])

    def get_object(self):
        found = with_citations([super().get_object()])[0]
        shows(game(found.edition.game_id), ruling(found.pk))
        return found
