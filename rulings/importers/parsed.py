"""What either reader returns (``ParsedRuling``) and refuses a file with, and what both
share: the import limits, the exporting system's wording, bounded JSON and the content hash."""

import hashlib
import json
import math
import re
from dataclasses import dataclass, field, fields, replace
from datetime import UTC, datetime
from types import SimpleNamespace

from rulings.markers import compare_markers

HEADING_SEP = " · "  # between the headings of a path: "GAMEPLAY · Optional Flip Action"
# The provenance key of an export's retention deadline: not when the answer was given.
RETAINED_UNTIL = "retained_until"
RETENTION_LINE = "debug row retained until"
# A text export's line ending in one of these is a sentence or a lead-in, never a heading.
SENTENCE_END = (".", ":", ";", ",", "!", "?")


class ImportRefused(Exception):
    """A file the import will not write; names the file, the 1-based line and the problem."""

    def __init__(self, filename: str, line: int | None, message: str):
        self.filename, self.line, self.message = filename, line, message
        super().__init__(f"{filename if line is None else f'{filename}:{line}'}: {message}")


class ExportFormatError(ImportRefused):
    """A file that cannot be a ruling: unreadable, malformed, or outside the import limits."""


@dataclass
class Reference:
    n: int
    kind: str
    document_title: str
    page: int | None
    heading_path: str
    line: int


@dataclass
class ParsedRuling:
    filename: str
    game_name: str
    edition_code: str
    question: str
    outcome: str = "needs_editor"
    outcome_label: str = ""
    answer_markdown: str = ""
    references: list[Reference] = field(default_factory=list)
    closing_line: str = ""
    abstain_rationale: str = ""
    answerer: str = ""
    timings: dict[str, int] = field(default_factory=dict)
    tokens_in: int | None = None
    tokens_out: int | None = None
    retrieval_refs: list[dict] = field(default_factory=list)
    citations_raw: list[dict] = field(default_factory=list)
    recorded_at: datetime | None = None
    errata_statement: str = ""
    external_edition_id: str = ""
    provenance: dict = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    # Where each value sits in the file ("answerer" -> 92, "retrieval_refs[3]" -> 14), so a
    # refusal found after parsing still names its line. Not part of the ruling itself.
    field_lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    # The content hash, set where the file was read; empty when built or copied otherwise.
    digest: str = field(default="", init=False, compare=False, repr=False)


# Where each stored string goes: ParsedRuling field (or nested key) -> (model, field).
# A value stored in two columns takes the narrower one.
STORED_IN = {
    "game_name": [("catalogue.Game", "name")],
    "edition_code": [("catalogue.Edition", "code")],
    "external_edition_id": [("catalogue.Edition", "external_id")],
    "outcome_label": [("rulings.Ruling", "outcome_label")],
    "closing_line": [("rulings.Ruling", "closing_line")],
    "answerer": [("rulings.Ruling", "answerer")],
    "filename": [("rulings.Ruling", "source_file")],
    "kind": [("catalogue.Document", "kind")],
    "document_title": [("catalogue.Document", "title"), ("rulings.Citation", "document_title")],
    "heading_path": [("catalogue.Passage", "heading_path"), ("rulings.Citation", "heading_path")],
    "document_id": [("catalogue.Document", "external_id")],
}
# Whole numbers: name -> (model, field) whose column range bounds it.
NUMBER_COLUMNS = {
    "bgg_id": ("catalogue.Game", "bgg_id"),
    "page": ("catalogue.Passage", "page"),
    "citation_number": ("rulings.Citation", "n"),
    "tokens": ("rulings.Ruling", "tokens_in"),
}


# The names RULESAGE_IMPORT_LIMITS must set (rulesage/settings/base.py).
LIMIT_NAMES = (
    *("file_bytes", "upload_bytes", "json_depth", "json_number_chars", "answer_nesting"),
    *("question_chars", "answer_chars", "text_chars", "key_chars", "references"),
    *("retrieval_refs", "page", "citation_number", "timing_ms"),
)


class ImportLimits(SimpleNamespace):
    """RULESAGE_IMPORT_LIMITS as attributes, with each stored value's column bounds."""

    def length(self, name: str) -> int | None:
        return self.lengths.get(name)

    def range(self, name: str) -> tuple[int, int]:
        low, high = self.ranges.get(name, (0, 2_147_483_647))
        bound = getattr(self, name, None)
        return low, high if bound is None else min(high, bound)


