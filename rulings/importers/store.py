"""Importing export files (the command and the admin's import page): each file stored whole
in one transaction, or not at all. An unchanged export writes nothing; a changed one updates
the ruling, or only its provenance once an editor has settled it."""

import logging
import re
import traceback as tracebacks

from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import Q, prefetch_related_objects
from django.utils import timezone, translation
from wagtail.log_actions import log
from wagtail.models import ReferenceIndex, Revision

from catalogue.models import Document, Edition, Passage
from core.admin_search_backend import index_for_search
from core.cache_tags import LISTS, bump, game_errata, game_rulings, gathered, of_game
from core.cache_tags import ruling as ruling_tag
from core.freshness import refresh_statuses
from core.translated_fields import write_in_language
from rulings.importers.catalogue import Catalogue, Passages
from rulings.importers.files import parse_file
from rulings.importers.identity import Identity, find_stored, refuse_losses, stored_rulings
from rulings.importers.parsed import (
    ImportRefused,
    ParsedRuling,
    Reference,
    digest_of,
    import_limits,
    is_unchanged,
)
from rulings.models import Citation, Ruling
from rulings.models.rulings import unique_slug

logger = logging.getLogger(__name__)

NO_ERRATA_RE = re.compile(r"registers\s+NO\s+errata", re.IGNORECASE)


REFUSED = "refused"


class ImportResult:
    """One file's outcome; in a report, with its path and refusal or warnings."""

    CREATED, UPDATED, UNCHANGED, KEPT = "created", "updated", "unchanged", "kept (reviewed)"

    def __init__(self, ruling, outcome, path=None, refusal="", warnings=()):
        self.ruling, self.outcome, self.path = ruling, outcome, path
        self.refusal, self.warnings = refusal, warnings


class ImportRun:
    """What one import's files share: the catalogue, and problems after commit (reported)."""

    def __init__(self):
        self.catalogue = Catalogue()
        self.problems: list[str] = []

    def committed(self, ruling: Ruling, passages: list[Passage]) -> None:
        try:
            index_for_search(Passage, passages)
            index_for_search(Ruling, [ruling])
        except Exception as error:  # noqa: BLE001 - reported; the file is committed
            logger.exception("Imported passages and rulings not added to the search index")
            self.problems.append(
                f"{ruling.source_file}: not added to the search index ({type(error).__name__}: "
                f"{error}); `manage.py update_index` adds it"
            )


def import_paths(paths, *, on_file, name=str, traceback=False):
    """Import every file, calling ``on_file`` with each ImportResult; a refused file writes
    nothing. Returns the results and the problems found after a file was committed."""
    limits, run, results = import_limits(), ImportRun(), []
    with translation.override(settings.LANGUAGE_CODE):
        for path in paths:
            try:
                parsed = parse_file(path, limits)
                stored = import_parsed(parsed, run)
            except Exception as error:  # noqa: BLE001 - refused, the import goes on
                result = ImportResult(None, REFUSED, path, refusal(name(path), error, traceback))
            else:
                # Only what a report shows is kept: memory stays flat over a large folder.
                ruling = Ruling(pk=stored.ruling.pk, edition=stored.ruling.edition)
                ruling.slug, ruling.question = stored.ruling.slug, stored.ruling.question
                result = ImportResult(ruling, stored.outcome, path, warnings=parsed.warnings)
            results.append(result)
            on_file(result)
    return results, run.problems


def refusal(path, error, traceback=False):
    if isinstance(error, ImportRefused):
        where = path if error.line is None else f"{path}:{error.line}"
        return f"{where}: {error.message}"
    if isinstance(error, OSError):
        return f"{path}: cannot read ({error.strerror})"
    if traceback:
        tracebacks.print_exception(error)
    what = "the database refused it" if isinstance(error, DatabaseError) else "unexpected error"
    first_line = (str(error).strip().splitlines() or [""])[0]
    return (
        f"{path}: {what} ({type(error).__name__}: {first_line}); nothing from this file was "
        "written (--traceback shows where)"
    )


def import_file(path, run: ImportRun | None = None):
    """Read, check and store one export file; on ImportRefused or a database error, nothing."""
    return import_parsed(parse_file(path), run)


