"""Reader and writer of the JSON equivalent of the text export: one object per ruling.

The keys are ParsedRuling's own field names (see docs/import-format.md), so a ruling can be written
by ``dump_json`` and read back by ``parse_json`` without loss. The shape is declared in
``json_schema``; this module finds where each value sits, so every refusal and warning
names its line. Pure Python, no Django.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict
from datetime import datetime

from rulings.editions import EDITION_CODE_SHAPE, EditionCode
from rulings.importers.read.bounded_json import JSONRefused, load_json
from rulings.importers.read.exported_values import (
    RETAINED_UNTIL,
    RETENTION_LINE,
    normalise_outcome,
    parse_recorded_at,
)
from rulings.importers.read.json_schema import (
    FORMAT_ID,
    JsonRuling,
    ValidationError,
    describe_error,
)
from rulings.importers.read.limits import ImportLimits
from rulings.importers.read.parsed import ExportFormatError, ParsedRuling, Reference
from rulings.markers import compare_markers, find_markers

__all__ = ["FORMAT_ID", "dump_json", "parse_json", "to_json_dict"]

_WS_RE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()
# Lists whose items' lines are recorded, so a problem in one item names its line.
_ITEM_LISTS = ("references", "retrieval_refs", "citations_raw")


class _Source:
    """The decoded document plus where each value sits, for errors that name a line."""

    def __init__(self, text: str, filename: str, max_depth: int):
        self.text = text
        self.filename = filename
        try:
            self.data = load_json(text, max_depth)
        except JSONRefused as exc:
            line = None if exc.pos is None else self.line_at(exc.pos)
            raise ExportFormatError(filename, line, f"JSON {exc.message}") from None
        start = _skip(text, 0)
        if not isinstance(self.data, dict):
            raise ExportFormatError(filename, self.line_at(start), "expected one JSON object")
        self.offsets = _object_offsets(text, start)
        # "key" and "key[i]" (items of the lists above) -> 1-based line.
        self.lines = {key: self.line_at(offset) for key, offset in self.offsets.items()}
        for key in _ITEM_LISTS:
            if isinstance(self.data.get(key), list) and self.data[key]:
                for i, offset in enumerate(_array_offsets(text, self.offsets[key])):
                    self.lines[f"{key}[{i}]"] = self.line_at(offset)

    def line_at(self, offset: int) -> int:
        """1-based line of a character offset."""
        return self.text.count("\n", 0, offset) + 1

    def line_of(self, key: str) -> int:
        """Line of a top-level key's value, or of a list item (line 1 when absent)."""
        return self.lines.get(key) or self.line_at(_skip(self.text, 0))

    def fail(self, key: str, message: str) -> ExportFormatError:
        return ExportFormatError(self.filename, self.line_of(key), message)


def _skip(text: str, pos: int) -> int:
    return _WS_RE.match(text, pos).end()


def _object_offsets(text: str, pos: int) -> dict[str, int]:
    """Offsets of each top-level value of the (already valid) object starting at ``pos``."""
    offsets: dict[str, int] = {}
    pos = _skip(text, pos + 1)
    while text[pos] == '"':
        key, pos = json.decoder.scanstring(text, pos + 1)
        pos = _skip(text, _skip(text, pos) + 1)  # past the ":"
        offsets.setdefault(key, pos)
        pos = _skip(text, _DECODER.raw_decode(text, pos)[1])
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
    return offsets


def _array_offsets(text: str, pos: int) -> list[int]:
    """Offsets of each item of the (already valid) array starting at ``pos``."""
    offsets: list[int] = []
    pos = _skip(text, pos + 1)
    while text[pos] != "]":
        offsets.append(pos)
        pos = _skip(text, _DECODER.raw_decode(text, pos)[1])
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
    return offsets


def _validated(src: _Source) -> JsonRuling:
    """The document checked against the schema; the first problem refused with its line."""
    try:
        return JsonRuling.model_validate(src.data)
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        loc = error["loc"]
        if loc[0] == "references" and len(loc) > 1:
            key, prefix = f"references[{loc[1]}]", "malformed reference: "
        else:
            key, prefix = (f"{loc[0]}[{loc[1]}]" if len(loc) > 1 else str(loc[0])), ""
        if key not in src.lines:
            key = str(loc[0])
        raise src.fail(key, prefix + describe_error(error)) from None


def _recorded_at(src: _Source, value: str | None, warnings: list[str]) -> datetime | None:
    if value in (None, ""):
        return None
    parsed = parse_recorded_at(value)
    if parsed is None:
        raise src.fail("recorded_at", f"'recorded_at' is not an ISO 8601 date: {value!r}")
    if _is_naive_iso(value):
        warnings.append(f"line {src.line_of('recorded_at')}: recorded_at has no zone; UTC assumed")
    return parsed


