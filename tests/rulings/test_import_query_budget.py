"""An import costs the same number of queries per file whatever the file holds.

Citations, passages and documents are written in bulk and looked up once per run, so a file
with forty citations costs what a file with one costs; what was written in bulk still obeys
the passage rules (snippets dated and never over an editor's rulebook text) and is found by
search. Not timed: bench/import_throughput.py measures speed.
"""

from datetime import date

import pytest
from django.db import DataError, connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from wagtail.search.backends import get_search_backend
from wagtail.search.models import IndexEntry

from catalogue.models import Edition, Passage
from rulings.importers.store import ImportResult, ImportRun, import_file
from rulings.models import Citation, Ruling
from tests.rulings.exports import fail_in_database, run_import, write_export

pytestmark = pytest.mark.django_db

# Queries for one new ruling once its edition and documents are known to the import
# (finding the stored ruling, passages, flags, slug, ruling, citations, its revision,
# history line, references and the database token), and one update making that revision
# the published one (rulings have drafts; an import publishes what it writes). A ceiling
# to notice a per-row query creeping back in.
NEW_RULING_BUDGET = 19


def queries_to_import(path, run):
    """Statements one import sends, less the savepoints that stand in, inside the test's
    transaction, for the file's own BEGIN and COMMIT."""
    with CaptureQueriesContext(connection) as captured:
        result = import_file(path, run=run)
    statements = [q["sql"] for q in captured.captured_queries]
    return sum(1 for sql in statements if "SAVEPOINT" not in sql), result


@pytest.fixture
def run(tmp_path):
    """An import that has already read one file of the edition, as a folder's has."""
    run = ImportRun()
    import_file(write_export(tmp_path, "first.txt", question="First?", citations=1), run=run)
    return run


def test_a_new_ruling_costs_the_same_with_1_or_40_citations(tmp_path, run):
    # New headings, so every file's passages are new too and all of them are written.
    one, _ = queries_to_import(
        write_export(tmp_path, "one.txt", question="One?", citations=1, heading="ONE"),
        run,
    )
    forty, result = queries_to_import(
        write_export(tmp_path, "forty.txt", question="Forty?", citations=40, heading="FORTY"),
        run,
    )
    assert result.outcome == ImportResult.CREATED
    assert result.ruling.citations.count() == 40
    assert Passage.objects.filter(heading_path__startswith="FORTY").count() == 40
    assert forty == one
    assert one <= NEW_RULING_BUDGET


def test_an_update_costs_the_same_with_1_or_40_citations(tmp_path, run):
    costs = {}
    for citations in (1, 40):
        name = f"update-{citations}.txt"
        question = f"Updated with {citations}?"
        import_file(write_export(tmp_path, name, question=question, citations=citations))
        changed = write_export(
            tmp_path, name, question=question, citations=citations, closing="Changed."
        )
        costs[citations], result = queries_to_import(changed, run)
        assert result.outcome == ImportResult.UPDATED
        assert result.ruling.citations.count() == citations
    assert costs[40] == costs[1]


def test_an_unchanged_file_costs_one_query(tmp_path, run):
    path = write_export(tmp_path, "same.txt", question="Same?", citations=40)
    import_file(path, run=run)
    count, result = queries_to_import(path, run)
    assert result.outcome == ImportResult.UNCHANGED
    assert count == 1  # finding the stored ruling by its import key


def test_a_longer_snippet_replaces_a_shorter_one_but_never_rulebook_text(tmp_path):
    import_file(write_export(tmp_path, "a.txt", question="A?", citations=2, snippet="Short."))
    first, second = Passage.objects.filter(page__in=(3, 4)).order_by("page")
    Passage.objects.filter(pk=second.pk).update(
        text="The rulebook's own words.", text_origin=Passage.TextOrigin.RULEBOOK
    )
    import_file(
        write_export(
            tmp_path,
            "b.txt",
            question="B?",
            citations=2,
            snippet="A much longer snippet of the same passage.",
            recorded="Nov 2, 2026 09:30 UTC",
        )
    )
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.text == "A much longer snippet of the same passage. (1)"
    assert first.text_origin == Passage.TextOrigin.SEARCH_SNIPPET
    assert first.text_exported_at.isoformat() == "2026-11-02T09:30:00+00:00"
    assert (second.text, second.text_origin) == (
        "The rulebook's own words.",
        Passage.TextOrigin.RULEBOOK,
    )
    # Both rulings cite the one passage at each place: no duplicates were created.
    assert Passage.objects.count() == 2
    assert set(Citation.objects.values_list("passage_id", flat=True)) == {first.pk, second.pk}


