"""What a ruling's passage search returned that its answer does not cite, for editors.

A cut-off answer often stops just before the section whose source the search had found
(the Point City seed retrieved p.9 "GAME END · SCORING" and never reached it). Editors
completing such an answer need those passages at hand, resolved to the corpus so that
each can become a citation. The retrieval is kept verbatim from the export, so every
row is checked here before it is trusted: a malformed row is skipped, never an error.
"""

from dataclasses import dataclass

from catalogue.locations import format_location
from catalogue.models import Passage


@dataclass
class RetrievedPassage:
    rank: int
    page: int | None
    heading_path: str
    score: float | None
    snippet: str
    document_external_id: str
    document: object = None
    passage: object = None

    @property
    def location(self):
        return format_location(self.page, self.heading_path)

    @property
    def insertable(self):
        """A citation needs a known passage to resolve to; the search's place alone is not one."""
        return self.passage is not None


def _page(value):
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


def _score(value):
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return None


def _text(value):
    return value if isinstance(value, str) else ""


def retrieved_rows(ruling):
    """The ruling's retrieval rows as `RetrievedPassage`s, best first, each place once."""
    refs = ruling.retrieval if isinstance(ruling.retrieval, list) else []
    rows, seen = [], set()
    for rank, ref in enumerate(refs, start=1):
        if not isinstance(ref, dict):
            continue
        doc_id = ref.get("sharpsignalDocId")
        row = RetrievedPassage(
            rank=rank,
            page=_page(ref.get("page")),
            heading_path=_text(ref.get("headingPath")),
            score=_score(ref.get("score")),
            snippet=_text(ref.get("snippet")),
            document_external_id=str(doc_id) if isinstance(doc_id, int | str) else "",
        )
        place = (row.document_external_id, row.page, row.heading_path)
        if place not in seen:
            seen.add(place)
            rows.append(row)
    return rows


def retrieved_not_cited(ruling):
    """Rows of the retrieval that no citation of `ruling` points at, resolved to the corpus.

    Three queries whatever the retrieval's size: the edition's documents by exporter id,
    their passages on the retrieved pages, and the ruling's citations.
    """
    rows = retrieved_rows(ruling)
    ids = {row.document_external_id for row in rows if row.document_external_id}
    documents = {
        doc.external_id: doc for doc in ruling.edition.documents.filter(external_id__in=ids)
    }
    pages = {row.page for row in rows if row.page is not None}
    passages = {
        (p.document_id, p.page, p.heading_path): p
        for p in Passage.objects.filter(document__in=documents.values(), page__in=pages)
    }
    for row in rows:
        row.document = documents.get(row.document_external_id)
        if row.document is not None:
            row.passage = passages.get((row.document.pk, row.page, row.heading_path))

    citations = list(ruling.citations.all()) if ruling.pk else []
    cited_passages = {c.passage_id for c in citations if c.passage_id}
    cited_places = {(c.document_id, c.page, c.heading_path) for c in citations}
    return [
        row
        for row in rows
        if not (row.passage is not None and row.passage.pk in cited_passages)
        and not (
            row.document is not None
            and (row.document.pk, row.page, row.heading_path) in cited_places
        )
    ]


def next_citation_number(ruling):
    """The number a new citation takes: one past the highest in use (the admin re-counts)."""
    numbers = [c.n for c in ruling.citations.all()] if ruling.pk else []
    return max(numbers, default=0) + 1
