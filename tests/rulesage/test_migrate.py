"""`manage.py migrate` works in a shell with no terminal, as in CI or a deploy script."""

import os
import sqlite3
import sys

import pytest

from rulesage.management.commands.migrate import stdin_is_a_terminal


@pytest.mark.slow
@pytest.mark.xdist_group("sqlite")
def test_migrate_without_a_terminal_and_without_noinput(migrated_sqlite):
    result, database = migrated_sqlite
    assert result.returncode == 0, result.stderr[-3000:]
    assert "EOFError" not in result.stderr
    # The translation columns the prompt asked about were added to Wagtail's Page table.
    with sqlite3.connect(database) as connection:
        columns = {row[1] for row in connection.execute("PRAGMA table_info(wagtailcore_page)")}
    assert {"title_en", "title_es", "slug_es", "url_path_es"} <= columns


def test_a_closed_or_redirected_stdin_is_not_a_terminal(monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    assert not stdin_is_a_terminal()
    closed = open(os.devnull)  # noqa: SIM115 — closed on purpose before use
    closed.close()
    monkeypatch.setattr(sys, "stdin", closed)
    assert not stdin_is_a_terminal()
    with open(os.devnull) as devnull:
        monkeypatch.setattr(sys, "stdin", devnull)
        assert not stdin_is_a_terminal()
