"""Write a parsed export into the database: game, edition, documents, passages, ruling.

``import_file(path)`` is the one way a single export file gets in: the demo loader calls
it, and the ``import_rulings`` command calls it for every file that is not a new ruling
(new rulings it writes a group of files at a time with these same steps, ``groups.py``).
One file is one transaction: it lands whole, with a revision of the ruling, or not at all.
Re-importing the same export changes nothing; a changed export updates the ruling unless an
editor has already reviewed it (then only its provenance is refreshed); a copy that would
replace the stored provenance with less is refused (see ``reimport.py``).

Writes are in bulk, so a file costs the same ten or so queries whether it has one citation
or a hundred: editions and documents come from the run's ``Catalogue``, passages are
written by a ``PassageWriter`` (and indexed for search by the run, in batches), and
citations are copied in with one statement (``rows.py``). A new ruling's revision, history line and
references are written by the run for many files at once (``bookkeeping.py``); an updated
ruling's, in its own file's transaction, with the reference index updated once, after
everything it indexes is written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from wagtail.models import ReferenceIndex
from wagtail.signal_handlers import disable_reference_index_auto_update

from rulings.importers.catalogue import Catalogue
from rulings.importers.passages import PassageKey, PassageWriter
from rulings.importers.read.files import parse_file
from rulings.importers.read.hashing import digest_of, is_unchanged
from rulings.importers.read.limits import ImportLimits
from rulings.importers.read.parsed import ImportRefused, ParsedRuling, Reference
from rulings.importers.reimport import Identity, find_stored, losses_message, provenance_losses
from rulings.importers.rows import copy_rows
from rulings.importers.run import ImportRun
from rulings.models import Citation, Document, Edition, Ruling

__all__ = ["ImportResult", "import_file", "import_parsed"]

NO_ERRATA_RE = re.compile(r"registers\s+NO\s+errata", re.IGNORECASE)

# Ruling field <- parsed export attribute: the answer (kept when an editor has settled the
# ruling) and the provenance (always refreshed).
ANSWER_FIELDS = {
    "question": "question",
    "answer": "answer_markdown",
    "outcome": "outcome",
    "outcome_label": "outcome_label",
    "abstain_rationale": "abstain_rationale",
    "closing_line": "closing_line",
}
PROVENANCE_FIELDS = {
    "answerer": "answerer",
    "answered_at": "recorded_at",
    "timings": "timings",
    "tokens_in": "tokens_in",
    "tokens_out": "tokens_out",
    "retrieval": "retrieval_refs",
    "errata_statement": "errata_statement",
    "source_file": "filename",
}


class ImportResult:
    CREATED, UPDATED, UNCHANGED, KEPT = "created", "updated", "unchanged", "kept (reviewed)"

    def __init__(self, ruling, outcome, parsed=None):
        self.ruling, self.outcome, self.parsed = ruling, outcome, parsed


def import_file(
    path,
    limits: ImportLimits | None = None,
    run: ImportRun | None = None,
    parsed: ParsedRuling | None = None,
):
    """Read, check and store one export file in one transaction; the ruling gets a revision
    (a new one from the run, when the run writes its bookkeeping).

    Raises ImportRefused (naming the file and line) when the file is refused; then nothing
    from it has been written. A run over many files passes one ``run`` to every call, and
    ``parsed`` when the file was already read ahead (``read_ahead.py``).
    """
    return import_parsed(parsed if parsed is not None else parse_file(path, limits), run)


def import_parsed(parsed: ParsedRuling, run: ImportRun | None = None) -> ImportResult:
    """Store an already parsed and validated export, as ``import_file`` does."""
    if run is None:
        with ImportRun() as one_file:
            return import_parsed(parsed, one_file)
    written: list = []
    try:
        with transaction.atomic():
            # Each citation written, and the revision's save, would re-index the ruling's
            # references (quadratic in the number of citations); it is indexed once, last.
            with disable_reference_index_auto_update():
                result = _store(parsed, run.catalogue, written)
                if result.outcome in (ImportResult.UPDATED, ImportResult.KEPT):
                    # No full_clean(): every value was checked against the import limits
                    # before anything was written, and the database holds the constraints;
                    # cleaning the saved row again could only refuse what is already there.
                    result.ruling.save_revision(log_action=True, clean=False)
            if result.outcome in (ImportResult.UPDATED, ImportResult.KEPT):
                ReferenceIndex.create_or_update_for_object(result.ruling)
    except BaseException:
        run.file_rolled_back()
        raise
    # A new ruling's revision, history and references are written by the run, in bulk
    # (bookkeeping.py); so is those of a ruling whose run ended before writing them.
    changed = [result.ruling] if result.outcome != ImportResult.UNCHANGED else []
    created = result.outcome == ImportResult.CREATED
    if result.outcome == ImportResult.UNCHANGED and result.ruling.latest_revision_id is None:
        created = True
    run.file_committed(written, changed, created=result.ruling if created else None)
    result.parsed = parsed
    return result


def _store(parsed: ParsedRuling, catalogue: Catalogue, written: list) -> ImportResult:
    identity = Identity.of_parsed(parsed)
    digest = digest_of(parsed)
    ruling = find_stored(parsed, identity)
    if ruling is not None and is_unchanged(parsed, ruling.import_hash):
        return ImportResult(ruling, ImportResult.UNCHANGED)
    answer_kept = ruling is not None and ruling.status in Ruling.Status.decided()
    if ruling is not None:
        lost = provenance_losses(ruling, parsed, answer_kept)
        if lost:
            raise ImportRefused(parsed.filename, None, losses_message(ruling, lost))

    edition = catalogue.edition(parsed)
    passages = PassageWriter(parsed.recorded_at, written)
    want_retrieved_passages(parsed, edition, catalogue, passages)
    if answer_kept:
        # An editor has settled this ruling; keep their answer, refresh provenance only.
        passages.save()
        apply_provenance(ruling, parsed, digest, identity)
        ruling.save(search_index=False)  # indexed by the run, in batches
        return ImportResult(ruling, ImportResult.KEPT)
    return _write_ruling(parsed, ruling, edition, catalogue, passages, digest, identity)


def _write_ruling(parsed, ruling, edition, catalogue, passages, digest, identity):
    cited = plan_citations(parsed, edition, catalogue, passages)
    found = passages.save()
    created = ruling is None
    if created:
        ruling = Ruling(edition=edition, origin=Ruling.Origin.EXPORT, status=Ruling.Status.IMPORTED)
    ruling.edition = edition
    citations = answer_from_export(ruling, parsed, digest, identity, cited, found)
    ruling.save(refresh_flags=False, search_index=False)  # indexed by the run, in batches
    if not created:
        Citation.objects.filter(ruling=ruling).delete()
    for citation in citations:
        citation.ruling = ruling
    copy_rows(citations)
    record_errata_statement(edition, parsed)
    return ImportResult(ruling, ImportResult.CREATED if created else ImportResult.UPDATED)


def answer_from_export(ruling, parsed, digest, identity, cited, found, superseding=None):
    """Give ``ruling`` the export's answer, provenance and flags; return its citations,
    not yet saved.

    The flags come from the citations about to be written, so the ruling is saved once
    with them rather than saved, flagged without citations and flagged again.
    ``superseding`` as for ``Ruling.flags_for``.
    """
    copy_fields(ruling, parsed, ANSWER_FIELDS)
    apply_provenance(ruling, parsed, digest, identity)
    citations = build_citations(ruling, cited, found)
    ruling.flags = ruling.flags_for(citations, superseding)
    ruling.flag_count = len(ruling.flags)
    return citations


def _document_titles(parsed: ParsedRuling) -> dict[str, tuple[str, str]]:
    """Exporter document id -> (title, kind), from the references that cite it."""
    titles = {}
    for ref, raw in zip(parsed.references, parsed.citations_raw, strict=False):
        doc_id = raw.get("sharpsignalDocId") if isinstance(raw, dict) else None
        if doc_id is not None:
            titles[str(doc_id)] = (ref.document_title, ref.kind)
    return titles


def want_retrieved_passages(parsed, edition, catalogue, passages: PassageWriter) -> None:
    """Every passage the search returned, with its snippet, keyed by the exporter's doc id."""
    titles = _document_titles(parsed)
    for ref in parsed.retrieval_refs:
        if isinstance(ref, dict) and ref.get("sharpsignalDocId") is not None:
            doc_id = str(ref["sharpsignalDocId"])
            title, kind = titles.get(doc_id, ("", "RULEBOOK"))
            document = catalogue.by_external_id(edition, doc_id, title, kind)
            passages.want(
                document.pk, ref.get("page"), ref.get("headingPath", ""), ref.get("snippet") or ""
            )


