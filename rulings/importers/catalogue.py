"""The editions, documents and passages an import writes into, each edition read once with
its documents; ``forget()`` drops what a rolled-back file may have created."""

from datetime import datetime

from django.db.models import Q
from django.db.models.functions import Length
from wagtail.models import ReferenceIndex

from catalogue.editions import EditionCode
from catalogue.locations import make_anchor
from catalogue.models import Document, Edition, Game, Passage


class Catalogue:
    def __init__(self):
        self.forget()

    def forget(self) -> None:
        self.editions: dict[str, Edition] = {}
        self.ids: dict[int, dict[str, Document]] = {}
        self.titles: dict[int, dict[str, Document]] = {}

    def edition(self, parsed) -> Edition:
        edition = self.editions.get(parsed.edition_code)
        if edition is None:
            edition = Edition.objects.filter(code=parsed.edition_code).select_related("game")
            edition = self.editions[parsed.edition_code] = edition.first() or _new_edition(parsed)
            self.ids[edition.pk], self.titles[edition.pk] = {}, {}
            # An export on a base game may cite its expansions' books (in its language).
            expansions = Q(edition__game__expansion_of=edition.game_id)
            books = Q(edition=edition) | (expansions & Q(edition__language=edition.language))
            documents = Document.objects.filter(books)
            for document in sorted(documents, key=lambda d: d.edition_id != edition.pk):
                self._add(edition, document)
        if parsed.external_edition_id and edition.external_id != parsed.external_edition_id:
            edition.external_id = parsed.external_edition_id
            edition.save(update_fields=["external_id"])
        return edition

    def _add(self, edition: Edition, document: Document) -> Document:
        if document.external_id:
            self.ids[edition.pk].setdefault(document.external_id, document)
        titled = self.titles[edition.pk]
        held = titled.get(document.title)
        if held is None or (document.kind, document.pk) < (held.kind, held.pk):
            titled[document.title] = document
        return document

    def by_external_id(self, edition: Edition, external_id, title: str, kind: str) -> Document:
        external_id = str(external_id)
        document = self.ids[edition.pk].get(external_id)
        if document is None:
            title = title or f"Document {external_id}"
            document = self._create(edition, title, kind, external_id=external_id)
        return document

    def by_title(self, edition: Edition, title: str, kind: str) -> Document | None:
        document = self.titles[edition.pk].get(title)
        if document is None and title:
            document = self._create(edition, title, kind)
        return document

    def _create(self, edition: Edition, title: str, kind: str, **fields) -> Document:
        """A new document; an unknown KIND word ("RULEBOOK", "FAQ") makes a rulebook."""
        kinds = {choice.upper(): choice for choice in Document.Kind.values}
        kind = kinds.get((kind or "").upper().replace(" ", "_"), Document.Kind.RULEBOOK)
        document = Document.objects.create(edition=edition, title=title, kind=kind, **fields)
        return self._add(edition, _indexed(document))


def _new_edition(parsed) -> Edition:
    code = EditionCode.parse(parsed.edition_code)
    game = Game.objects.filter(bgg_id=code.bgg_id).first() or _indexed(
        Game.objects.create(
            name=parsed.game_name, slug=Game.free_slug(parsed.game_name), bgg_id=code.bgg_id
        )
    )
    edition = Edition.objects.create(
        game=game,
        code=parsed.edition_code,
        language=code.language,
        label=f"Edition {code.number} ({code.language})",
        external_id=parsed.external_edition_id,
    )
    return _indexed(edition)


def _indexed(record):
    """A new record with its references recorded now, as the ruling's are."""
    ReferenceIndex.create_or_update_for_object(record)
    return record


# (document id, page or None, heading path): the passage_unique_location constraint.
PassageKey = tuple[int, int | None, str]


class Passages:
    """The passages one file asks for, written by ``save()``: the longest snippet is kept;
    rulebook text is never replaced."""

    def __init__(self, exported_at: datetime | None, language: str):
        self.exported_at = exported_at
        # The edition's: the books a file cites are all in its language (Catalogue).
        self.language = language
        self.wanted: dict[PassageKey, str] = {}  # place -> its longest snippet, or ""

    def want(self, document_id: int, page: int | None, heading_path: str, text: str = "") -> None:
        key = (document_id, page, heading_path or "")
        if key not in self.wanted or len(text or "") > len(self.wanted[key]):
            self.wanted[key] = text or ""

    def save(self) -> tuple[dict[PassageKey, Passage], list[Passage]]:
        """Every passage asked for by its key, and those created or changed (to index)."""
        if not self.wanted:
            return {}, []
        # A few more than wanted, in one query by the unique index.
        documents, pages, headings = (set(column) for column in zip(*self.wanted, strict=True))
        on_pages = Q(page__in=pages - {None})
        if None in pages:
            on_pages |= Q(page__isnull=True)
        stored = Passage.objects.filter(
            on_pages, document_id__in=documents, heading_path__in=headings
        )
        stored = stored.annotate(stored_length=Length("text"))
        stored = stored.only("document_id", "page", "heading_path", "text_origin")
        found = {(p.document_id, p.page, p.heading_path): p for p in stored}
        created, changed, rulebook = [], [], Passage.TextOrigin.RULEBOOK
        for key, text in self.wanted.items():
            passage = found.get(key)
            if passage is None:
                document_id, page, heading = key
                passage = Passage(
                    document_id=document_id, page=page, heading_path=heading, language=self.language
                )
                passage.anchor = make_anchor(page, heading)
                found[key] = passage
                self._take_snippet(passage, text)
                created.append(passage)
            elif passage.text_origin != rulebook and len(text) > passage.stored_length:
                self._take_snippet(passage, text)
                changed.append(passage)
        Passage.objects.bulk_create(created)
        Passage.objects.bulk_update(changed, ["text", "text_origin", "text_exported_at"])
        return found, created + changed

    def _take_snippet(self, passage: Passage, text: str) -> None:
        if text:
            passage.text = text
            passage.text_origin = Passage.TextOrigin.SEARCH_SNIPPET
            passage.text_exported_at = self.exported_at
