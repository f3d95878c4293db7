"""Writing what was read: each file in one transaction (``store``), files one after another
(``paths``). The command line and the admin's import page both run ``import_paths``."""

from rulings.importers.write.paths import IMPORTED, REFUSED, import_paths
from rulings.importers.write.store import ImportResult, ImportRun, import_file, import_parsed

__all__ = [
    "IMPORTED",
    "REFUSED",
    "ImportResult",
    "ImportRun",
    "import_file",
    "import_parsed",
    "import_paths",
]