@dataclass
class _Cited:
    """Where citation [n] points, before its passage exists."""

    ref: Reference
    document: Document | None
    page: int | None
    heading_path: str
    quote: str

    @property
    def passage_key(self) -> PassageKey | None:
        if self.document is None or self.page is None:
            return None
        return (self.document.pk, self.page, self.heading_path)


def plan_citations(parsed, edition, catalogue, passages: PassageWriter) -> list[_Cited]:
    """Resolve each reference to a document and place; ask ``passages`` for the passage."""
    titles = _document_titles(parsed)
    raw_by_position = list(parsed.citations_raw)
    cited = []
    for position, ref in enumerate(parsed.references):
        raw = raw_by_position[position] if position < len(raw_by_position) else {}
        raw = raw if isinstance(raw, dict) else {}
        if raw.get("sharpsignalDocId") is not None:
            doc_id = str(raw["sharpsignalDocId"])
            title, kind = titles.get(doc_id, ("", "RULEBOOK"))
            document = catalogue.by_external_id(edition, doc_id, title, kind)
        else:
            document = catalogue.by_title(edition, ref.document_title, ref.kind)
        page = raw.get("page", ref.page)
        heading = raw.get("headingPath") or ref.heading_path or ""
        entry = _Cited(ref, document, page, heading, raw.get("quote") or "")
        if entry.passage_key is not None:
            passages.want(*entry.passage_key)
        cited.append(entry)
    return cited


