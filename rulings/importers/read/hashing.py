"""The content hash of a parsed export: equal hashes mean a re-import would change nothing.
Stored hashes were made by ``_feed``: it must never change."""

import hashlib
from dataclasses import fields, replace
from datetime import datetime

from rulings.importers.read.exported_values import RETAINED_UNTIL, RETENTION_LINE
from rulings.importers.read.parsed import ParsedRuling, Reference

# What a ParsedRuling holds about its file rather than the ruling: not hashed, not exported.
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
