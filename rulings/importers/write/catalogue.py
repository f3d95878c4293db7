"""The editions and documents an import writes into, each looked up once per import.

A folder of exports names the same few editions and documents over and over, so a
Catalogue loads an edition with all its documents the first time a file names it, and
keeps what the import creates. A file rolled back may have created some of it:
``forget()`` drops everything, and the next file reads it again.
"""

from __future__ import annotations

from django.utils.text import slugify

from rulings.editions import EditionCode
from rulings.importers.read.parsed import ParsedRuling
from rulings.models import Document, Edition, Game

__all__ = ["Catalogue", "document_kind"]


def document_kind(kind: str) -> str:
    """The Document.Kind of an export's KIND word ("RULEBOOK", "FAQ"); a rulebook if unknown."""
    kinds = {choice.upper(): choice for choice in Document.Kind.values}
    return kinds.get((kind or "").upper().replace(" ", "_"), Document.Kind.RULEBOOK)


class _Documents:
    """One edition's documents by the exporter's id and by title."""

    def __init__(self, documents):
        self.by_id: dict[str, Document] = {}
        self.by_title: dict[str, Document] = {}
        for document in documents:
            self.add(document)

    def add(self, document: Document) -> None:
        if document.external_id:
            self.by_id.setdefault(document.external_id, document)
        # Two documents with one title: the one the edition's ordering lists first (by kind),
        # as `edition.documents.filter(title=...).first()` would pick.
        held = self.by_title.get(document.title)
        if held is None or (document.kind, document.pk) < (held.kind, held.pk):
            self.by_title[document.title] = document


class Catalogue:
    """Editions (with their game) by code, and each edition's documents, for one import."""

    def __init__(self):
        self._editions: dict[str, Edition] = {}
        self._by_edition: dict[int, _Documents] = {}

    def forget(self) -> None:
        """Drop everything: a rolled-back file may have created or changed any of it."""
        self._editions.clear()
        self._by_edition.clear()

    def edition(self, parsed: ParsedRuling) -> Edition:
        """The edition of ``parsed``, created with its game when new; its exporter id kept."""
        edition = self._editions.get(parsed.edition_code)
        if edition is None:
            edition = Edition.objects.filter(code=parsed.edition_code).select_related("game")
            edition = edition.first() or _create_edition(parsed)
            self._editions[edition.code] = edition
        if parsed.external_edition_id and edition.external_id != parsed.external_edition_id:
            edition.external_id = parsed.external_edition_id
            edition.save(update_fields=["external_id"])
        return edition

    def _documents(self, edition: Edition) -> _Documents:
        """The edition's documents, read in one query the first time they are needed."""
        held = self._by_edition.get(edition.pk)
        if held is None:
            held = self._by_edition[edition.pk] = _Documents(edition.documents.all())
        return held

    def by_external_id(self, edition: Edition, external_id, title: str, kind: str) -> Document:
        """The edition's document with the exporter's id, created (titled) when new."""
        external_id = str(external_id)
        held = self._documents(edition)
        document = held.by_id.get(external_id)
        if document is None:
            document = Document.objects.create(
                edition=edition,
                external_id=external_id,
                title=title or f"Document {external_id}",
                kind=document_kind(kind),
            )
            held.add(document)
        return document

    def by_title(self, edition: Edition, title: str, kind: str) -> Document | None:
        """The edition's document with this title, created when new; None without a title."""
        held = self._documents(edition)
        document = held.by_title.get(title)
        if document is None and title:
            kind = document_kind(kind)
            document = Document.objects.create(edition=edition, title=title, kind=kind)
            held.add(document)
        return document


def _create_edition(parsed: ParsedRuling) -> Edition:
    code = EditionCode.parse(parsed.edition_code)
    game = Game.objects.filter(bgg_id=code.bgg_id).first()
    if game is None:
        game = Game.objects.create(
            name=parsed.game_name, slug=unique_game_slug(parsed.game_name), bgg_id=code.bgg_id
        )
    return Edition.objects.create(
        game=game,
        code=parsed.edition_code,
        language=code.language,
        label=f"Edition {code.number} ({code.language})",
        external_id=parsed.external_edition_id,
    )


def unique_game_slug(name: str) -> str:
    """A free slug for a new game (games are created rarely: probing is fine here)."""
    # Leave room for a "-N" suffix within the column.
    room = Game._meta.get_field("slug").max_length - 10
    base = (slugify(name) or "game")[:room].rstrip("-")
    slug, n = base, 2
    while Game.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug
