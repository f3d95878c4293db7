"""Rebuild the API's bulk files (every public ruling per language): run it daily."""

from django.core.management.base import BaseCommand

from api.bulk import build_bulk_files


class Command(BaseCommand):
    help = (
        "Queue the rebuild of the API's bulk files for the task worker (db_worker); "
        "--now builds them in this process."
    )

    def add_arguments(self, parser):
        parser.add_argument("--now", action="store_true", help="Build here, not in the worker.")

    def handle(self, *args, now=False, **options):
        if now:
            for path in build_bulk_files.call():
                self.stdout.write(f"Written {path}")
            return
        result = build_bulk_files.enqueue()
        self.stdout.write(f"Queued: task {result.id}")