def _retention(
    src: _Source, recorded_at: datetime | None, provenance: dict, warnings: list[str]
) -> tuple[datetime | None, dict]:
    """``recorded_at`` and ``provenance`` with a retention deadline kept as provenance only.

    ``provenance["retained_until"]`` must be an ISO 8601 date. A file written by an earlier
    version of ``dump_json`` from a text export that had only "debug row retained until:"
    gives that deadline as ``recorded_at`` (its ``recorded_at_source`` says so): it is
    moved to ``retained_until``, never read as the answer's date.
    """
    retained = provenance.get(RETAINED_UNTIL)
    if retained is not None and (not isinstance(retained, str) or not parse_recorded_at(retained)):
        raise src.fail(
            "provenance", f"'provenance.{RETAINED_UNTIL}' is not an ISO 8601 date: {retained!r}"
        )
    if provenance.get("recorded_at_source") != RETENTION_LINE:
        return recorded_at, provenance
    provenance = {k: v for k, v in provenance.items() if k != "recorded_at_source"}
    if recorded_at is not None:
        provenance.setdefault(RETAINED_UNTIL, recorded_at.isoformat())
        warnings.append(
            f"line {src.line_of('recorded_at')}: recorded_at is the export's retention "
            f"deadline ('{RETENTION_LINE}'), kept as provenance, not as the answer's date"
        )
    return None, provenance


def _is_naive_iso(value: str) -> bool:
    try:
        return datetime.fromisoformat(value).tzinfo is None
    except ValueError:
        return False


def _outcome(src: _Source, doc: JsonRuling, warnings: list[str]) -> str:
    value = doc.outcome or doc.outcome_label
    outcome = normalise_outcome(value) if value else None
    if outcome is None:
        problem = f"outcome not understood: {value!r}" if value else "no outcome stated"
        warnings.append(f"line {src.line_of('outcome')}: {problem}")
        return "needs_editor"
    return outcome


def _check_markers(src: _Source, answer: str, refs: list[Reference], warnings: list[str]):
    """Same rule as the text format: markers need a reference list; gaps are warnings."""
    markers = find_markers(answer)
    mismatch = compare_markers(markers, (r.n for r in refs))
    if mismatch.cites_without_sources:
        raise src.fail(
            "answer_markdown", f"the answer cites [{markers[0]}] but the ruling has no references"
        )
    line = src.line_of("answer_markdown")
    for n in dict.fromkeys(markers):
        if n in mismatch.without_citation:
            warnings.append(f"line {line}: marker [{n}] has no reference")
    for ref in refs:
        if ref.n in mismatch.never_referred:
            warnings.append(f"line {ref.line}: reference [{ref.n}] is never cited in the answer")


def parse_json(
    text: str, filename: str = "<string>", limits: ImportLimits | None = None
) -> ParsedRuling:
    """Parse one JSON ruling (format ``rulesage-ruling/1``) into a ParsedRuling."""
    limits = limits or ImportLimits()
    src = _Source(text.lstrip("\ufeff"), filename, limits.json_depth)
    doc = _validated(src)
    warnings: list[str] = []
    if doc.format != FORMAT_ID:
        warnings.append(
            f"line {src.line_of('format')}: unknown format {doc.format!r}, read as {FORMAT_ID}"
        )
    if EditionCode.parse(doc.edition_code) is None:
        raise src.fail(
            "edition_code", f"not an edition code ({EDITION_CODE_SHAPE}): {doc.edition_code!r}"
        )
    refs = [
        Reference(r.n, r.kind, r.document_title, r.page, r.heading_path, src.line_of(key))
        for key, r in ((f"references[{i}]", r) for i, r in enumerate(doc.references))
    ]
    _check_markers(src, doc.answer_markdown, refs, warnings)
    recorded_at = _recorded_at(src, doc.recorded_at, warnings)
    recorded_at, provenance = _retention(src, recorded_at, doc.provenance, warnings)
    if doc.model_extra:
        # Kept, never dropped: a newer exporter may know more than this parser.
        provenance = {**provenance, "json_extra": doc.model_extra}
        warnings.append(f"line 1: unknown keys kept in provenance: {sorted(doc.model_extra)}")
    return ParsedRuling(
        filename=filename,
        game_name=doc.game_name,
        edition_code=doc.edition_code,
        question=doc.question,
        outcome=_outcome(src, doc, warnings),
        outcome_label=doc.outcome_label,
        answer_markdown=doc.answer_markdown,
        references=refs,
        closing_line=doc.closing_line,
        abstain_rationale=doc.abstain_rationale,
        answerer=doc.answerer,
        timings=doc.timings,
        tokens_in=doc.tokens_in,
        tokens_out=doc.tokens_out,
        retrieval_refs=doc.retrieval_refs,
        citations_raw=doc.citations_raw,
        recorded_at=recorded_at,
        errata_statement=doc.errata_statement,
        external_edition_id=doc.external_edition_id,
        provenance=provenance,
        warnings=warnings,
        field_lines=dict(src.lines),
    )


def to_json_dict(ruling: ParsedRuling) -> dict:
    """The JSON object for ``ruling`` (line numbers, warnings and the hash are not part of it)."""
    data = asdict(ruling)
    for key in ("filename", "warnings", "field_lines", "digest"):
        data.pop(key)
    for ref in data["references"]:
        ref.pop("line")
    data["recorded_at"] = ruling.recorded_at.isoformat() if ruling.recorded_at else None
    return {"format": FORMAT_ID, **data}


def dump_json(ruling: ParsedRuling) -> str:
    """Serialise ``ruling`` in the JSON format; ``parse_json`` reads it back."""
    return json.dumps(to_json_dict(ruling), ensure_ascii=False, indent=2) + "\n"
