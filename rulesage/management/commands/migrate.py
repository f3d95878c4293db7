"""`migrate` that proceeds as `--noinput` without a terminal: wagtail-modeltranslation's asks
y/n before adding each translation column, and would die of EOFError half-way."""

import sys

from wagtail_modeltranslation.migrate.management.commands.migrate import (
    Command as TranslationMigrateCommand,
)


def stdin_is_a_terminal():
    """True only when a person can answer a prompt (stdin open and a terminal)."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except ValueError:  # closed
        return False


class Command(TranslationMigrateCommand):
    def handle(self, *args, **options):
        if options.get("interactive") and not stdin_is_a_terminal():
            options["interactive"] = False
        return super().handle(*args, **options)
