"""One import of export files, as the command line and the admin's import page both run it:
each file read and stored in turn, one report per file, ``on_file`` called after each (a
progress bar, a saved count), so a refusal reads the same wherever an import was started."""

import traceback as tracebacks
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db import DatabaseError
from django.utils import translation

from rulings.importers.read.files import parse_file
from rulings.importers.read.limits import import_limits
from rulings.importers.read.parsed import ImportRefused
from rulings.importers.write.store import ImportResult, ImportRun, import_parsed
from rulings.models import Ruling

REFUSED = "refused"


@dataclass
class FileReport:
    """What became of one file: an outcome of ``ImportResult`` with its ruling, or refused
    with the ``file:line: problem`` line (``ruling`` is then None)."""

    path: Path
    outcome: str
    ruling: object = None
    refusal: str = ""
    warnings: list[str] = field(default_factory=list)


@dataclass
class ImportReport:
    files: list[FileReport]
    problems: list[str]


def import_paths(
    paths: Iterable[Path],
    *,
    on_file: Callable[[FileReport], None] | None = None,
    name: Callable[[Path], str] = str,
    traceback: bool = False,
) -> ImportReport:
    """Import every file; a refused file writes nothing and the others are still imported.
    ``name`` is how a refusal calls a file (the admin names the upload, not where it was
    unpacked); ``traceback`` prints the traceback of an unforeseen error."""
    limits = import_limits()
    run = ImportRun()
    reports: list[FileReport] = []
    with translation.override(settings.LANGUAGE_CODE):
        for path in paths:
            try:
                result = import_parsed(parse_file(path, limits), run)
            except Exception as error:  # noqa: BLE001 - refused, the import goes on
                report = FileReport(path, REFUSED, refusal=refusal(name(path), error, traceback))
            else:
                # Only what a report shows is kept: memory stays flat over a large folder.
                stored = result.ruling
                ruling = Ruling(pk=stored.pk, edition=stored.edition, slug=stored.slug)
                ruling.question = stored.question
                warnings = list(result.parsed.warnings)
                report = FileReport(path, result.outcome, ruling=ruling, warnings=warnings)
            reports.append(report)
            if on_file is not None:
                on_file(report)
    return ImportReport(reports, run.problems)


IMPORTED = (ImportResult.CREATED, ImportResult.UPDATED, ImportResult.UNCHANGED, ImportResult.KEPT)


def refusal(path, error, traceback=False):
    if isinstance(error, ImportRefused):
        where = path if error.line is None else f"{path}:{error.line}"
        return f"{where}: {error.message}"
    if isinstance(error, OSError):
        return f"{path}: cannot read ({error.strerror})"
    if isinstance(error, DatabaseError):
        return unforeseen(path, "the database refused it", error, traceback)
    return unforeseen(path, "unexpected error", error, traceback)


def unforeseen(path, what, error, traceback):
    """A refusal for an error no check foresaw: one line, the traceback only on request."""
    if traceback:
        tracebacks.print_exception(error)
    first_line = (str(error).strip().splitlines() or [""])[0]
    return (
        f"{path}: {what} ({type(error).__name__}: {first_line}); nothing from this file was "
        "written (--traceback shows where)"
    )
