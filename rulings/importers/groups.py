"""Consecutive new exports written together: a group of files in one transaction.

A folder of exports is mostly new rulings. Written file by file, each one costs its own
transaction and the same eight or so statements (is it stored? its passages read, inserted
and updated, its slug, the errata cards over its passages, the ruling, its citations),
whatever it holds; that round trip, not the work, was most of an import's time. Here the
new files among ``GROUP`` consecutive ones are written with those statements once for all
of them.

What a file promises stays as it was:

- **It lands whole or not at all.** A group is one transaction; if anything in it fails,
  nothing of the group is kept and each of its files is imported again on its own
  (``store.import_parsed``), so a file that cannot be written is refused exactly as before,
  with its own message, and every other file still lands.
- **The same end state as one file after another.** Only new rulings are grouped: a file
  whose ruling is stored, or that is the same ruling as an earlier file of the batch (a
  re-export, a cut copy), is imported on its own, after the files before it. Passages take
  the longest snippet with its own export's date, as successive files would leave them;
  slugs are numbered in file order.
- **Refusals before writing are unchanged:** files are read and checked before they reach
  a group, and one that is refused never joins one.

A file that is the stored ruling exactly as it was imported (the same content hash, its
revision written) is found unchanged from the batch's one lookup: re-importing a folder
costs no query and no transaction per unchanged file. Only when no earlier file of the
batch could have changed that ruling (none asks the same question of the same edition);
otherwise it is imported on its own, as any other stored ruling.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from django.db import DatabaseError, connection, transaction
from django.db.models import Q
from wagtail.signal_handlers import disable_reference_index_auto_update

from rulings.importers.passages import PassageWriter
from rulings.importers.read.hashing import digest_of, is_unchanged
from rulings.importers.read.parsed import ParsedRuling
from rulings.importers.reimport import Identity
from rulings.importers.rows import copy_rows, rows_table
from rulings.importers.run import ImportRun
from rulings.importers.store import (
    ImportResult,
    answer_from_export,
    import_parsed,
    plan_citations,
    record_errata_statement,
    want_retrieved_passages,
)
from rulings.models import ErrataCard, Ruling
from rulings.models.rulings import next_free_slug, slug_base

__all__ = ["GROUP", "import_batch"]

# Files per group: enough that the per-file round trips vanish, few enough that a group
# that must be redone file by file costs little and memory stays flat.
GROUP = 50


@dataclass
class _Chunk:
    """Consecutive files of a batch: new rulings written together, or one other file."""

    files: list[tuple[Path, ParsedRuling]]
    new: bool = False
    # The stored ruling this one file is, unchanged: nothing to write.
    unchanged: Ruling | None = None


@dataclass
class Outcome:
    """What became of one file of a batch: its result, or the error that refused it."""

    path: Path
    result: ImportResult | None = None
    error: Exception | None = None


def import_batch(batch: list[tuple[Path, ParsedRuling]], run: ImportRun) -> Iterator[Outcome]:
    """Import parsed exports in their order; yield each file's outcome, in that order."""
    try:
        chunks = list(_chunks(batch))
    except DatabaseError:
        # The batch could not even be looked up: each file is tried, and refused, alone.
        chunks = [_Chunk([item]) for item in batch]
    for each in chunks:
        chunk = each.files
        if each.unchanged is not None:
            [(path, parsed)] = chunk
            yield Outcome(path, ImportResult(each.unchanged, ImportResult.UNCHANGED, parsed))
            continue
        if each.new and len(chunk) > 1:
            try:
                results, written, citations = _write_new(chunk, run)
            except Exception:  # noqa: BLE001 - nothing was kept; each file is tried alone
                run.file_rolled_back()
            else:
                # Committed: what follows is the run's, and never makes the files retried.
                rulings = [result.ruling for result in results]
                run.group_committed(written, rulings, citations=citations)
                for (path, _parsed), result in zip(chunk, results, strict=True):
                    yield Outcome(path, result)
                continue
        for path, parsed in chunk:
            try:
                yield Outcome(path, import_parsed(parsed, run))
            except Exception as error:  # noqa: BLE001 - reported by the caller, per file
                yield Outcome(path, error=error)


def _chunks(batch) -> Iterator[_Chunk]:
    """The batch as consecutive runs of new rulings (grouped), files found unchanged, and
    single other files."""
    identities = [Identity.of_parsed(parsed) for _path, parsed in batch]
    stored = _Stored(batch, identities)
    seen_keys, seen_questions = set(), set()
    chunk: list = []
    for item, identity in zip(batch, identities, strict=True):
        timed = identity.timed
        keys = {identity.import_key, identity.untimed_key} if timed else {identity.import_key}
        known = keys & (stored.keys | seen_keys) or (
            not timed and identity.question_key in (stored.questions | seen_questions)
        )
        # An earlier file of the batch asking the same question may change the ruling.
        unchanged = (
            None if identity.question_key in seen_questions else stored.unchanged(item[1], identity)
        )
        seen_keys.add(identity.import_key)
        seen_questions.add(identity.question_key)
        if known:
            if chunk:
                yield _Chunk(chunk, new=True)
                chunk = []
            yield _Chunk([item], unchanged=unchanged)
        else:
            chunk.append(item)
    if chunk:
        yield _Chunk(chunk, new=True)


