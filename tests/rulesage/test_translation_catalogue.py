"""Every interface string is translated into Spanish; a new untranslated string fails here.

The strings are extracted from the whole project the way `make makemessages` does it
(Django's makemessages, which runs GNU xgettext), into a copy of the project so the
checked-in catalogue is never rewritten by a test run.
"""

import os
import shutil
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "es" / "LC_MESSAGES" / "django.po"
# What `make makemessages` leaves out; keep the two in step.
IGNORE = [".venv/*", "tests/*"]
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "__pycache__", "*.mo", "staticfiles", "media", "node_modules", "*.sqlite3"
)


def problems(catalogue):
    return {
        "header marked fuzzy": bool(catalogue.metadata_is_fuzzy),
        "untranslated": [entry.msgid for entry in catalogue.untranslated_entries()],
        "fuzzy": [entry.msgid for entry in catalogue.fuzzy_entries()],
    }


NONE = {"header marked fuzzy": False, "untranslated": [], "fuzzy": []}


def test_checked_in_catalogue_is_complete():
    catalogue = polib.pofile(str(CATALOGUE))
    assert catalogue.metadata["Language"] == "es"
    assert problems(catalogue) == NONE


def test_every_string_in_the_project_has_a_spanish_translation(tmp_path, settings, monkeypatch):
    if shutil.which("xgettext") is None:
        message = "GNU gettext (xgettext) is needed to extract the project's strings."
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    project = tmp_path / "project"
    shutil.copytree(settings.BASE_DIR, project, ignore=NOT_SOURCE)
    settings.LOCALE_PATHS = [project / "locale"]
    monkeypatch.chdir(project)

    call_command(
        "makemessages", locale=["es"], ignore_patterns=IGNORE, no_obsolete=True, verbosity=0
    )

    catalogue = polib.pofile(str(project / "locale" / "es" / "LC_MESSAGES" / "django.po"))
    assert problems(catalogue) == NONE, (
        "Translate the new strings: run `make makemessages`, fill in "
        "locale/es/LC_MESSAGES/django.po, then `make compilemessages`."
    )
