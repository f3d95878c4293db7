"""The JSON equivalent of the text export: one object per ruling, same ParsedRuling result.

The keys are ParsedRuling's own field names (see FORMATS.md), so a ruling can be written by
``dump_json`` and read back by ``parse_json`` without loss. Pure Python, no Django.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict
from datetime import datetime

from rulings.importers.bounded_json import JSONRefused, load_json
from rulings.importers.export_format import (
    EDITION_CODE_RE,
    SEP,
    ExportFormatError,
    ParsedRuling,
    Reference,
    find_markers,
    normalise_outcome,
    parse_recorded_at,
)
from rulings.importers.limits import ImportLimits

__all__ = ["FORMAT_ID", "dump_json", "parse_json", "to_json_dict"]

FORMAT_ID = "rulesage-ruling/1"
_REQUIRED = ("game_name", "edition_code", "question")
_STRINGS = (
    "outcome_label",
    "answer_markdown",
    "closing_line",
    "abstain_rationale",
    "answerer",
    "errata_statement",
    "external_edition_id",
)
_KNOWN = set(_REQUIRED + _STRINGS) | {
    "format",
    "outcome",
    "references",
    "timings",
    "tokens_in",
    "tokens_out",
    "retrieval_refs",
    "citations_raw",
    "recorded_at",
    "provenance",
}
_WS_RE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


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

    def line_at(self, offset: int) -> int:
        """1-based line of a character offset."""
        return self.text.count("\n", 0, offset) + 1

    def line_of(self, key: str) -> int:
        """Line of a top-level key's value (line 1 when the key is absent)."""
        return self.line_at(self.offsets.get(key, _skip(self.text, 0)))

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


def _string(src: _Source, key: str, required: bool = False) -> str:
    value = src.data.get(key, "")
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise src.fail(key, f"'{key}' must be a string")
    if required and not value.strip():
        raise src.fail(key, f"'{key}' is missing or empty")
    return value.strip() if key in _REQUIRED else value


def _optional_int(src: _Source, key: str) -> int | None:
    value = src.data.get(key)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise src.fail(key, f"'{key}' must be an integer or null")
    return value


def _list_of_objects(src: _Source, key: str, lines: dict[str, int]) -> list[dict]:
    """A list of objects; each item's line goes into ``lines`` as ``key[i]``."""
    value = src.data.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise src.fail(key, f"'{key}' must be a list of objects")
    if value:
        for i, offset in enumerate(_array_offsets(src.text, src.offsets[key])):
            lines[f"{key}[{i}]"] = src.line_at(offset)
    return value


def _references(src: _Source) -> list[Reference]:
    """Read "references"; each item's line is where its object starts in the file."""
    items = src.data.get("references") or []
    if not isinstance(items, list):
        raise src.fail("references", "'references' must be a list")
    offsets = _array_offsets(src.text, src.offsets["references"]) if items else []
    return [
        _reference(src, item, src.line_at(off)) for item, off in zip(items, offsets, strict=True)
    ]


def _reference(src: _Source, item: object, line: int) -> Reference:
    def bad(why: str) -> ExportFormatError:
        return ExportFormatError(src.filename, line, f"malformed reference: {why}")

    if not isinstance(item, dict):
        raise bad("expected an object")
    n, page = item.get("n"), item.get("page")
    if isinstance(n, bool) or not isinstance(n, int):
        raise bad("'n' must be an integer")
    if page is not None and (isinstance(page, bool) or not isinstance(page, int)):
        raise bad("'page' must be an integer or null")
    title, kind = item.get("document_title"), item.get("kind")
    if not isinstance(title, str) or not title.strip():
        raise bad("'document_title' is missing")
    if not isinstance(kind, str) or not kind.strip():
        raise bad("'kind' is missing")
    heading = item.get("heading_path") or ""
    # A list of headings is accepted as well as the joined " · " form.
    if isinstance(heading, list) and all(isinstance(h, str) for h in heading):
        heading = SEP.join(heading)
    if not isinstance(heading, str):
        raise bad("'heading_path' must be a string or a list of strings")
    return Reference(n, kind.strip(), title.strip(), page, heading, line)


def _timings(src: _Source) -> dict[str, int]:
    value = src.data.get("timings") or {}
    if not isinstance(value, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value.values()
    ):
        raise src.fail("timings", "'timings' must map names to integer milliseconds")
    return value