def test_passages_written_in_bulk_are_found_by_search(tmp_path):
    run = ImportRun()
    import_file(write_export(tmp_path, "a.txt", snippet="Harbour tokens are returned"), run=run)
    changed = write_export(tmp_path, "b.txt", question="B?", snippet="Harbour tokens go back")
    import_file(changed, run=run)
    found = get_search_backend("site_en").search(
        "harbour", Passage, fields=["heading_path", "text"]
    )
    assert sorted(p.heading_path for p in found) == ["SECTION · Part 1", "SECTION · Part 2"]
    assert not run.problems
    # Nothing was copied into Wagtail's admin index (core.admin_search_backend).
    assert not IndexEntry.objects.filter(content_type__model__in=["passage", "ruling"]).exists()


def test_editors_find_imported_passages_in_the_admin(tmp_path, admin_client):
    import_file(write_export(tmp_path, "a.txt", snippet="Harbour tokens are returned"))
    listing = admin_client.get(reverse("wagtailsnippets_catalogue_passage:list"), {"q": "harbour"})
    assert listing.status_code == 200
    assert "SECTION · Part 1" in listing.content.decode()
    nothing = admin_client.get(reverse("wagtailsnippets_catalogue_passage:list"), {"q": "zebra"})
    assert "SECTION · Part 1" not in nothing.content.decode()


def test_a_rolled_back_file_leaves_the_run_able_to_import_the_next(tmp_path, run, monkeypatch):
    """The run forgets the edition and documents a rolled-back file created."""
    fail_in_database(monkeypatch, "broken.txt", "the database refused it")
    broken = write_export(tmp_path, "broken.txt", question="Broken?", code="bg-900009-en-1e")
    with pytest.raises(DataError):
        import_file(broken, run=run)
    assert not Edition.objects.filter(code="bg-900009-en-1e").exists()

    good = write_export(tmp_path, "good.txt", question="Good?", code="bg-900009-en-1e")
    assert import_file(good, run=run).outcome == ImportResult.CREATED
    ruling = Ruling.objects.get(edition__code="bg-900009-en-1e")
    assert ruling.citations.count() == 2
    assert ruling.edition.documents.count() == 1


def test_the_run_never_moves_an_errata_check_back(tmp_path, run):
    """An editor who records an errata check during a run keeps it; later exports of the
    run only move the date forward (the run's edition may be older than the database)."""
    edition = Edition.objects.get(code="bg-900001-en-1e")
    import_file(write_export(tmp_path, "oct5.txt", question="Oct 5?"), run=run)
    edition.refresh_from_db()
    assert str(edition.errata_checked_on) == "2026-10-01"  # make_export's timestamp
    Edition.objects.filter(pk=edition.pk).update(errata_checked_on=date(2026, 12, 1))
    later = write_export(tmp_path, "nov.txt", question="Nov?", recorded="Nov 3, 2026 10:00 UTC")
    import_file(later, run=run)
    edition.refresh_from_db()
    assert edition.errata_checked_on == date(2026, 12, 1)
    latest = write_export(tmp_path, "dec.txt", question="Dec?", recorded="Dec 20, 2026 10:00 UTC")
    import_file(latest, run=run)
    edition.refresh_from_db()
    assert edition.errata_checked_on == date(2026, 12, 20)


@pytest.fixture
def search_server(settings):
    """A backend that keeps its own copy of every indexed model, as a search server does
    (Wagtail's database backend stands in for it)."""
    settings.WAGTAILSEARCH_BACKENDS = {
        **settings.WAGTAILSEARCH_BACKENDS,
        "server": {"BACKEND": "wagtail.search.backends.database", "AUTO_UPDATE": True},
    }


def test_a_search_server_gets_what_each_file_wrote(tmp_path, search_server):
    run = ImportRun()
    import_file(write_export(tmp_path, "a.txt", snippet="Harbour tokens are returned"), run=run)
    found = get_search_backend("server").search("harbour", Passage)
    assert sorted(p.heading_path for p in found) == ["SECTION · Part 1", "SECTION · Part 2"]
    assert get_search_backend("server").search("pass", Ruling).count() == 1
    assert not run.problems


def test_a_search_server_that_refuses_a_batch_is_reported(tmp_path, search_server, monkeypatch):
    from modelsearch.backends.database.postgres.postgres import PostgresSearchBackend

    def refuse(self, model, objects):
        raise ConnectionError("search server down")

    monkeypatch.setattr(PostgresSearchBackend, "add_bulk", refuse)
    _out, err, ok = run_import(write_export(tmp_path, "a.txt", question="Still here?"))
    assert ok
    assert Ruling.objects.filter(question="Still here?").exists()
    assert "a.txt: not added to the search index (ConnectionError: search server down)" in err
    assert "`manage.py update_index` adds it" in err