def import_parsed(parsed: ParsedRuling, run: ImportRun | None = None) -> ImportResult:
    run = run or ImportRun()
    try:
        with transaction.atomic(), gathered():
            result, passages = _store(parsed, run.catalogue)
            ruling = result.ruling
            if result.outcome != ImportResult.UNCHANGED or ruling.latest_revision_id is None:
                _save_revision(ruling)
                ReferenceIndex.create_or_update_for_object(ruling)
                refresh_statuses(Ruling, [ruling.pk])  # written without save()'s signals
                bump({ruling_tag(ruling.pk), LISTS, game_rulings(ruling.edition.game_id)})
            if passages:
                bump(of_game(ruling.edition.game_id))
    except BaseException:
        run.catalogue.forget()
        raise
    if result.outcome != ImportResult.UNCHANGED:
        run.committed(result.ruling, passages)
    return result


def _save_revision(ruling: Ruling) -> None:
    """Record a revision and history line and, when live, publish it in one update: Wagtail's
    publish would save the ruling and each citation again."""
    prefetch_related_objects([ruling], "citations", "corrections")
    created = ruling.latest_revision_id is None
    ruling.latest_revision = Revision.objects.create(
        content_object=ruling,
        base_content_type=ruling.get_base_content_type(),
        content=ruling.serializable_data(),
        object_str=str(ruling),
    )
    action = "wagtail.create" if created else "wagtail.edit"
    log(instance=ruling, action=action, revision=ruling.latest_revision, content_changed=True)
    fields = ["latest_revision"]
    if ruling.live:
        now = timezone.now()
        ruling.has_unpublished_changes, ruling.live_revision = False, ruling.latest_revision
        ruling.first_published_at = ruling.first_published_at or ruling.answered_at or now
        ruling.last_published_at = now
        fields += ["has_unpublished_changes", "live_revision"]
        fields += ["first_published_at", "last_published_at"]
    Ruling.objects.filter(pk=ruling.pk).update(**{name: getattr(ruling, name) for name in fields})


def _store(parsed: ParsedRuling, catalogue: Catalogue) -> tuple[ImportResult, list[Passage]]:
    identity = Identity.of_parsed(parsed)
    ruling = find_stored(parsed, identity)
    if ruling is not None and is_unchanged(parsed, ruling.import_hash):
        return ImportResult(ruling, ImportResult.UNCHANGED), []
    answer_kept = False
    if ruling is not None:
        ruling = stored_rulings().get(pk=ruling.pk)  # with its provenance, to compare
        answer_kept = ruling.status in Ruling.Status.decided()
        refuse_losses(ruling, parsed, answer_kept)

    edition = catalogue.edition(parsed)
    passages = Passages(parsed.recorded_at, edition.language)
    cited = _want_passages(parsed, edition, catalogue, passages, cite=not answer_kept)
    found, written = passages.save()
    if answer_kept:
        _apply_provenance(ruling, parsed, identity)
        _write(ruling)
        ruling.refresh_flags()  # the token counts are among their inputs
        return ImportResult(ruling, ImportResult.KEPT), written

    created = ruling is None
    if created:
        ruling = Ruling(origin=Ruling.Origin.EXPORT, status=Ruling.Status.IMPORTED)
    ruling.edition = edition
    write_in_language(
        ruling,
        edition.language,
        question=parsed.question,
        answer=parsed.answer_markdown,
        abstain_rationale=parsed.abstain_rationale,
        closing_line=parsed.closing_line,
    )
    ruling.outcome, ruling.outcome_label = parsed.outcome, parsed.outcome_label
    _apply_provenance(ruling, parsed, identity)
    citations = [citation for citation, _key in cited]
    for citation, key in cited:
        citation.passage = found[key] if key else None
    ruling.flags = ruling.flags_for(citations)
    ruling.flag_count = len(ruling.flags)
    _write(ruling)
    # A stored citation is rewritten in place (deleting it would send a signal per row).
    stored = {} if created else dict(Citation.objects.filter(ruling=ruling).values_list("n", "pk"))
    for citation in citations:
        citation.ruling, citation.pk = ruling, stored.pop(citation.n, None)
    fields = [f.name for f in Citation._meta.concrete_fields if not f.primary_key]
    Citation.objects.bulk_update([c for c in citations if c.pk], fields)
    Citation.objects.bulk_create([c for c in citations if not c.pk])
    if stored:  # numbers the export no longer has
        Citation.objects.filter(pk__in=stored.values()).delete()
    _record_errata_statement(edition, parsed)
    outcome = ImportResult.CREATED if created else ImportResult.UPDATED
    return ImportResult(ruling, outcome), written


