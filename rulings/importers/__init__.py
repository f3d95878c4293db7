"""Importers for rulings exported by the legacy rules Q&A system (text or JSON).

Pure Python, no Django: ``parse_file`` picks the format and returns a ParsedRuling.
"""

from __future__ import annotations

from pathlib import Path

from rulings.importers.export_format import (
    ExportFormatError,
    ParsedRuling,
    Reference,
    parse_export,
)
from rulings.importers.json_format import dump_json, parse_json

__all__ = [
    "ExportFormatError",
    "ParsedRuling",
    "Reference",
    "dump_json",
    "parse_export",
    "parse_file",
    "parse_json",
]


def parse_file(path) -> ParsedRuling:
    """Parse one export file, JSON for a ``.json`` name or a leading "{", else text.

    Errors and ``ParsedRuling.filename`` use the file's name (not its full path), so what is
    stored and reported does not depend on where the file sat on disk.
    """
    path = Path(path)
    name = path.name
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ExportFormatError(name, line, f"not UTF-8 (byte 0x{raw[exc.start]:02x})") from None
    if path.suffix.lower() == ".json" or text.lstrip().startswith("{"):
        return parse_json(text, name)
    return parse_export(text, name)
