"""The content hash of a parsed export: equal hashes mean a re-import would change nothing.

The hash covers everything a ruling is stored from, and nothing about the file itself: not
its name, not the line numbers, not the warnings (which name lines). It is computed from the
values directly, each tagged with its type and length, so it does not depend on how the
JSON writer lays out a file, and a change to that writer cannot make every stored ruling
look changed. Dict keys are taken in sorted order, lists in their order. Pure Python.
"""

from __future__ import annotations

import hashlib
from dataclasses import fields
from datetime import datetime

from rulings.importers.parsed import ParsedRuling, Reference

__all__ = ["content_hash", "digest_of"]

# Not part of what is stored: where the values came from.
_NOT_CONTENT = {"filename", "warnings", "field_lines", "digest"}
_RULING_FIELDS = [f.name for f in fields(ParsedRuling) if f.name not in _NOT_CONTENT]
_REFERENCE_FIELDS = [f.name for f in fields(Reference) if f.name != "line"]


def content_hash(parsed: ParsedRuling) -> str:
    """SHA-256 (hex) of the content of ``parsed``."""
    digest = hashlib.sha256(b"rulesage-content/1\n")
    for name in _RULING_FIELDS:
        _feed(digest, name)
        _feed(digest, getattr(parsed, name))
    return digest.hexdigest()


def digest_of(parsed: ParsedRuling) -> str:
    """The content hash of ``parsed``: the one computed where its file was read, if any."""
    return parsed.digest or content_hash(parsed)


def _feed(digest, value) -> None:
    """Add ``value`` to the hash, unambiguously: a type tag, then a length or the value."""
    if value is None:
        digest.update(b"N")
    elif value is True or value is False:
        digest.update(b"T" if value else b"F")
    elif isinstance(value, str):
        # "surrogatepass": a lone surrogate (validation refuses one) must not crash the hash.
        data = value.encode("utf-8", "surrogatepass")
        digest.update(b"s%d:" % len(data))
        digest.update(data)
    elif isinstance(value, int):
        digest.update(b"i%d;" % value)
    elif isinstance(value, float):
        digest.update(b"f" + value.hex().encode() + b";")
    elif isinstance(value, dict):
        digest.update(b"d%d:" % len(value))
        for key in sorted(value, key=str):
            _feed(digest, key)
            _feed(digest, value[key])
    elif isinstance(value, list | tuple):
        digest.update(b"l%d:" % len(value))
        for item in value:
            _feed(digest, item)
    elif isinstance(value, Reference):
        digest.update(b"r")
        for name in _REFERENCE_FIELDS:
            _feed(digest, getattr(value, name))
    elif isinstance(value, datetime):
        digest.update(b"t")
        _feed(digest, value.isoformat())
    else:
        raise TypeError(f"cannot hash a {type(value).__name__}")