class _Stored:
    """What is stored of a batch's rulings, in one query (the lookups
    ``reimport.find_stored`` makes file by file): the import keys stored, the stored
    questions of its untimed copies, and the rulings its files name by import key, with
    just what tells an unchanged file and gives its address."""

    FIELDS = ("import_key", "question_key", "import_hash", "latest_revision", "slug", "edition")

    def __init__(self, batch, identities):
        keys, questions = set(), set()
        for _item, identity in zip(batch, identities, strict=True):
            keys |= {identity.import_key, identity.untimed_key}
            if not identity.timed:
                questions.add(identity.question_key)
        rows = Ruling.objects.filter(Q(import_key__in=keys) | Q(question_key__in=questions))
        rows = rows.select_related("edition").only(*self.FIELDS, "edition__code")
        self.keys, self.questions = set(), set()
        self.by_key: dict[str, Ruling] = {}
        for ruling in rows:
            self.keys.add(ruling.import_key)
            self.by_key[ruling.import_key] = ruling
            if ruling.question_key in questions:
                self.questions.add(ruling.question_key)

    def unchanged(self, parsed: ParsedRuling, identity: Identity) -> Ruling | None:
        """The stored ruling ``parsed`` is, if importing it would change nothing: the one
        ``find_stored`` finds first (by its own import key), with the same content hash
        and its revision written (``store.import_parsed`` makes the same checks)."""
        ruling = self.by_key.get(identity.import_key)
        if (
            ruling is not None
            and is_unchanged(parsed, ruling.import_hash)
            and ruling.latest_revision_id is not None
        ):
            return ruling
        return None


def _write_new(chunk, run: ImportRun) -> tuple[list[ImportResult], list, list[list]]:
    """Write new rulings for every file of ``chunk`` in one transaction, as ``store`` would
    one by one; raises (and keeps nothing) on any failure. Returns each file's result, the
    passages written and each ruling's citations."""
    written: list = []
    with transaction.atomic(), disable_reference_index_auto_update():
        passages = PassageWriter(None, written)
        planned = []
        for _path, parsed in chunk:
            edition = run.catalogue.edition(parsed)
            passages.exported_at = parsed.recorded_at
            want_retrieved_passages(parsed, edition, run.catalogue, passages)
            cited = plan_citations(parsed, edition, run.catalogue, passages)
            planned.append((parsed, edition, cited))
        found = passages.save()
        superseding = ErrataCard.objects.superseding(p.pk for p in found.values())
        slugs = _Slugs([(edition.pk, parsed.question) for parsed, edition, _cited in planned])
        rulings, citations = [], []
        for parsed, edition, cited in planned:
            ruling = Ruling(
                edition=edition, origin=Ruling.Origin.EXPORT, status=Ruling.Status.IMPORTED
            )
            identity = Identity.of_parsed(parsed)
            own = answer_from_export(
                ruling, parsed, digest_of(parsed), identity, cited, found, superseding
            )
            ruling.slug = slugs.next(edition.pk, parsed.question)
            rulings.append(ruling)
            citations.append(own)
        copy_rows(rulings, keys=True)
        for ruling, own in zip(rulings, citations, strict=True):
            for citation in own:
                citation.ruling_id = ruling.pk
        # With their keys: the rulings' revisions are written from these very rows.
        copy_rows([c for own in citations for c in own], keys=True)
        for parsed, edition, _cited in planned:
            record_errata_statement(edition, parsed)
    results = [
        ImportResult(ruling, ImportResult.CREATED, parsed)
        for ruling, (_path, parsed) in zip(rulings, chunk, strict=True)
    ]
    return results, written, citations


class _Slugs:
    """New rulings' slugs for a group, numbered in file order as ``unique_slug`` would
    number them one save at a time, from one query for every slug they could clash with
    (those of the same edition that begin with the same base; the bases are joined as a
    rows table, which costs less to send than a condition per base)."""

    def __init__(self, wanted: list[tuple[int, str]]):
        pairs = sorted({(edition_id, slug_base(question)) for edition_id, question in wanted})
        self.taken: dict[int, set[str]] = {edition_id: set() for edition_id, _base in pairs}
        table, params = rows_table("wanted", [("edition_id", "bigint"), ("base", "text")], pairs)
        quote = connection.ops.quote_name
        meta = Ruling._meta
        edition, slug = (quote(meta.get_field(name).column) for name in ("edition", "slug"))
        with connection.cursor() as cursor:
            cursor.execute(
                f"WITH {table} SELECT r.{edition}, r.{slug} FROM {quote(meta.db_table)} AS r "
                f"JOIN wanted AS w ON r.{edition} = w.edition_id "
                f"AND SUBSTR(r.{slug}, 1, LENGTH(w.base)) = w.base",
                params,
            )
            for edition_id, taken in cursor:
                self.taken[edition_id].add(taken)

    def next(self, edition_id: int, question: str) -> str:
        base = slug_base(question)
        edition = self.taken[edition_id]
        slug = next_free_slug(base, {s for s in edition if s.startswith(base)})
        edition.add(slug)
        return slug
