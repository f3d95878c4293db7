"""Importing rulings exported by the legacy rules Q&A system (text or JSON).

``read/`` reads and checks a file, in pure Python; ``write/`` stores it, a transaction per
file. The formats are described in docs/import-format.md."""

from rulings.importers.read.files import parse_file
from rulings.importers.read.json_export import dump_json, parse_json
from rulings.importers.read.limits import ImportLimits, import_limits
from rulings.importers.read.parsed import ExportFormatError, ParsedRuling
from rulings.importers.read.text_export import parse_export

__all__ = [
    "ExportFormatError",
    "ImportLimits",
    "ParsedRuling",
    "dump_json",
    "import_limits",
    "parse_export",
    "parse_file",
    "parse_json",
]