def build_citations(ruling: Ruling, cited: list[_Cited], found: dict) -> list[Citation]:
    """The Citation rows of ``ruling``, in the export's order (keys given by value: a
    group of files builds thousands, and setting each related object costs more)."""
    return [
        Citation(
            ruling_id=ruling.pk,
            sort_order=position,
            n=entry.ref.n,
            passage_id=found[entry.passage_key].pk if entry.passage_key else None,
            document_id=entry.document.pk if entry.document else None,
            document_title=entry.ref.document_title,
            page=entry.page,
            heading_path=entry.heading_path,
            quote=entry.quote,
        )
        for position, entry in enumerate(cited)
    ]


def apply_provenance(ruling, parsed, digest, identity):
    # A copy that kept its timestamp gives a ruling stored without one its full key.
    ruling.import_key = identity.import_key
    ruling.question_key = identity.question_key
    copy_fields(ruling, parsed, PROVENANCE_FIELDS)
    ruling.provenance = {
        **parsed.provenance,
        "citations_raw": parsed.citations_raw,
        "warnings": parsed.warnings,
    }
    ruling.import_hash = digest


def copy_fields(ruling, parsed, fields):
    for field, attribute in fields.items():
        setattr(ruling, field, getattr(parsed, attribute))


def record_errata_statement(edition: Edition, parsed: ParsedRuling) -> None:
    """An export that states the edition has no errata cards dates that registry check.

    ``edition`` comes from the run's catalogue and may be older than the database (an
    editor may have recorded a card since), so the date is only ever moved forward, in
    the database itself.
    """
    if parsed.recorded_at and NO_ERRATA_RE.search(parsed.errata_statement or ""):
        checked = parsed.recorded_at.date()
        if edition.errata_checked_on is None or checked > edition.errata_checked_on:
            older = Q(errata_checked_on__isnull=True) | Q(errata_checked_on__lt=checked)
            Edition.objects.filter(older, pk=edition.pk).update(errata_checked_on=checked)
            edition.errata_checked_on = checked