def _recorded_at(src: _Source, warnings: list[str]) -> datetime | None:
    value = src.data.get("recorded_at")
    if value in (None, ""):
        return None
    parsed = parse_recorded_at(value) if isinstance(value, str) else None
    if parsed is None:
        raise src.fail("recorded_at", f"'recorded_at' is not an ISO 8601 date: {value!r}")
    if _is_naive_iso(value):
        warnings.append(f"line {src.line_of('recorded_at')}: recorded_at has no zone; UTC assumed")
    return parsed


def _is_naive_iso(value: str) -> bool:
    try:
        return datetime.fromisoformat(value).tzinfo is None
    except ValueError:
        return False


def _outcome(src: _Source, warnings: list[str]) -> str:
    value = src.data.get("outcome") or src.data.get("outcome_label") or ""
    outcome = normalise_outcome(value) if isinstance(value, str) else None
    if outcome is None:
        problem = f"outcome not understood: {value!r}" if value else "no outcome stated"
        warnings.append(f"line {src.line_of('outcome')}: {problem}")
        return "needs_editor"
    return outcome


def _check_markers(src: _Source, answer: str, refs: list[Reference], warnings: list[str]):
    """Same rule as the text format: markers need a reference list; gaps are warnings."""
    known = {r.n for r in refs}
    for n in dict.fromkeys(find_markers(answer)):
        if not refs:
            raise src.fail(
                "answer_markdown", f"the answer cites [{n}] but the ruling has no references"
            )
        if n not in known:
            warnings.append(f"line {src.line_of('answer_markdown')}: marker [{n}] has no reference")


def parse_json(
    text: str, filename: str = "<string>", limits: ImportLimits | None = None
) -> ParsedRuling:
    """Parse one JSON ruling (format ``rulesage-ruling/1``) into a ParsedRuling."""
    limits = limits or ImportLimits()
    src = _Source(text.lstrip("\ufeff"), filename, limits.json_depth)
    lines = {key: src.line_of(key) for key in src.offsets}
    warnings: list[str] = []
    fmt = src.data.get("format", FORMAT_ID)
    if fmt != FORMAT_ID:
        warnings.append(
            f"line {src.line_of('format')}: unknown format {fmt!r}, read as {FORMAT_ID}"
        )
    values = {key: _string(src, key, required=True) for key in _REQUIRED}
    if not EDITION_CODE_RE.fullmatch(values["edition_code"]):
        raise src.fail(
            "edition_code", f"not an edition code (bg-<id>-<lang>-<n>e): {values['edition_code']!r}"
        )
    values.update({key: _string(src, key) for key in _STRINGS})
    refs = _references(src)
    _check_markers(src, values["answer_markdown"], refs, warnings)
    provenance = src.data.get("provenance") or {}
    if not isinstance(provenance, dict):
        raise src.fail("provenance", "'provenance' must be an object")
    unknown = {k: v for k, v in src.data.items() if k not in _KNOWN}
    if unknown:
        # Kept, never dropped: a newer exporter may know more than this parser.
        provenance = {**provenance, "json_extra": unknown}
        warnings.append(f"line 1: unknown keys kept in provenance: {sorted(unknown)}")
    return ParsedRuling(
        filename=filename,
        outcome=_outcome(src, warnings),
        references=refs,
        timings=_timings(src),
        tokens_in=_optional_int(src, "tokens_in"),
        tokens_out=_optional_int(src, "tokens_out"),
        retrieval_refs=_list_of_objects(src, "retrieval_refs", lines),
        citations_raw=_list_of_objects(src, "citations_raw", lines),
        recorded_at=_recorded_at(src, warnings),
        provenance=provenance,
        warnings=warnings,
        field_lines=lines,
        **values,
    )


def to_json_dict(ruling: ParsedRuling) -> dict:
    """The JSON object for ``ruling`` (reference line numbers and warnings are not part of it)."""
    data = asdict(ruling)
    for key in ("filename", "warnings", "field_lines"):
        data.pop(key)
    for ref in data["references"]:
        ref.pop("line")
    data["recorded_at"] = ruling.recorded_at.isoformat() if ruling.recorded_at else None
    return {"format": FORMAT_ID, **data}


def dump_json(ruling: ParsedRuling) -> str:
    """Serialise ``ruling`` in the JSON format; ``parse_json`` reads it back."""
    return json.dumps(to_json_dict(ruling), ensure_ascii=False, indent=2) + "\n"
