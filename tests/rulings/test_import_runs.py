"""A folder run with refused files among good ones: each refused file is named with its line
and writes nothing, the good ones land, the summary comes last and the exit status says so,
with no traceback (the refusals themselves: test_import_refusals.py)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from catalogue.models import Edition
from rulings.models import Ruling
from tests.rulings.exports import fail_in_database, make_export, run_import
from tests.rulings.test_import_refusals import CASES, write

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def test_good_bad_good_lands_both_good_files_and_ends_with_the_summary(tmp_path):
    good = write(tmp_path, "a-good.txt", make_export(question="Is this fine?"))
    bad = write(tmp_path, "b-bad.txt", make_export(question="NUL\x00?", code="bg-900002-en-1e"))
    also_good = write(
        tmp_path, "c-good.txt", make_export(question="Another one?", code="bg-900003-en-1e")
    )
    out, err, ok = run_import(tmp_path)  # the folder: files in name order
    assert not ok
    assert sorted(Ruling.objects.values_list("question", flat=True)) == [
        "Another one?",
        "Is this fine?",
    ]
    assert not Edition.objects.filter(code="bg-900002-en-1e").exists()
    assert f"refused {bad}:5: control character U+0000" in err
    assert err.rstrip().endswith(
        "3 file(s): 2 imported (2 new, 0 updated, 0 unchanged, 0 kept as reviewed), "
        "1 refused. Refused files wrote nothing."
    )
    assert f"({good.name})" in out and f"({also_good.name})" in out


def test_every_refusal_in_one_folder_run(tmp_path):
    """All the malformed files above in one folder, between two good ones: each is named,
    the good ones land, the run reaches the end."""
    write(tmp_path, "0-good.txt", make_export(question="First?", code="bg-900100-en-1e"))
    for name, text, _line, _words in CASES:
        write(tmp_path, f"1-{name}", text)
    write(tmp_path, "2-good.txt", make_export(question="Last?", code="bg-900101-en-1e"))
    _out, err, ok = run_import(tmp_path)
    assert not ok
    assert Ruling.objects.count() == 2
    for name, _text, line, _words in CASES:
        assert f"refused {tmp_path / ('1-' + name)}:{line}: " in err, name
    assert f"{len(CASES) + 2} file(s): 2 imported" in err
    assert f"{len(CASES)} refused" in err


def test_an_unforeseen_database_error_refuses_only_that_file(tmp_path, monkeypatch):
    """Validation should leave nothing for the database to reject; if something still slips
    through, that file is refused whole and the run goes on."""
    fail_in_database(monkeypatch, "b-boom.txt", "value too long for type character varying(300)")
    write(tmp_path, "a-good.txt", make_export(question="Fine?"))
    boom = write(tmp_path, "b-boom.txt", make_export(question="Boom?", code="bg-900002-en-1e"))
    write(tmp_path, "c-good.txt", make_export(question="Also fine?", code="bg-900003-en-1e"))
    _out, err, ok = run_import(tmp_path)
    assert not ok
    assert f"refused {boom}: the database refused it (DataError: value too long" in err
    assert "Traceback" not in err
    assert Ruling.objects.count() == 2
    # the edition, passages and ruling written before the failure were rolled back with the file
    assert not Edition.objects.filter(code="bg-900002-en-1e").exists()
    assert not Ruling.objects.filter(source_file="b-boom.txt").exists()


def test_real_exit_status_and_no_traceback(tmp_path):
    """The command as a shell runs it: exit status 1, refusals and summary on stderr."""
    for name, text, _line, _words in CASES[:6]:
        write(tmp_path, name, text)
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "rulesage.settings.test"}
    done = subprocess.run(
        [sys.executable, "manage.py", "import_rulings", "--no-progress", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.count("refused ") == 6
    assert "6 file(s): 0 imported" in done.stderr
