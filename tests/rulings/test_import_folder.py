"""A folder of exports, imported file after file: every ruling with its slug, citations,
passages, revision, "created" history line and references; a cut copy refused; an
unchanged folder costing one query a file; a file the database refuses refused alone.

Not timed: bench/import_throughput.py measures speed.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from wagtail.models import ModelLogEntry, ReferenceIndex, Revision

from catalogue.models import Passage
from rulings.models import Citation, Ruling
from tests.rulings.exports import fail_in_database, make_export, run_import, write_export

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def varied_folder(directory):
    """New exports that share passages and questions, and a cut copy of one of them."""
    directory.mkdir()
    names = []
    for n in range(12):
        name = f"{n:02d}.txt"
        write_export(
            directory,
            name,
            # "How do I play?" four times: the slugs are numbered in file order.
            question="How do I play?" if n % 3 == 0 else f"Question {n}?",
            code=f"bg-90000{n % 2 + 1}-en-1e",
            citations=n % 4 + 1,
            # Snippets of growing length for the same passages: the longest is kept, dated
            # with its own export.
            snippet="Rule text " + "longer " * n,
            recorded=f"Oct {n + 1}, 2026 10:00 UTC",
        )
        names.append(name)
    # A copy of 05 cut before its timestamp line: the same ruling, never a second one.
    full = make_export(
        question="Question 5?",
        code="bg-900002-en-1e",
        citations=2,
        snippet="Rule text " + "longer " * 5,
        recorded="Oct 6, 2026 10:00 UTC",
    )
    (directory / "13-cut.txt").write_text(full.split("debug row recorded:")[0])
    return directory


def stored():
    """Everything an import writes that a reader or editor sees, without database ids."""
    rulings = [
        (r.edition.code, r.slug, r.question, r.answer, r.flags, r.import_key, r.import_hash)
        for r in Ruling.objects.select_related("edition").order_by("edition__code", "slug")
    ]
    citations = [
        (c.ruling.slug, c.n, c.passage and (c.passage.page, c.passage.heading_path), c.quote)
        for c in Citation.objects.select_related("ruling", "passage").order_by(
            "ruling__edition__code", "ruling__slug", "sort_order"
        )
    ]
    passages = [
        (p.document.title, p.page, p.heading_path, p.text, p.text_origin, p.text_exported_at)
        for p in Passage.objects.select_related("document").order_by(
            "document__edition__code", "page", "heading_path"
        )
    ]
    bookkeeping = (
        Revision.objects.filter(object_str__contains="bg-90000").count(),
        Ruling.objects.filter(latest_revision__isnull=True).count(),
        ReferenceIndex.objects.count(),
    )
    return rulings, citations, passages, bookkeeping, revision_contents()


def revision_contents():
    """What each new ruling's revision holds, as an editor would see it restored: without
    database ids and save times, which differ from one import to the next."""
    volatile = {"pk", "created_at", "updated_at", "edition", "ruling", "passage", "document"}

    def kept(data):
        return {key: value for key, value in data.items() if key not in volatile}

    contents = [
        {**kept(revision.content), "citations": list(map(kept, revision.content["citations"]))}
        for revision in Revision.objects.filter(object_str__contains="bg-90000")
    ]
    return sorted(contents, key=lambda content: json.dumps(content, sort_keys=True))


def history(ruling):
    return list(
        ModelLogEntry.objects.for_instance(ruling).values_list("action", flat=True).order_by("pk")
    )


def test_a_folder_gives_each_ruling_its_place_revision_history_and_references(
    tmp_path, admin_client
):
    out, err, ok = run_import(varied_folder(tmp_path / "exports"))
    assert not ok
    assert "13-cut.txt: this copy has less than the stored ruling" in err
    assert "13 file(s): 12 imported (12 new, 0 updated, 0 unchanged" in err
    rulings, _citations, passages, (revisions, without_revision, _refs), contents = stored()
    slugs = [slug for _code, slug, *_rest in rulings]
    assert {"how-do-i-play", "how-do-i-play-2"} <= set(slugs)
    assert len(rulings) == 12 and revisions == 12 and without_revision == 0
    assert all(content["citations"] and content["answered_at"] for content in contents)
    # The passage every file cites (p.3, "SECTION · Part 1") kept the longest snippet.
    part_one = [p for p in passages if p[1] == 3]
    assert all(text.startswith("Rule text longer longer") for _d, _p, _h, text, *_ in part_one)
    for ruling in Ruling.objects.all():
        revision = Revision.objects.for_instance(ruling).get()
        assert ruling.latest_revision_id == revision.pk
        assert revision.as_object().answer == ruling.answer
        assert len(revision.content["citations"]) == ruling.citations.count()
        assert history(ruling) == ["wagtail.create"]
        # Its edition and the documents its citations name (passages opt out, see Passage).
        indexed = {
            (r.model_path, int(r.to_object_id))
            for r in ReferenceIndex.get_references_for_object(ruling)
        }
        assert ("edition", ruling.edition_id) in indexed
        for citation in ruling.citations.all():
            assert ("citations.item.document", citation.document_id) in indexed
    page = admin_client.get(reverse("wagtailsnippets_rulings_ruling:history", args=[ruling.pk]))
    assert page.status_code == 200
    assert "Created" in page.content.decode()


def test_an_exports_own_time_zone_reads_the_same_in_its_revision(tmp_path):
    """An answer time recorded at +02:00 reads in the revision as the database gives it."""
    from rulings.importers.files import parse_file
    from rulings.importers.json_export import to_json_dict

    for n in range(3):
        data = to_json_dict(parse_file(write_export(tmp_path, f"{n}.txt", question=f"Q{n}?")))
        data["recorded_at"] = f"2026-10-0{n + 1}T12:00:00+02:00"
        (tmp_path / f"{n}.json").write_text(json.dumps(data), encoding="utf-8")
        (tmp_path / f"{n}.txt").unlink()
    assert run_import(tmp_path)[2]
    assert sorted(content["answered_at"] for content in revision_contents()) == [
        "2026-10-01T10:00:00Z",
        "2026-10-02T10:00:00Z",
        "2026-10-03T10:00:00Z",
    ]


def test_a_file_the_database_refuses_is_refused_alone(tmp_path, monkeypatch):
    for n in range(5):
        write_export(tmp_path, f"{n}.txt", question=f"Question {n}?", heading=f"H{n}")
    fail_in_database(monkeypatch, "2.txt", "value too long for type character varying(300)")
    _out, err, ok = run_import(tmp_path)
    assert not ok
    assert "2.txt: the database refused it (DataError: value too long" in err
    assert "5 file(s): 4 imported (4 new" in err
    assert sorted(Ruling.objects.values_list("question", flat=True)) == [
        "Question 0?",
        "Question 1?",
        "Question 3?",
        "Question 4?",
    ]
    assert not Passage.objects.filter(heading_path__startswith="H2").exists()


def test_an_unchanged_folder_costs_one_query_a_file(tmp_path):
    for n in range(30):
        write_export(tmp_path, f"{n:02d}.txt", question=f"Question {n}?", citations=n % 3 + 1)
    assert run_import(tmp_path)[2]
    before = stored()
    with CaptureQueriesContext(connection) as captured:
        out, err, ok = run_import(tmp_path)
    assert ok, err
    assert "30 file(s): 30 imported (0 new, 0 updated, 30 unchanged" in out
    statements = [q["sql"] for q in captured.captured_queries if "SAVEPOINT" not in q["sql"]]
    assert len(statements) == 30, "\n".join(statements)
    assert stored() == before


def test_a_copy_of_the_stored_ruling_after_a_changed_one_is_imported_again(tmp_path):
    first = {"question": "Can I pass?", "recorded": "Oct 1, 2026 10:00 UTC"}
    write_export(tmp_path, "stored.txt", closing="As stored.", **first)
    assert run_import(tmp_path / "stored.txt")[2]
    folder = tmp_path / "folder"
    folder.mkdir()
    write_export(folder, "1-changed.txt", closing="Changed.", **first)
    write_export(folder, "2-as-stored.txt", closing="As stored.", **first)
    out, err, ok = run_import(folder)
    assert ok, err
    assert "2 imported (0 new, 2 updated, 0 unchanged" in out
    ruling = Ruling.objects.get()
    assert ruling.closing_line == "As stored."
    assert history(ruling) == ["wagtail.create", "wagtail.edit", "wagtail.edit"]


def test_a_ruling_left_without_its_history_gets_it_on_the_next_import(tmp_path):
    path = write_export(tmp_path, "a.txt", question="Interrupted?")
    run_import(path)
    ruling = Ruling.objects.get()
    # As a ruling stored by an older import, or restored without Wagtail's tables, is.
    Ruling.objects.filter(pk=ruling.pk).update(latest_revision=None)
    Revision.objects.for_instance(ruling).delete()
    ModelLogEntry.objects.for_instance(ruling).delete()

    out, _err, ok = run_import(path)
    assert ok and "1 unchanged" in out
    ruling.refresh_from_db()
    assert ruling.latest_revision == Revision.objects.for_instance(ruling).get()
    assert history(ruling) == ["wagtail.create"]


@pytest.mark.slow  # imports into a SQLite database in a process of its own
@pytest.mark.xdist_group("sqlite")
def test_on_sqlite_a_folder_ends_as_on_postgresql(tmp_path, migrated_sqlite):
    """``make run`` imports the demo's rulings into SQLite: the same rows come out."""
    migrated, fresh = migrated_sqlite
    assert migrated.returncode == 0, migrated.stderr[-2000:]
    folder = varied_folder(tmp_path / "exports")
    database = tmp_path / "db.sqlite3"
    shutil.copyfile(fresh, database)  # a copy of the migrated database, written to here
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "rulesage.settings.dev",
        "DATABASE_URL": f"sqlite:///{database}",
        "PAGE_CACHE_DIR": str(tmp_path / "pages"),
    }
    env.pop("REDIS_URL", None)
    script = (
        "import json, django; django.setup()\n"
        "from django.core.management import call_command, CommandError\n"
        "try:\n"
        f"    call_command('import_rulings', {str(folder)!r}, '--no-progress')\n"
        "except CommandError:\n"
        "    pass  # the cut copy is refused, as on PostgreSQL\n"
        "from tests.rulings.test_import_folder import stored\n"
        "print('STORED' + json.dumps(stored(), default=str))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    on_sqlite = json.loads(done.stdout.split("STORED", 1)[1])
    run_import(folder)
    on_postgresql = json.loads(json.dumps(stored(), default=str))
    assert on_sqlite == on_postgresql
    assert len(on_sqlite[0]) == 12
