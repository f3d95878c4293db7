"""The content hash of a parsed export: equal hashes mean a re-import would change nothing.

The hash covers everything a ruling is stored from, and nothing about the file itself: not
its name, not the line numbers, not the warnings (which name lines). It is computed from the
values directly, each tagged with its type and length, so it does not depend on how the
JSON writer lays out a file, and a change to that writer cannot make every stored ruling
look changed. Dict keys are taken in sorted order, lists in their order. Pure Python.
"""

from __future__ import annotations

import hashlib
from dataclasses import fields, replace
from datetime import datetime

from rulings.importers.read.exported_values import RETAINED_UNTIL, RETENTION_LINE
from rulings.importers.read.parsed import ParsedRuling, Reference

__all__ = ["content_hash", "digest_of", "is_unchanged"]

# Not part of what is stored: where the values came from.
_NOT_CONTENT = {"filename", "warnings", "field_lines", "digest"}
_RULING_FIELDS = [f.name for f in fields(ParsedRuling) if f.name not in _NOT_CONTENT]
_REFERENCE_FIELDS = [f.name for f in fields(Reference) if f.name != "line"]


def content_hash(parsed: ParsedRuling) -> str:
    """SHA-256 (hex) of the content of ``parsed``."""
    parts = [b"rulesage-content/1\n"]
    for name in _RULING_FIELDS:
        _feed(parts, name)
        _feed(parts, getattr(parsed, name))
    # One update with every part joined hashes exactly what one update per part would.
    return hashlib.sha256(b"".join(parts)).hexdigest()


def digest_of(parsed: ParsedRuling) -> str:
    """The content hash of ``parsed``: the one computed where its file was read, if any."""
    return parsed.digest or content_hash(parsed)


def is_unchanged(parsed: ParsedRuling, stored_hash: str) -> bool:
    """Whether ``stored_hash`` was made from this very content, so importing it again would
    change nothing.

    Rulings stored from an export whose only date is its retention deadline were hashed,
    by earlier versions, with that deadline as the answer's date; a data migration has
    since moved the deadline to the provenance, as this version reads it. The same file
    is still that ruling unchanged.
    """
    if stored_hash == digest_of(parsed):
        return True
    earlier = _as_read_with_deadline_as_date(parsed)
    return earlier is not None and stored_hash == content_hash(earlier)


def _as_read_with_deadline_as_date(parsed: ParsedRuling) -> ParsedRuling | None:
    """``parsed`` as earlier versions read it when its only date is a retention deadline."""
    retained = (parsed.provenance or {}).get(RETAINED_UNTIL)
    if parsed.recorded_at is not None or not isinstance(retained, str):
        return None
    try:
        deadline = datetime.fromisoformat(retained)
    except ValueError:
        return None
    provenance = {k: v for k, v in parsed.provenance.items() if k != RETAINED_UNTIL}
    provenance["recorded_at_source"] = RETENTION_LINE
    return replace(parsed, recorded_at=deadline, provenance=provenance)


def _feed(parts: list[bytes], value) -> None:
    """Add ``value`` to the hashed parts, unambiguously: a type tag, then a length or the
    value. Every stored ruling's hash was made from these bytes: they must never change.

    The types an export is made of are told apart by their exact type first (the hash
    runs over every value of every imported file); anything else, a subclass included,
    by ``isinstance``, in the order that decides which tag a value gets.
    """
    kind = type(value)
    if kind is str:
        data = value.encode("utf-8", "surrogatepass")
        parts += (b"s%d:" % len(data), data)
    elif kind is dict:
        parts.append(b"d%d:" % len(value))
        for key in sorted(value, key=str):
            _feed(parts, key)
            _feed(parts, value[key])
    elif kind is list:
        parts.append(b"l%d:" % len(value))
        for item in value:
            _feed(parts, item)
    elif kind is int:
        parts.append(b"i%d;" % value)
    else:
        _feed_other(parts, value)


def _feed_other(parts: list[bytes], value) -> None:
    if value is None:
        parts.append(b"N")
    elif value is True or value is False:
        parts.append(b"T" if value else b"F")
    elif isinstance(value, str):
        # "surrogatepass": a lone surrogate (validation refuses one) must not crash the hash.
        data = value.encode("utf-8", "surrogatepass")
        parts.append(b"s%d:" % len(data))
        parts.append(data)
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
