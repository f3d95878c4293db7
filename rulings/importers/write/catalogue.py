"""The editions and documents an import writes into, each read once per import.

A folder of exports names the same few editions and documents over and over: an edition
is read with all its documents (and its game's expansions' books) the first time a file
names it, and what the import creates is kept. A file rolled back may have created some
of it: ``forget()`` drops it all."""

from django.db.models import Q

from rulings.editions import EditionCode
from rulings.models import Document, Edition, Game


class Catalogue:
    def __init__(self):
        self.forget()

    def forget(self) -> None:
        self.editions: dict[str, Edition] = {}
        # Edition id -> documents by the exporter's id, and by title.
        self.ids: dict[int, dict[str, Document]] = {}
        self.titles: dict[int, dict[str, Document]] = {}

    def edition(self, parsed) -> Edition:
        """The edition of ``parsed``, created with its game when new; its exporter id kept."""
        edition = self.editions.get(parsed.edition_code)
        if edition is None:
            edition = Edition.objects.filter(code=parsed.edition_code).select_related("game")
            edition = self.editions[parsed.edition_code] = edition.first() or _new_edition(parsed)
            self.ids[edition.pk], self.titles[edition.pk] = {}, {}
            # An export on a base game may cite its expansions' books (in its language):
            # known ones are found by the exporter's id or title, after the edition's own.
            books = Q(edition=edition) | Q(
                edition__game__expansion_of=edition.game_id, edition__language=edition.language
            )
            for document in sorted(
                Document.objects.filter(books), key=lambda d: d.edition_id != edition.pk
            ):
                self._add(edition, document)
        if parsed.external_edition_id and edition.external_id != parsed.external_edition_id:
            edition.external_id = parsed.external_edition_id
            edition.save(update_fields=["external_id"])
        return edition

    def _add(self, edition: Edition, document: Document) -> Document:
        if document.external_id:
            self.ids[edition.pk].setdefault(document.external_id, document)
        # Two documents with one title: the one the edition lists first (by kind).
        titled = self.titles[edition.pk]
        held = titled.get(document.title)
        if held is None or (document.kind, document.pk) < (held.kind, held.pk):
            titled[document.title] = document
        return document

    def by_external_id(self, edition: Edition, external_id, title: str, kind: str) -> Document:
        """The edition's document with the exporter's id, created (titled) when new."""
        external_id = str(external_id)
        document = self.ids[edition.pk].get(external_id)
        if document is None:
            title = title or f"Document {external_id}"
            document = self._create(edition, title, kind, external_id=external_id)
        return document

    def by_title(self, edition: Edition, title: str, kind: str) -> Document | None:
        """The edition's document with this title, created when new; None without a title."""
        document = self.titles[edition.pk].get(title)
        if document is None and title:
            document = self._create(edition, title, kind)
        return document

    def _create(self, edition: Edition, title: str, kind: str, **fields) -> Document:
        """A new document; an unknown KIND word ("RULEBOOK", "FAQ") makes a rulebook."""
        kinds = {choice.upper(): choice for choice in Document.Kind.values}
        kind = kinds.get((kind or "").upper().replace(" ", "_"), Document.Kind.RULEBOOK)
        document = Document.objects.create(edition=edition, title=title, kind=kind, **fields)
        return self._add(edition, document)


def _new_edition(parsed) -> Edition:
    code = EditionCode.parse(parsed.edition_code)
    game = Game.objects.filter(bgg_id=code.bgg_id).first() or Game.objects.create(
        name=parsed.game_name, slug=Game.free_slug(parsed.game_name), bgg_id=code.bgg_id
    )
    return Edition.objects.create(
        game=game,
        code=parsed.edition_code,
        language=code.language,
        label=f"Edition {code.number} ({code.language})",
        external_id=parsed.external_edition_id,
    )
