"""Import ruling exports (text or JSON): each file whole or not at all, a clear line per
refusal.

New rulings are written a group of files at a time (``rulings/importers/groups.py``), every
other file in a transaction of its own. A refused file writes nothing and never stops the
run: every other file is still read, the summary is printed at the end, and the exit
status is non-zero when anything was refused.
"""

import traceback
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError
from django.utils import translation
from tqdm import tqdm

from rulings.importers.files import parse_file
from rulings.importers.groups import GROUP, import_batch
from rulings.importers.limits import import_limits
from rulings.importers.parsed import ImportRefused
from rulings.importers.read_ahead import read_ahead
from rulings.importers.run import ImportRun
from rulings.importers.store import ImportResult

OUTCOMES = (ImportResult.CREATED, ImportResult.UPDATED, ImportResult.UNCHANGED, ImportResult.KEPT)


class Command(BaseCommand):
    help = "Import rulings from export files (the rules Q&A text export, or JSON)."

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", help="Export files, or folders of them.")
        parser.add_argument(
            "--no-progress", action="store_true", help="Never show the progress bar."
        )
        parser.add_argument(
            "--base-url",
            help=(
                "The site's address for the printed ruling links, e.g. http://127.0.0.1:8101 "
                "(default: the RULESAGE_BASE_URL setting; without either, links are printed "
                "as paths)."
            ),
        )

    def handle(self, *paths, **options):
        base = site_base_url(options["base_url"])
        limits = import_limits()
        files = list(expand(options["paths"] or paths))
        show_bar = len(files) > 1 and not options["no_progress"]
        # Only a line per file is kept, never the parsed file or the ruling: memory stays
        # flat however many files a run has.
        imported, failures = [], []
        counts = dict.fromkeys(OUTCOMES, 0)
        # One run: editions and documents looked up once, passages indexed in batches.
        with translation.override(settings.LANGUAGE_CODE), ImportRun(len(files)) as run:
            # Files are parsed a little ahead, in a second process, while this one writes.
            ahead = read_ahead(files, limits, len(files))
            bar = tqdm(
                ahead, total=len(files), disable=not show_bar, unit="file", file=self.stderr._out
            )
            # New rulings are written a group of files at a time (groups.py); a file that
            # cannot be read is refused at once, after the files before it are written.
            pending: list = []

            def flush():
                for outcome in import_batch(pending, run):
                    if outcome.error is not None:
                        failures.append(refusal(outcome.path, outcome.error, options))
                        continue
                    result = outcome.result
                    counts[result.outcome] += 1
                    imported.append(
                        f"{result.outcome}: {base}{result.ruling.get_absolute_url()}  "
                        f"({outcome.path.name})"
                    )
                    for warning in result.parsed.warnings:
                        self.stderr.write(f"{outcome.path}: warning: {warning}")
                pending.clear()

            for path, parsed in bar:
                if parsed is None:
                    try:
                        parsed = parse_file(path, limits)
                    except Exception as error:  # noqa: BLE001 - refused below, the run goes on
                        flush()
                        failures.append(refusal(path, error, options))
                        continue
                pending.append((path, parsed))
                if len(pending) >= GROUP:
                    flush()
            flush()

            for line in imported:
                self.stdout.write(line)
        for problem in run.problems:
            self.stderr.write(self.style.WARNING(f"warning: {problem}"))
        for failure in failures:
            self.stderr.write(self.style.ERROR(f"refused {failure}"))
        summary = (
            f"{len(files)} file(s): {len(imported)} imported "
            f"({counts[ImportResult.CREATED]} new, "
            f"{counts[ImportResult.UPDATED]} updated, "
            f"{counts[ImportResult.UNCHANGED]} unchanged, "
            f"{counts[ImportResult.KEPT]} kept as reviewed), {len(failures)} refused."
        )
        if failures:
            raise CommandError(summary + " Refused files wrote nothing.")
        self.stdout.write(self.style.SUCCESS(summary))


def site_base_url(option):
    """The address printed before each ruling's path: --base-url, else RULESAGE_BASE_URL.

    Neither set: paths alone, which are right whatever host and port serve the site.
    """
    base = (option if option is not None else settings.RULESAGE_BASE_URL or "").rstrip("/")
    if base:
        parts = urlsplit(base)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
            raise CommandError(
                f"--base-url / RULESAGE_BASE_URL must be an http(s) address, not {base!r}"
            )
    return base


def refusal(path, error, options):
    """The line that reports a refused file."""
    if isinstance(error, ImportRefused):
        return f"{where(path, error.line)}: {error.message}"
    if isinstance(error, OSError):
        return f"{path}: cannot read ({error.strerror})"
    if isinstance(error, DatabaseError):
        return unforeseen(path, "the database refused it", error, options)
    return unforeseen(path, "unexpected error", error, options)


def unforeseen(path, what, error, options):
    """A refusal for an error no check foresaw: one line, the traceback only on request."""
    if options.get("traceback"):
        traceback.print_exc()
    first_line = (str(error).strip().splitlines() or [""])[0]
    return (
        f"{path}: {what} ({type(error).__name__}: {first_line}); nothing from this file was "
        "written (--traceback shows where)"
    )


def where(path, line):
    return path if line is None else f"{path}:{line}"


def expand(paths):
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(p for p in path.iterdir() if p.suffix in {".txt", ".json"})
        else:
            yield path
