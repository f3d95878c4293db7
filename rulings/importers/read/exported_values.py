"""Values both export formats carry in the exporting system's own wording.

The outcome ("ANSWERED — Answered", "Answered counted as abstained") and the timestamps
("Sep 6, 2026 13:08 UTC", or ISO 8601) are read the same way whether they came from a text
export or a JSON one. Pure Python, no Django.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

__all__ = ["RETAINED_UNTIL", "RETENTION_LINE", "normalise_outcome", "parse_recorded_at"]

# The provenance key of an export's retention deadline ("debug row retained until:"), as
# ISO 8601: when the exporting system will drop its record, not when the answer was given.
RETAINED_UNTIL = "retained_until"
# The line that states it, as earlier versions named it in ``recorded_at_source``.
RETENTION_LINE = "debug row retained until"

_DATE_RE = re.compile(
    r"^([A-Za-z]{3})[a-z]*\.? (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?\s*(?:UTC|GMT|Z)?$"
)
_ISO_WITH_TIME_RE = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def normalise_outcome(value: str) -> str | None:
    """Map an outcome wording to answered/abstained/needs_editor; None when unrecognised.

    Accepts the provenance form ("ANSWERED — Answered") and the reader form ("Answered
    counted as answered", where the part after "counted as" is what counted).
    """
    text = value.strip().lower()
    if " counted as " in text:
        text = text.split(" counted as ", 1)[1]
    text = text.replace("_", " ")
    if re.match(r"answer(?:ed)?\b", text):
        return "answered"
    if re.match(r"abstain(?:ed)?\b", text):
        return "abstained"
    if re.match(r"needs? (?:an )?editor\b", text):
        return "needs_editor"
    return None


def parse_recorded_at(value: str) -> datetime | None:
    """Parse "Sep 6, 2026 13:08 UTC" (or ISO 8601) to an aware UTC datetime."""
    value = value.strip()
    m = _DATE_RE.match(value)
    if m and m.group(1).lower() in _MONTHS:
        month = _MONTHS.index(m.group(1).lower()) + 1
        day, year, hour, minute = (int(m.group(i)) for i in (2, 3, 4, 5))
        second = int(m.group(6) or 0)
        try:
            return datetime(year, month, day, hour, minute, second, tzinfo=UTC)
        except ValueError:
            return None
    if not _ISO_WITH_TIME_RE.match(value):
        # A bare date, or a stamp cut before its minutes, would name the wrong moment.
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    # The exporting system stamps UTC; a naive ISO value is taken to be UTC too.
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)
