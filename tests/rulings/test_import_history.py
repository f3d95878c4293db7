"""Every imported ruling has its history: a revision that is its latest, a "created" line an
editor sees in the admin, and its references in Wagtail's reference index — whether the
run wrote them in bulk after the files committed, or a later run had to finish the job."""

import os
import time

import pytest
from django.db import connection
from django.urls import reverse
from wagtail.models import ModelLogEntry, ReferenceIndex, Revision

from rulings.importers.bookkeeping import Bookkeeping
from rulings.importers.run import ImportRun
from rulings.importers.store import ImportResult, import_file
from rulings.models import Ruling
from tests.rulings.exports import run_import, write_export

pytestmark = pytest.mark.django_db


def history(ruling):
    return list(
        ModelLogEntry.objects.for_instance(ruling).values_list("action", flat=True).order_by("pk")
    )


def test_a_folder_import_gives_each_new_ruling_its_revision_history_and_references(
    tmp_path, admin_client
):
    paths = [
        write_export(tmp_path, f"{n}.txt", question=f"Question {n}?", citations=n % 3 + 1)
        for n in range(5)
    ]
    _out, _err, ok = run_import(*paths)
    assert ok
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


def test_an_editors_save_before_the_batch_stays_the_latest_revision(tmp_path):
    with ImportRun() as run:
        result = import_file(write_export(tmp_path, "a.txt", question="Mine?"), run=run)
        assert result.outcome == ImportResult.CREATED
        ruling = Ruling.objects.get(pk=result.ruling.pk)
        ruling.answer = "An editor's answer."
        editors = ruling.save_revision(clean=False)
    ruling.refresh_from_db()
    assert ruling.latest_revision_id == editors.pk
    # The import's revision is dated at its file's commit: before the editor's, as it was.
    imported, edited = Revision.objects.for_instance(ruling).order_by("created_at")
    assert edited.pk == editors.pk
    assert imported.content["answer"] != "An editor's answer."


def test_a_ruling_left_without_its_history_gets_it_on_the_next_import(tmp_path):
    path = write_export(tmp_path, "a.txt", question="Interrupted?")
    run_import(path)
    ruling = Ruling.objects.get()
    # As a run killed between the file's commit and its batch leaves it.
    Ruling.objects.filter(pk=ruling.pk).update(latest_revision=None)
    Revision.objects.for_instance(ruling).delete()
    ModelLogEntry.objects.for_instance(ruling).delete()

    out, _err, ok = run_import(path)
    assert ok and "1 unchanged" in out
    ruling.refresh_from_db()
    assert ruling.latest_revision == Revision.objects.for_instance(ruling).get()
    assert history(ruling) == ["wagtail.create"]


def refuse(due):
    raise RuntimeError("disk full")


def test_a_batch_the_database_refuses_is_reported_and_the_rulings_stay(tmp_path, monkeypatch):
    monkeypatch.setattr(Bookkeeping, "write", staticmethod(refuse))
    _out, err, ok = run_import(write_export(tmp_path, "a.txt", question="Kept?"))
    assert ok
    assert Ruling.objects.filter(question="Kept?").exists()
    assert "1 imported ruling(s) have no revision or history yet" in err
    assert "importing the same files again writes them" in err


def other_connections():
    """The other sessions open on the test database (earlier tests may have left some)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
        )
        return {pid for (pid,) in cursor.fetchall()}


def closed_since(before, seconds=5.0):
    """Whether every session opened since ``before`` has ended (a server session ends a
    moment after its client closes it)."""
    deadline = time.monotonic() + seconds
    while other_connections() - before:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_beside_a_postgresql_import_the_history_is_written_in_a_process_of_its_own(
    tmp_path, monkeypatch
):
    """Outside a transaction (as ``manage.py import_rulings`` runs), for a folder of more
    than a batch of files, batches of history are written in a second process with its own
    connection: complete when the command returns, that connection closed, and the
    import's own connection still working."""
    monkeypatch.setattr(Bookkeeping, "BATCH", 2)
    writers = tmp_path / "writers"
    write = Bookkeeping.write

    def noted(due):
        # Runs in the forked process: what it notes must reach the test through a file.
        with writers.open("a") as handle:
            handle.write(f"{os.getpid()} {len(due)}\n")
        write(due)

    monkeypatch.setattr(Bookkeeping, "write", staticmethod(noted))
    before = other_connections()
    folder = tmp_path / "exports"
    folder.mkdir()
    for n in range(5):
        write_export(folder, f"{n}.txt", question=f"Question {n}?", citations=n % 3 + 1)
    _out, _err, ok = run_import(folder)
    assert ok
    batches = [line.split() for line in writers.read_text().splitlines()]
    assert {pid for pid, _size in batches} != {str(os.getpid())}
    assert len({pid for pid, _size in batches}) == 1
    assert sum(int(size) for _pid, size in batches) == 5
    for ruling in Ruling.objects.all():
        assert ruling.latest_revision == Revision.objects.for_instance(ruling).get()
        assert len(ruling.latest_revision.content["citations"]) == ruling.citations.count()
        assert history(ruling) == ["wagtail.create"]
        assert ReferenceIndex.get_references_for_object(ruling).exists()
    assert closed_since(before)

    # A batch refused in that process is reported by the command, as in place.
    monkeypatch.setattr(Bookkeeping, "write", staticmethod(refuse))
    for n in range(3):
        write_export(folder, f"late-{n}.txt", question=f"Late {n}?")
    _out, err, ok = run_import(folder)
    assert ok
    assert Ruling.objects.filter(question="Late 2?").exists()
    assert "imported ruling(s) have no revision or history yet (RuntimeError: disk full)" in err
    assert closed_since(before)


def vanish(due):
    os._exit(3)  # as a process killed by the system would end


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_bookkeeping_process_that_dies_is_reported_and_the_rulings_stay(tmp_path, monkeypatch):
    monkeypatch.setattr(Bookkeeping, "BATCH", 2)
    monkeypatch.setattr(Bookkeeping, "write", staticmethod(vanish))
    before = other_connections()
    for n in range(5):
        write_export(tmp_path, f"{n}.txt", question=f"Question {n}?")
    _out, err, ok = run_import(tmp_path)
    assert ok
    assert Ruling.objects.count() == 5
    assert "the bookkeeping process ended early" in err
    assert "importing the same files again writes them" in err
    assert closed_since(before)

    # As it says: the next import writes the history the process did not.
    monkeypatch.undo()
    _out, _err, ok = run_import(tmp_path)
    assert ok
    for ruling in Ruling.objects.all():
        assert ruling.latest_revision == Revision.objects.for_instance(ruling).get()
        assert history(ruling) == ["wagtail.create"]