def _write(ruling: Ruling) -> None:
    """The row as save() would write it, without signals: import_parsed rebuilds the
    references once."""
    ruling.changed_for_readers_at = ruling.news_at()
    if ruling.pk is None:
        ruling.slug = unique_slug(ruling)
        Ruling.objects.bulk_create([ruling])
    else:
        ruling.updated_at = timezone.now()
        fields = Ruling._meta.concrete_fields
        names = [f.name for f in fields if not (f.primary_key or f.generated)]
        Ruling.objects.bulk_update([ruling], names)


def _document(raw: dict, ref: Reference, titles: dict, edition, catalogue) -> Document | None:
    """The document by the exporter's id when given, else by the reference's title."""
    if raw.get("sharpsignalDocId") is None:
        return catalogue.by_title(edition, ref.document_title, ref.kind)
    doc_id = str(raw["sharpsignalDocId"])
    title, kind = titles.get(doc_id, ("", "RULEBOOK"))
    return catalogue.by_external_id(edition, doc_id, title, kind)


def _want_passages(parsed, edition, catalogue, passages: Passages, cite: bool) -> list[tuple]:
    """Ask for the retrieved passages and, with ``cite``, the cited ones; returns each
    citation, unsaved, with its passage's key (None: no page)."""
    titles = {}  # the exporter's document id -> (title, kind), from the references
    for ref, raw in zip(parsed.references, parsed.citations_raw, strict=False):
        if isinstance(raw, dict) and raw.get("sharpsignalDocId") is not None:
            titles[str(raw["sharpsignalDocId"])] = (ref.document_title, ref.kind)
    for raw in parsed.retrieval_refs:
        if isinstance(raw, dict) and raw.get("sharpsignalDocId") is not None:
            document = _document(raw, None, titles, edition, catalogue)
            page, heading = raw.get("page"), raw.get("headingPath", "")
            passages.want(document.pk, page, heading, raw.get("snippet") or "")
    raws = list(parsed.citations_raw)
    cited = []
    for position, ref in enumerate(parsed.references if cite else []):
        raw = raws[position] if position < len(raws) and isinstance(raws[position], dict) else {}
        document = _document(raw, ref, titles, edition, catalogue)
        page = raw.get("page", ref.page)
        heading = raw.get("headingPath") or ref.heading_path or ""
        key = (document.pk, page, heading) if document and page is not None else None
        if key is not None:
            passages.want(*key)
        citation = Citation(
            sort_order=position,
            n=ref.n,
            document=document,
            document_title=ref.document_title,
            page=page,
            heading_path=heading,
            quote=raw.get("quote") or "",
        )
        cited.append((citation, key))
    return cited


def _apply_provenance(ruling, parsed, identity):
    """What an import always refreshes, even once an editor has settled the answer."""
    ruling.import_key = identity.import_key
    ruling.question_key = identity.question_key
    ruling.answerer, ruling.answered_at = parsed.answerer, parsed.recorded_at
    ruling.timings, ruling.retrieval = parsed.timings, parsed.retrieval_refs
    ruling.tokens_in, ruling.tokens_out = parsed.tokens_in, parsed.tokens_out
    ruling.errata_statement, ruling.source_file = parsed.errata_statement, parsed.filename
    kept = {"citations_raw": parsed.citations_raw, "warnings": parsed.warnings}
    ruling.provenance = {**parsed.provenance, **kept}
    ruling.import_hash = digest_of(parsed)


def _record_errata_statement(edition: Edition, parsed: ParsedRuling) -> None:
    """An export saying "no errata" dates the registry check, only ever forward."""
    if parsed.recorded_at and NO_ERRATA_RE.search(parsed.errata_statement or ""):
        checked = parsed.recorded_at.date()
        if edition.errata_checked_on is None or checked > edition.errata_checked_on:
            older = Q(errata_checked_on__isnull=True) | Q(errata_checked_on__lt=checked)
            if Edition.objects.filter(older, pk=edition.pk).update(errata_checked_on=checked):
                # An update sends no signal: the registry's date is stale where it shows.
                bump({game_errata(edition.game_id)})
            edition.errata_checked_on = checked
