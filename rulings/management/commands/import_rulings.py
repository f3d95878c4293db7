"""Import ruling exports as the admin's import page does; a refused file writes nothing and
never stops the run, but makes the exit status non-zero."""

from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from rulings.importers.store import REFUSED, ImportResult, import_paths


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

    def handle(self, *args, **options):
        base = site_base_url(options["base_url"])
        files = list(expand(options["paths"]))
        show_bar = len(files) > 1 and not options["no_progress"]
        bar = tqdm(total=len(files), disable=not show_bar, unit="file", file=_Unended(self.stderr))

        def on_file(report):
            bar.update()
            for warning in report.warnings:
                self.stderr.write(f"{report.path}: warning: {warning}")

        with bar:
            results, problems = import_paths(files, on_file=on_file, traceback=options["traceback"])
        counts = Counter(file.outcome for file in results)
        for file in results:
            if file.outcome != REFUSED:
                url = file.ruling.get_absolute_url()
                self.stdout.write(f"{file.outcome}: {base}{url}  ({file.path.name})")
        for problem in problems:
            self.stderr.write(self.style.WARNING(f"warning: {problem}"))
        failures = [file.refusal for file in results if file.outcome == REFUSED]
        for failure in failures:
            self.stderr.write(self.style.ERROR(f"refused {failure}"))
        summary = (
            f"{len(files)} file(s): {len(results) - len(failures)} imported "
            f"({counts[ImportResult.CREATED]} new, "
            f"{counts[ImportResult.UPDATED]} updated, "
            f"{counts[ImportResult.UNCHANGED]} unchanged, "
            f"{counts[ImportResult.KEPT]} kept as reviewed), {len(failures)} refused."
        )
        if failures:
            raise CommandError(summary + " Refused files wrote nothing.")
        self.stdout.write(self.style.SUCCESS(summary))


class _Unended:
    """stderr for the progress bar, without the line ending a command's output adds."""

    def __init__(self, output):
        self.output = output

    def write(self, text):
        self.output.write(text, ending="")

    def flush(self):
        self.output.flush()


def site_base_url(option):
    base = (option if option is not None else settings.RULESAGE_BASE_URL or "").rstrip("/")
    if base:
        parts = urlsplit(base)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
            raise CommandError(
                f"--base-url / RULESAGE_BASE_URL must be an http(s) address, not {base!r}"
            )
    return base


def expand(paths):
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(p for p in path.iterdir() if p.suffix in {".txt", ".json"})
        else:
            yield path
