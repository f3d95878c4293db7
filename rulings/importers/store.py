"""Write a parsed export into the database: game, edition, documents, passages, ruling.

``import_file`` is one file in one transaction: it lands whole or not at all. Re-importing
the same export changes nothing; a changed export updates the ruling unless an editor has
already reviewed it (then only its provenance is refreshed); a copy that would replace the
stored provenance with less is refused (see ``reimport.py``).
"""

import re

from django.db import transaction
from django.utils.text import slugify
from wagtail.models import ReferenceIndex
from wagtail.signal_handlers import disable_reference_index_auto_update

from rulings.editions import EditionCode
from rulings.models import Citation, Document, Edition, Game, Passage, Ruling

from .files import parse_file
from .hashing import content_hash
from .limits import ImportLimits
from .parsed import ImportRefused, ParsedRuling
from .reimport import Identity, find_stored, losses_message, provenance_losses

NO_ERRATA_RE = re.compile(r"registers\s+NO\s+errata", re.IGNORECASE)


class ImportResult:
    CREATED, UPDATED, UNCHANGED, KEPT = "created", "updated", "unchanged", "kept (reviewed)"

    def __init__(self, ruling, outcome, parsed=None):
        self.ruling, self.outcome, self.parsed = ruling, outcome, parsed


def import_file(path, limits: ImportLimits | None = None) -> ImportResult:
    """Read, check and store one export file in one transaction; the ruling gets a revision.

    Raises ImportRefused (naming the file and line) when the file is refused; then nothing
    from it has been written.
    """
    parsed = parse_file(path, limits)
    with transaction.atomic():
        result = store(parsed)
        if result.outcome != result.UNCHANGED:
            result.ruling.save_revision(log_action=True)
    result.parsed = parsed
    return result


def edition_for(parsed: ParsedRuling) -> Edition:
    edition = Edition.objects.filter(code=parsed.edition_code).select_related("game").first()
    if edition is None:
        code = EditionCode.parse(parsed.edition_code)
        bgg_id = code.bgg_id
        game = Game.objects.filter(bgg_id=bgg_id).first()
        if game is None:
            game = Game.objects.create(
                name=parsed.game_name,
                slug=unique_game_slug(parsed.game_name),
                bgg_id=bgg_id,
            )
        edition = Edition.objects.create(
            game=game,
            code=parsed.edition_code,
            language=code.language,
            label=f"Edition {code.number} ({code.language})",
        )
    if parsed.external_edition_id and edition.external_id != parsed.external_edition_id:
        edition.external_id = parsed.external_edition_id
        edition.save(update_fields=["external_id"])
    return edition


def unique_game_slug(name):
    # Leave room for a "-N" suffix within the column.
    room = Game._meta.get_field("slug").max_length - 10
    base = (slugify(name) or "game")[:room].rstrip("-")
    slug, n = base, 2
    while Game.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


class DocumentIndex:
    """Finds or creates an edition's documents by exporter id, falling back to title."""

    def __init__(self, edition, parsed):
        self.edition = edition
        self.found = {}
        self.titles = {}
        for ref, raw in zip(parsed.references, parsed.citations_raw, strict=False):
            doc_id = raw.get("sharpsignalDocId") if isinstance(raw, dict) else None
            if doc_id is not None:
                self.titles[str(doc_id)] = (ref.document_title, ref.kind)

    def by_external_id(self, external_id):
        external_id = str(external_id)
        if external_id in self.found:
            return self.found[external_id]
        document = self.edition.documents.filter(external_id=external_id).first()
        if document is None:
            title, kind = self.titles.get(external_id, ("", "RULEBOOK"))
            document = Document.objects.create(
                edition=self.edition,
                external_id=external_id,
                title=title or f"Document {external_id}",
                kind=document_kind(kind),
            )
        self.found[external_id] = document
        return document

    def by_title(self, title, kind):
        document = self.edition.documents.filter(title=title).first()
        if document is None and title:
            document = Document.objects.create(
                edition=self.edition, title=title, kind=document_kind(kind)
            )
        return document


def document_kind(kind):
    kinds = {choice.upper(): choice for choice in Document.Kind.values}
    return kinds.get((kind or "").upper().replace(" ", "_"), Document.Kind.RULEBOOK)


def upsert_passage(document, page, heading_path, text="", exported_at=None):
    """The passage at this place; `text` is the search's snippet from an export of `exported_at`.

    The snippet is recorded as a snippet with its export's date, so it is never shown as
    the rulebook's words; an editor's rulebook text is never replaced by a snippet.
    """
    snippet = {"text_origin": Passage.TextOrigin.SEARCH_SNIPPET, "text_exported_at": exported_at}
    passage, created = Passage.objects.get_or_create(
        document=document,
        page=page,
        heading_path=heading_path or "",
        defaults={"text": text, **snippet} if text else {},
    )
    # Snippets are cut at 300 characters; keep the longest text seen for a passage.
    replaceable = passage.text_origin != Passage.TextOrigin.RULEBOOK
    if not created and text and replaceable and len(text) > len(passage.text):
        passage.text = text
        passage.text_origin = Passage.TextOrigin.SEARCH_SNIPPET
        passage.text_exported_at = exported_at
        passage.save(update_fields=["text", "text_origin", "text_exported_at"])
    return passage


