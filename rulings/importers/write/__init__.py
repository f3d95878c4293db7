"""Writing what was read: each file in one transaction, files in turn."""

from rulings.importers.write.store import (
    REFUSED,
    ImportResult,
    ImportRun,
    import_file,
    import_parsed,
    import_paths,
)

__all__ = [
    "REFUSED",
    "ImportResult",
    "ImportRun",
    "import_file",
    "import_parsed",
    "import_paths",
]
