"""Import ruling exports (text or JSON): one transaction per file, a clear line per failure."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import translation
from tqdm import tqdm

from rulings.importers import ExportFormatError, parse_file
from rulings.importers.store import store


class Command(BaseCommand):
    help = "Import rulings from export files (the rules Q&A text export, or JSON)."

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", help="Export files, or folders of them.")
        parser.add_argument(
            "--no-progress", action="store_true", help="Never show the progress bar."
        )

    def handle(self, *paths, **options):
        files = list(expand(options["paths"] or paths))
        show_bar = len(files) > 1 and not options["no_progress"]
        results, failures = [], []
        with translation.override(settings.LANGUAGE_CODE):
            for path in tqdm(files, disable=not show_bar, unit="file", file=self.stderr._out):
                try:
                    with transaction.atomic():
                        parsed = parse_file(path)
                        result = store(parsed)
                        if result.outcome != result.UNCHANGED:
                            result.ruling.save_revision(log_action=True)
                except ExportFormatError as error:
                    where = path if error.line is None else f"{path}:{error.line}"
                    failures.append(f"{where}: {error.message}")
                    continue
                except OSError as error:
                    failures.append(f"{path}: cannot read ({error.strerror})")
                    continue
                results.append((path, result))
                for warning in parsed.warnings:
                    self.stderr.write(f"{path}: warning: {warning}")

            base = settings.WAGTAILADMIN_BASE_URL.rstrip("/")
            for path, result in results:
                self.stdout.write(
                    f"{result.outcome}: {base}{result.ruling.get_absolute_url()}  ({path.name})"
                )
        for failure in failures:
            self.stderr.write(self.style.ERROR(f"refused {failure}"))
        summary = (
            f"{len(files)} file(s): {len(results)} imported "
            f"({count(results, 'created')} new, {count(results, 'updated')} updated, "
            f"{count(results, 'unchanged')} unchanged, {count(results, 'kept (reviewed)')} "
            f"kept as reviewed), {len(failures)} refused."
        )
        if failures:
            raise CommandError(summary + " Refused files wrote nothing.")
        self.stdout.write(self.style.SUCCESS(summary))


def count(results, outcome):
    return sum(1 for _path, result in results if result.outcome == outcome)


def expand(paths):
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(p for p in path.iterdir() if p.suffix in {".txt", ".json"})
        else:
            yield path
