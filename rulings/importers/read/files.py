"""One export file read from disk: bounded, decoded, parsed by its format, validated.

``parse_file`` is what the store calls for each file; the readers themselves only see text.
Pure Python, no Django (the limits are handed in, or read from the settings once).
"""

from __future__ import annotations

from pathlib import Path

from rulings.importers.read.hashing import content_hash
from rulings.importers.read.json_export import parse_json
from rulings.importers.read.limits import ImportLimits, import_limits
from rulings.importers.read.parsed import ExportFormatError, ParsedRuling
from rulings.importers.read.text_export import parse_export
from rulings.importers.read.validation import check_characters, validate

__all__ = ["parse_file", "read_bounded"]


def read_bounded(path: Path, limits: ImportLimits) -> bytes:
    """The file's bytes, refused unread when larger than the limit.

    Read at most one byte past the limit, so a file that grows while it is read, or a
    device that never ends, is refused too rather than filling the memory.
    """
    name = path.name
    size = path.stat().st_size
    if size > limits.file_bytes:
        raise ExportFormatError(name, None, _too_large(size, limits))
    with path.open("rb") as handle:
        raw = handle.read(limits.file_bytes + 1)
    if len(raw) > limits.file_bytes:
        raise ExportFormatError(name, None, _too_large(len(raw), limits))
    return raw


def _too_large(size: int, limits: ImportLimits) -> str:
    return (
        f"file is {size:,} bytes; at most {limits.file_bytes:,} are accepted "
        "(RULESAGE_IMPORT_LIMITS['file_bytes'])"
    )


def parse_file(path, limits: ImportLimits | None = None) -> ParsedRuling:
    """Parse one export file, JSON for a ``.json`` name or a leading "{", else text.

    The file is refused, naming its line, when it is larger than the limit, is not UTF-8,
    holds a control character, cannot be parsed, or holds a value outside the limits.
    Errors and ``ParsedRuling.filename`` use the file's name (not its full path), so what is
    stored and reported does not depend on where the file sat on disk.
    """
    path = Path(path)
    name = path.name
    limits = limits or import_limits()
    raw = read_bounded(path, limits)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ExportFormatError(name, line, f"not UTF-8 (byte 0x{raw[exc.start]:02x})") from None
    check_characters(text, name)
    if path.suffix.lower() == ".json" or text.lstrip().startswith("{"):
        parsed = parse_json(text, name, limits)
    else:
        parsed = parse_export(text, name, limits)
    validate(parsed, limits)
    parsed.digest = content_hash(parsed)
    return parsed
