"""A folder of new exports is written a group of files at a time, and ends exactly as if
each file had been written on its own: same rulings, slugs, citations, passages and dates,
revisions and references; a file the database refuses is still refused alone.

Not timed: bench/import_throughput.py measures speed.
"""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from wagtail.models import ReferenceIndex, Revision

from rulings import importing as command
from rulings.models import Citation, Passage, Ruling
from tests.rulings.exports import fail_in_database, make_export, run_import, write_export

pytestmark = pytest.mark.django_db


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


def test_a_folder_written_in_groups_ends_as_written_file_by_file(tmp_path, monkeypatch):
    folder = varied_folder(tmp_path / "exports")
    monkeypatch.setattr(command, "GROUP", 1)
    with CaptureQueriesContext(connection) as file_by_file:
        one_by_one_output = run_import(folder)
    one_by_one = stored()
    Ruling.objects.all().delete()
    Passage.objects.all().delete()
    ReferenceIndex.objects.all().delete()
    Revision.objects.all().delete()

    monkeypatch.setattr(command, "GROUP", 50)
    with CaptureQueriesContext(connection) as in_groups:
        grouped_output = run_import(folder)
    grouped = stored()

    assert grouped_output == one_by_one_output
    # Written as a group indeed (a group that failed would be redone file by file).
    assert len(in_groups.captured_queries) < len(file_by_file.captured_queries) / 2
    _out, err, ok = grouped_output
    assert not ok
    assert "13-cut.txt: this copy has less than the stored ruling" in err
    assert "13 file(s): 12 imported (12 new, 0 updated, 0 unchanged" in err
    assert grouped == one_by_one
    rulings, _citations, passages, (revisions, without_revision, references), contents = grouped
    slugs = [slug for _code, slug, *_rest in rulings]
    assert {"how-do-i-play", "how-do-i-play-2"} <= set(slugs)
    assert len(rulings) == 12 and revisions == 12 and without_revision == 0
    assert references > 0
    # The revisions are the same whether the rulings were read back or kept as written.
    assert len(contents) == 12
    assert all(content["citations"] and content["answered_at"] for content in contents)
    # The passage every file cites (p.3, "SECTION · Part 1") kept the longest snippet,
    # dated with the export it came from.
    part_one = [p for p in passages if p[1] == 3]
    assert all(text.startswith("Rule text longer longer") for _d, _p, _h, text, *_ in part_one)


def test_an_exports_own_time_zone_reads_the_same_in_a_grouped_revision(tmp_path, monkeypatch):
    """A grouped ruling's revision is written from the ruling as written, not read back:
    its answer time, recorded at +02:00, still reads as the database gives it back."""
    from rulings.importers import parse_file
    from rulings.importers.read.json_export import to_json_dict

    for n in range(3):
        data = to_json_dict(parse_file(write_export(tmp_path, f"{n}.txt", question=f"Q{n}?")))
        data["recorded_at"] = f"2026-10-0{n + 1}T12:00:00+02:00"
        (tmp_path / f"{n}.json").write_text(json.dumps(data), encoding="utf-8")
        (tmp_path / f"{n}.txt").unlink()
    contents = {}
    for group in (1, 50):
        monkeypatch.setattr(command, "GROUP", group)
        assert run_import(tmp_path)[2]
        contents[group] = revision_contents()
        Ruling.objects.all().delete()
        Revision.objects.all().delete()
    assert contents[50] == contents[1]
    assert sorted(content["answered_at"] for content in contents[50]) == [
        "2026-10-01T10:00:00Z",
        "2026-10-02T10:00:00Z",
        "2026-10-03T10:00:00Z",
    ]


def test_a_file_the_database_refuses_in_a_group_is_refused_alone(tmp_path, monkeypatch):
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


def test_forty_new_files_cost_a_few_statements_not_a_few_each(tmp_path, monkeypatch):
    import psycopg

    for n in range(40):
        write_export(tmp_path, f"{n:02d}.txt", question=f"Question {n}?", citations=n % 5 + 1)
    # Rows are inserted by COPY, which Django's query log does not see: count them apart.
    copies = []
    copy = psycopg.Cursor.copy

    def counted(cursor, statement, *args, **kwargs):
        copies.append(statement)
        return copy(cursor, statement, *args, **kwargs)

    monkeypatch.setattr(psycopg.Cursor, "copy", counted)
    with CaptureQueriesContext(connection) as captured:
        _out, err, ok = run_import(tmp_path)
    assert ok, err
    statements = [q["sql"] for q in captured.captured_queries if "SAVEPOINT" not in q["sql"]]
    statements += [str(statement) for statement in copies]
    # The edition, game and document are created once; the forty rulings, their passages,
    # citations, revisions, history and references are written together.
    assert len(statements) <= 40, "\n".join(statements)
    # Their revisions are written from the rows as written: none is read back.
    read_back = [s for s in statements if s.startswith("SELECT") and 'FROM "rulings_citation"' in s]
    assert not read_back, read_back
    assert Ruling.objects.count() == 40
    assert Citation.objects.count() == sum(n % 5 + 1 for n in range(40))


def test_a_batch_that_cannot_be_looked_up_is_imported_file_by_file(tmp_path, monkeypatch):
    from django.db import OperationalError

    from rulings.importers import groups

    def unreachable(*args):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(groups, "_Stored", unreachable)
    for n in range(3):
        write_export(tmp_path, f"{n}.txt", question=f"Question {n}?")
    _out, err, ok = run_import(tmp_path)
    assert ok, err
    assert Ruling.objects.count() == 3


def test_an_unchanged_folder_costs_a_query_per_batch_not_per_file(tmp_path):
    for n in range(30):
        write_export(tmp_path, f"{n:02d}.txt", question=f"Question {n}?", citations=n % 3 + 1)
    assert run_import(tmp_path)[2]
    before = stored()
    with CaptureQueriesContext(connection) as captured:
        out, err, ok = run_import(tmp_path)
    assert ok, err
    assert "30 file(s): 30 imported (0 new, 0 updated, 30 unchanged" in out
    statements = [q["sql"] for q in captured.captured_queries if "SAVEPOINT" not in q["sql"]]
    assert len(statements) == 1, "\n".join(statements)
    assert stored() == before


def test_a_copy_of_the_stored_ruling_after_a_changed_one_is_imported_again(tmp_path):
    """An earlier file of the same batch changes the ruling, so a later copy of what was
    stored is no longer unchanged: the folder ends as its files imported one by one."""
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
    assert Ruling.objects.get().closing_line == "As stored."