def import_limits() -> ImportLimits:
    from django.apps import apps
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.db.backends.base.operations import BaseDatabaseOperations

    def column(model, name):
        return apps.get_model(model)._meta.get_field(name)

    given = settings.RULESAGE_IMPORT_LIMITS
    if unknown := set(given) ^ set(LIMIT_NAMES):
        raise ImproperlyConfigured(f"RULESAGE_IMPORT_LIMITS: unknown or missing {sorted(unknown)}")
    lengths = {
        key: min(column(model, name).max_length for model, name in places)
        for key, places in STORED_IN.items()
    }
    # Django's generic column ranges are PostgreSQL's; SQLite (the demo) accepts the same.
    column_ranges = BaseDatabaseOperations.integer_field_ranges
    ranges = {
        key: column_ranges[column(model, name).get_internal_type()]
        for key, (model, name) in NUMBER_COLUMNS.items()
    }
    return ImportLimits(**given, lengths=lengths, ranges=ranges)


# Exported values: outcome, dates and markers, in the exporting system's wording.

_DATE_RE = re.compile(
    r"^([A-Za-z]{3})[a-z]*\.? (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?\s*(?:UTC|GMT|Z)?$"
)
_ISO_WITH_TIME_RE = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_OUTCOMES = [
    (re.compile(r"answer(?:ed)?\b"), "answered"),
    (re.compile(r"abstain(?:ed)?\b"), "abstained"),
    (re.compile(r"needs? (?:an )?editor\b"), "needs_editor"),
]


def normalise_outcome(value: str) -> str | None:
    """answered/abstained/needs_editor from "ANSWERED — Answered" or "Answered counted as
    answered" (what follows "counted as" is what counted); None when unrecognised."""
    text = value.strip().lower()
    if " counted as " in text:
        text = text.split(" counted as ", 1)[1]
    text = text.replace("_", " ")
    return next((outcome for pattern, outcome in _OUTCOMES if pattern.match(text)), None)


def outcome_of(label: str, line: int | None, warnings: list[str]) -> str:
    """The outcome ``label`` states; an unclear one goes to an editor, with a warning."""
    outcome = normalise_outcome(label)
    if outcome is None:
        problem = f"outcome not understood: {label!r}" if label else "no outcome stated"
        warnings.append(f"line {line or '?'}: {problem}")
    return outcome or "needs_editor"


def marker_warnings(filename: str, placed: list, refs: list[Reference], words) -> list[str]:
    """Refuse markers when there are no references at all; else warn of each mismatch."""
    unknown, never = map(set, compare_markers((n for n, _line in placed), (r.n for r in refs)))
    whole, reference = words
    if placed and not refs:
        n, line = placed[0]
        message = f"the answer cites [{n}] but the {whole} has no references"
        raise ExportFormatError(filename, line, message)
    return [
        f"line {line}: marker [{n}] has no {reference}" for n, line in placed if n in unknown
    ] + [
        f"line {r.line}: reference [{r.n}] is never cited in the answer"
        for r in refs
        if r.n in never
    ]


def parse_recorded_at(value: str) -> datetime | None:
    """Parse "Sep 6, 2026 13:08 UTC" (or ISO 8601) to an aware UTC datetime, else None."""
    value = value.strip()
    m = _DATE_RE.match(value)
    if m and m.group(1).lower() in _MONTHS:
        month = _MONTHS.index(m.group(1).lower()) + 1
        day, year, hour, minute = (int(m.group(i)) for i in (2, 3, 4, 5))
        try:
            return datetime(year, month, day, hour, minute, int(m.group(6) or 0), tzinfo=UTC)
        except ValueError:
            return None
    # A bare date, or a stamp cut before its minutes, would name the wrong moment.
    if not _ISO_WITH_TIME_RE.match(value):
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    # The exporting system stamps UTC; a naive ISO value is taken to be UTC too.
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)


# Bounded JSON: refused, with a position, what would crash ``json.loads`` (recursion, huge
# integers) or the database (NaN, 1e999). Outside strings: a whole string, an unterminated
# one (a lone quote), a bracket, or a bare number or constant; a string is matched once
# from its opening quote, so the scan is linear.
_TOKEN_RE = re.compile(r'"(?:[^"\\]|\\.)*"|"|[\[\]{}]|-?(?:Infinity|NaN)\b|-?\d[\d.eE+-]*', re.S)


class JSONRefused(ValueError):
    """JSON that cannot be read; ``pos`` is the character offset of the problem, or None."""

    def __init__(self, message: str, pos: int | None):
        super().__init__(message)
        self.message, self.pos = message, pos


