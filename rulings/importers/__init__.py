"""Importing rulings exported by the legacy rules Q&A system (docs/import-format.md):
``read/`` reads and checks a file, ``write/`` stores it."""

from rulings.importers.read.files import parse_file
from rulings.importers.read.json_export import dump_json, parse_json
from rulings.importers.read.limits import import_limits
from rulings.importers.read.parsed import ExportFormatError, ParsedRuling
from rulings.importers.read.text_export import parse_export

__all__ = [
    "ExportFormatError",
    "ParsedRuling",
    "dump_json",
    "import_limits",
    "parse_export",
    "parse_file",
    "parse_json",
]
