"""`migrate` that does not ask questions nobody can answer.

wagtail-modeltranslation's `migrate` adds the translation columns to Wagtail's own `Page`
table after the migrations, and asks y/n before each change. Without a terminal (CI, a
deploy script, a container) `input()` meets end of file and the command dies with EOFError
half-way. The columns are what the project's models need, so when no one can answer, the
command proceeds as `--noinput` does: it answers yes.
"""

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