def load_json(text: str, max_depth: int, max_number_chars: int) -> object:
    """Parse ``text`` as JSON; raise JSONRefused with a position. The scan runs first, so
    ``json.loads`` never meets what it would crash on or read as a float jsonb refuses."""
    depth = 0
    for match in _TOKEN_RE.finditer(text):
        token, pos = match.group(), match.start()
        if token == '"':
            break  # an unterminated string: json.loads names it
        if token[0] == '"':
            continue
        if token in "[{":
            depth += 1
            if depth > max_depth:
                raise JSONRefused(f"nested deeper than {max_depth} levels", pos)
        elif token in "]}":
            depth -= 1
        elif "Infinity" in token or "NaN" in token:
            raise JSONRefused(f"{token} is not a number JSON can store", pos)
        elif len(token) > max_number_chars:
            message = f"number with {len(token)} characters (at most {max_number_chars})"
            raise JSONRefused(message, pos)
        elif any(c in token for c in ".eE") and _infinite(token):
            raise JSONRefused(f"number out of range: {token}", pos)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise JSONRefused(f"does not parse (cut off?): {exc.msg}", exc.pos) from None
    except (ValueError, RecursionError) as exc:  # the scan should have caught these
        raise JSONRefused(f"does not parse: {exc}", None) from None


def _infinite(token: str) -> bool:
    try:
        return math.isinf(float(token))
    except ValueError:
        return False  # not a number at all: json.loads names the problem


def load_or_refuse(text: str, limits, filename: str, key: str = "", line=None):
    """``load_json`` within ``limits``, refusing the file at the problem's line (or column)."""
    try:
        return load_json(text, limits.json_depth, limits.json_number_chars)
    except JSONRefused as exc:
        where = "" if exc.pos is None or not key else f" (column {exc.pos + 1})"
        if exc.pos is not None and not key:
            line = text.count("\n", 0, exc.pos) + 1
        what = f"'{key}' JSON" if key else "JSON"
        raise ExportFormatError(filename, line, f"{what} {exc.message}{where}") from None


# The content hash: equal hashes mean a re-import would change nothing. Stored hashes were
# made by ``_feed``: it must never change. What a ParsedRuling holds about its file rather
# than the ruling is neither hashed nor exported.
NOT_CONTENT = ("filename", "warnings", "field_lines", "digest")
_RULING_FIELDS = [f.name for f in fields(ParsedRuling) if f.name not in NOT_CONTENT]
_REFERENCE_FIELDS = [f.name for f in fields(Reference) if f.name != "line"]


def content_hash(parsed: ParsedRuling) -> str:
    parts = [b"rulesage-content/1\n"]
    for name in _RULING_FIELDS:
        _feed(parts, name)
        _feed(parts, getattr(parsed, name))
    return hashlib.sha256(b"".join(parts)).hexdigest()


def digest_of(parsed: ParsedRuling) -> str:
    return parsed.digest or content_hash(parsed)


def is_unchanged(parsed: ParsedRuling, stored_hash: str) -> bool:
    """Whether ``stored_hash`` was made from this content (earlier versions dated an export
    by its retention deadline)."""
    if stored_hash == digest_of(parsed):
        return True
    retained = (parsed.provenance or {}).get(RETAINED_UNTIL)
    if parsed.recorded_at is not None or not isinstance(retained, str):
        return False
    try:
        deadline = datetime.fromisoformat(retained)
    except ValueError:
        return False
    provenance = {k: v for k, v in parsed.provenance.items() if k != RETAINED_UNTIL}
    provenance["recorded_at_source"] = RETENTION_LINE
    earlier = replace(parsed, recorded_at=deadline, provenance=provenance)
    return stored_hash == content_hash(earlier)


def _feed(parts: list[bytes], value) -> None:
    """Add ``value`` unambiguously: a type tag, then a length or the value itself."""
    if isinstance(value, str):
        # "surrogatepass": a lone surrogate (validation refuses one) must not crash the hash.
        data = value.encode("utf-8", "surrogatepass")
        parts += (b"s%d:" % len(data), data)
    elif value is None:
        parts.append(b"N")
    elif value is True or value is False:
        parts.append(b"T" if value else b"F")
    elif isinstance(value, int):
        parts.append(b"i%d;" % value)
    elif isinstance(value, float):
        parts.append(b"f" + value.hex().encode() + b";")
    elif isinstance(value, dict):
        parts.append(b"d%d:" % len(value))
        for key in sorted(value, key=str):
            _feed(parts, key)
            _feed(parts, value[key])
    elif isinstance(value, list | tuple):
        parts.append(b"l%d:" % len(value))
        for item in value:
            _feed(parts, item)
    elif isinstance(value, Reference):
        parts.append(b"r")
        for name in _REFERENCE_FIELDS:
            _feed(parts, getattr(value, name))
    elif isinstance(value, datetime):
        parts.append(b"t")
        _feed(parts, value.isoformat())
    else:
        raise TypeError(f"cannot hash a {type(value).__name__}")
