"""Importers for rulings exported by the legacy rules Q&A system (text or JSON).

Where things are: ``parsed`` (what a reader returns, and the refusals), ``text_export`` with
``text_provenance`` and ``answer_markdown`` (the text format), ``json_export`` with
``json_schema`` (the JSON format), ``exported_values`` (wordings both formats share),
``files`` (one file from disk: limits, decoding, format, ``validation``), ``hashing`` (what
makes a re-import "unchanged"), ``reimport`` (which stored ruling an export is), and
``store`` with ``catalogue``, ``passages``, ``rows`` and ``run`` (writing it), ``groups``
(new rulings of many files written together) and ``bookkeeping`` (their revisions). The
readers are pure Python; only the writing modules touch the database. The formats are
described in docs/import-format.md.

The names below are the package's public interface for callers outside it; modules inside
the package import from the module that defines a name, never from here.
"""

from __future__ import annotations

from rulings.importers.read.files import parse_file
from rulings.importers.read.json_export import dump_json, parse_json
from rulings.importers.read.limits import ImportLimits, import_limits
from rulings.importers.read.parsed import ExportFormatError, ImportRefused, ParsedRuling, Reference
from rulings.importers.read.text_export import parse_export

__all__ = [
    "ExportFormatError",
    "ImportLimits",
    "ImportRefused",
    "ParsedRuling",
    "Reference",
    "dump_json",
    "import_limits",
    "parse_export",
    "parse_file",
    "parse_json",
]