def store(parsed: ParsedRuling) -> ImportResult:
    # Each citation save would re-index the whole ruling's references (quadratic in the
    # number of citations); index once, after the ruling and its citations are written.
    with disable_reference_index_auto_update():
        result = _store(parsed)
    if result.outcome != ImportResult.UNCHANGED:
        ReferenceIndex.create_or_update_for_object(result.ruling)
    return result


def _store(parsed: ParsedRuling) -> ImportResult:
    identity = Identity.of_parsed(parsed)
    digest = content_hash(parsed)
    ruling = find_stored(parsed, identity)
    if ruling is not None and ruling.import_hash == digest:
        return ImportResult(ruling, ImportResult.UNCHANGED)
    answer_kept = ruling is not None and ruling.status in Ruling.Status.decided()
    if ruling is not None:
        lost = provenance_losses(ruling, parsed, answer_kept)
        if lost:
            raise ImportRefused(parsed.filename, None, losses_message(ruling, lost))

    edition = edition_for(parsed)
    documents = DocumentIndex(edition, parsed)
    for ref in parsed.retrieval_refs:
        if isinstance(ref, dict) and ref.get("sharpsignalDocId") is not None:
            upsert_passage(
                documents.by_external_id(ref["sharpsignalDocId"]),
                ref.get("page"),
                ref.get("headingPath", ""),
                ref.get("snippet") or "",
                parsed.recorded_at,
            )

    if answer_kept:
        # An editor has settled this ruling; keep their answer, refresh provenance only.
        apply_provenance(ruling, parsed, digest, identity)
        ruling.save()
        return ImportResult(ruling, ImportResult.KEPT)

    created = ruling is None
    if created:
        ruling = Ruling(edition=edition, origin=Ruling.Origin.EXPORT)
    ruling.edition = edition
    ruling.question = parsed.question
    ruling.answer = parsed.answer_markdown
    ruling.outcome = parsed.outcome
    ruling.outcome_label = parsed.outcome_label
    ruling.abstain_rationale = parsed.abstain_rationale
    ruling.closing_line = parsed.closing_line
    apply_provenance(ruling, parsed, digest, identity)
    ruling.citations = build_citations(parsed, documents)
    ruling.save()
    record_errata_statement(edition, parsed)
    return ImportResult(ruling, ImportResult.CREATED if created else ImportResult.UPDATED)


def apply_provenance(ruling, parsed, digest, identity):
    # A copy that kept its timestamp gives a ruling stored without one its full key.
    ruling.import_key = identity.import_key
    ruling.question_key = identity.question_key
    ruling.answerer = parsed.answerer
    ruling.answered_at = parsed.recorded_at
    ruling.timings = parsed.timings
    ruling.tokens_in = parsed.tokens_in
    ruling.tokens_out = parsed.tokens_out
    ruling.retrieval = parsed.retrieval_refs
    ruling.provenance = {
        **parsed.provenance,
        "citations_raw": parsed.citations_raw,
        "warnings": parsed.warnings,
    }
    ruling.errata_statement = parsed.errata_statement
    ruling.source_file = parsed.filename
    ruling.import_hash = digest


def build_citations(parsed, documents):
    raw_by_position = list(parsed.citations_raw)
    citations = []
    for position, ref in enumerate(parsed.references):
        raw = raw_by_position[position] if position < len(raw_by_position) else {}
        raw = raw if isinstance(raw, dict) else {}
        if raw.get("sharpsignalDocId") is not None:
            document = documents.by_external_id(raw["sharpsignalDocId"])
        else:
            document = documents.by_title(ref.document_title, ref.kind)
        page = raw.get("page", ref.page)
        heading = raw.get("headingPath") or ref.heading_path
        passage = None
        if document is not None and page is not None:
            passage = upsert_passage(document, page, heading)
        citations.append(
            Citation(
                n=ref.n,
                passage=passage,
                document=document,
                document_title=ref.document_title,
                page=page,
                heading_path=heading or "",
                quote=raw.get("quote") or "",
            )
        )
    return citations


def record_errata_statement(edition, parsed):
    """An export that states the edition has no errata cards dates that registry check."""
    if parsed.recorded_at and NO_ERRATA_RE.search(parsed.errata_statement or ""):
        checked = parsed.recorded_at.date()
        if edition.errata_checked_on is None or checked > edition.errata_checked_on:
            edition.errata_checked_on = checked
            edition.save(update_fields=["errata_checked_on"])
