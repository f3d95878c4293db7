"""What both export formats carry in the exporting system's wording: outcome, dates, markers."""

import re
from datetime import UTC, datetime

from rulings.importers.read.parsed import ExportFormatError, Reference
from rulings.markers import compare_markers

# The provenance key of an export's retention deadline: not when the answer was given.
RETAINED_UNTIL = "retained_until"
RETENTION_LINE = "debug row retained until"
# A text export's line ending in one of these is a sentence or a lead-in, never a heading.
SENTENCE_END = (".", ":", ";", ",", "!", "?")

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


def marker_warnings(
    filename: str, placed: list[tuple[int, int]], refs: list[Reference], words: tuple[str, str]
) -> list[str]:
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
