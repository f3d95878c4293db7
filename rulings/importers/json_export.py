"""The JSON form of a ruling, keyed by ParsedRuling's field names; pydantic checks its shape."""

import json
from contextlib import suppress
from dataclasses import asdict
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, StringConstraints, ValidationError

from catalogue.editions import EDITION_CODE_SHAPE, EditionCode
from rulings.importers.parsed import (
    HEADING_SEP,
    NOT_CONTENT,
    RETAINED_UNTIL,
    RETENTION_LINE,
    ExportFormatError,
    ImportLimits,
    ParsedRuling,
    Reference,
    import_limits,
    load_or_refuse,
    marker_warnings,
    outcome_of,
    parse_recorded_at,
)
from rulings.markers import find_markers

FORMAT_ID = "rulesage-ruling/1"


def _null_as(empty: type) -> BeforeValidator:
    return BeforeValidator(lambda value: empty() if value is None else value)


def _joined_headings(value: object) -> object:
    """A heading path may also be given as a list of headings."""
    if value is None:
        return ""
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return HEADING_SEP.join(value)
    return value


RequiredText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
Text = Annotated[str, _null_as(str)]
# The records the exporting system keeps verbatim need only be objects.
Records = Annotated[list[dict[str, Any]], _null_as(list)]


class JsonReference(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore")

    n: int
    kind: RequiredText
    document_title: RequiredText
    page: int | None = None
    heading_path: Annotated[str, BeforeValidator(_joined_headings)] = ""


class JsonRuling(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow")

    format: str = FORMAT_ID
    game_name: RequiredText
    edition_code: RequiredText
    question: RequiredText
    outcome: str | None = None
    outcome_label: Text = ""
    answer_markdown: Text = ""
    references: Annotated[list[JsonReference], _null_as(list)] = []
    closing_line: Text = ""
    abstain_rationale: Text = ""
    answerer: Text = ""
    timings: Annotated[dict[str, int], _null_as(dict)] = {}
    tokens_in: int | None = None
    tokens_out: int | None = None
    retrieval_refs: Records = []
    citations_raw: Records = []
    recorded_at: str | None = None
    errata_statement: Text = ""
    external_edition_id: Text = ""
    provenance: Annotated[dict[str, Any], _null_as(dict)] = {}


# The keys a ParsedRuling keeps as given.
_READ_APART = ("format", "outcome", "references", "recorded_at", "provenance")
_AS_GIVEN = [key for key in JsonRuling.model_fields if key not in _READ_APART]
# What each kind of pydantic error means, in the words the other refusals use.
_WORDING = {
    "missing": "is missing",
    "string_too_short": "is empty",
    "string_type": "must be a string",
    "int_type": "must be a whole number",
    "bool_type": "must be true or false",
    "list_type": "must be a list",
    **dict.fromkeys(("dict_type", "model_type", "model_attributes_type"), "must be an object"),
}


def _describe(error: dict) -> str:
    """One pydantic error as "'references[1].page' must be …"."""
    loc = error["loc"]
    path = str(loc[0])  # a top-level key: the document itself is an object
    for previous, part in zip(loc, loc[1:], strict=False):
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if isinstance(previous, int) else f"[{part!r}]"
    if error["type"] == "string_unicode":
        # A lone surrogate: worded as the text format's check words it.
        bad = next((c for c in error["input"] if "\ud800" <= c <= "\udfff"), "\ud800")
        return f"{path}: contains an unpaired surrogate U+{ord(bad):04X}"
    wording = _WORDING.get(error["type"])
    if wording is None:
        wording = error["msg"][:1].lower() + error["msg"][1:]
    elif error["type"] not in ("missing", "string_too_short"):
        value = repr(error.get("input"))
        wording += f", not {value if len(value) <= 40 else value[:37] + '...'}"
    return f"'{path}' {wording}"


_DECODER = json.JSONDecoder()
# Lists whose items' lines are recorded, so a problem in one item names its line.
_ITEM_LISTS = ("references", "retrieval_refs", "citations_raw")


def _skip(text: str, pos: int) -> int:
    return json.decoder.WHITESPACE.match(text, pos).end()


def _offsets(text: str, pos: int) -> dict:
    """Offset of each value, by key or index, of the (valid) object or array at ``pos``."""
    keyed, offsets = text[pos] == "{", {}
    pos = _skip(text, pos + 1)
    while text[pos] not in "]}":
        key = len(offsets)
        if keyed:
            key, pos = json.decoder.scanstring(text, pos + 1)
            pos = _skip(text, _skip(text, pos) + 1)  # past the ":"
        offsets.setdefault(key, pos)
        pos = _skip(text, _DECODER.raw_decode(text, pos)[1])
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
    return offsets


def _load(text: str, filename: str, limits: ImportLimits) -> tuple[dict, dict[str, int], int]:
    """The document, the line of each top-level value and list item, and its first line."""

    def line_at(offset: int) -> int:
        return text.count("\n", 0, offset) + 1

    data = load_or_refuse(text, limits, filename)
    start = _skip(text, 0)
    if not isinstance(data, dict):
        raise ExportFormatError(filename, line_at(start), "expected one JSON object")
    offsets = _offsets(text, start)
    lines = {key: line_at(offset) for key, offset in offsets.items()}
    for key in _ITEM_LISTS:
        if isinstance(data.get(key), list) and data[key]:
            for i, offset in _offsets(text, offsets[key]).items():
                lines[f"{key}[{i}]"] = line_at(offset)
    return data, lines, line_at(start)


def _recorded_at(doc: JsonRuling, fail, warnings: list[str], line: int):
    """The answer's date and the provenance; a retention deadline an earlier ``dump_json``
    gave as ``recorded_at`` moves to ``retained_until``."""
    value, provenance, recorded_at = doc.recorded_at, doc.provenance, None
    if value not in (None, ""):
        recorded_at = parse_recorded_at(value)
        if recorded_at is None:
            raise fail("recorded_at", f"'recorded_at' is not an ISO 8601 date: {value!r}")
        with suppress(ValueError):  # "Sep 6, 2026 13:08 UTC" is not ISO 8601, and names UTC
            if datetime.fromisoformat(value).tzinfo is None:
                warnings.append(f"line {line}: recorded_at has no zone; UTC assumed")
    retained = provenance.get(RETAINED_UNTIL)
    if retained is not None and (not isinstance(retained, str) or not parse_recorded_at(retained)):
        message = f"'provenance.{RETAINED_UNTIL}' is not an ISO 8601 date: {retained!r}"
        raise fail("provenance", message)
    if provenance.get("recorded_at_source") != RETENTION_LINE:
        return recorded_at, provenance
    provenance = {k: v for k, v in provenance.items() if k != "recorded_at_source"}
    if recorded_at is not None:
        provenance.setdefault(RETAINED_UNTIL, recorded_at.isoformat())
        warnings.append(
            f"line {line}: recorded_at is the export's retention deadline ('{RETENTION_LINE}'), "
            "kept as provenance, not as the answer's date"
        )
    return None, provenance


def parse_json(text: str, filename: str = "<string>", limits=None) -> ParsedRuling:
    data, lines, first_line = _load(text.lstrip("\ufeff"), filename, limits or import_limits())

    def line_of(key: str) -> int:
        return lines.get(key, first_line)  # the object's first line for an absent key

    def fail(key: str, message: str) -> ExportFormatError:
        return ExportFormatError(filename, line_of(key), message)

    try:
        doc = JsonRuling.model_validate(data)
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        loc = error["loc"]
        key = f"{loc[0]}[{loc[1]}]" if len(loc) > 1 else str(loc[0])
        prefix = "malformed reference: " if loc[0] == "references" and len(loc) > 1 else ""
        raise fail(key if key in lines else str(loc[0]), prefix + _describe(error)) from None
    warnings: list[str] = []
    if doc.format != FORMAT_ID:
        format_line = line_of("format")
        warnings.append(f"line {format_line}: unknown format {doc.format!r}, read as {FORMAT_ID}")
    if EditionCode.parse(doc.edition_code) is None:
        shape = f"not an edition code ({EDITION_CODE_SHAPE})"
        raise fail("edition_code", f"{shape}: {doc.edition_code!r}")
    refs = [
        Reference(**r.model_dump(), line=line_of(f"references[{i}]"))
        for i, r in enumerate(doc.references)
    ]
    answer_line = line_of("answer_markdown")
    placed = [(n, answer_line) for n in dict.fromkeys(find_markers(doc.answer_markdown))]
    warnings += marker_warnings(filename, placed, refs, ("ruling", "reference"))
    recorded_at, provenance = _recorded_at(doc, fail, warnings, line_of("recorded_at"))
    if doc.model_extra:
        # Kept, never dropped: a newer exporter may know more than this parser.
        provenance = {**provenance, "json_extra": doc.model_extra}
        warnings.append(f"line 1: unknown keys kept in provenance: {sorted(doc.model_extra)}")
    outcome = outcome_of(doc.outcome or doc.outcome_label, line_of("outcome"), warnings)
    return ParsedRuling(
        filename=filename,
        **{name: getattr(doc, name) for name in _AS_GIVEN},
        outcome=outcome,
        references=refs,
        recorded_at=recorded_at,
        provenance=provenance,
        warnings=warnings,
        field_lines=lines,
    )


def to_json_dict(ruling: ParsedRuling) -> dict:
    data = {key: value for key, value in asdict(ruling).items() if key not in NOT_CONTENT}
    for ref in data["references"]:
        ref.pop("line")
    data["recorded_at"] = ruling.recorded_at.isoformat() if ruling.recorded_at else None
    return {"format": FORMAT_ID, **data}


def dump_json(ruling: ParsedRuling) -> str:
    return json.dumps(to_json_dict(ruling), ensure_ascii=False, indent=2) + "\n"
