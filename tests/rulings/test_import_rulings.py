"""`manage.py import_rulings`: faithful, idempotent, each file whole or not at all."""

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from catalogue.models import Edition, Game, Passage
from rulings.models import Citation, Ruling
from tests.rulings.exports import run_import, write_export
from tests.seeds import SEEDS, needs_seeds

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def snapshot():
    """Everything an import writes, to prove a second import or a refusal changes nothing."""
    return {
        "rulings": list(Ruling.objects.values().order_by("pk")),
        "citations": list(Citation.objects.values().order_by("pk")),
        "passages": list(Passage.objects.values().order_by("pk")),
        "editions": list(Edition.objects.values().order_by("pk")),
    }


@needs_seeds
def test_seed_exports_import_faithfully():
    out, _err, ok = run_import(*sorted(SEEDS.glob("ruling-*.txt")))
    assert ok
    assert Ruling.objects.count() == 2
    point_city = Ruling.objects.get(edition__code="bg-368017-en-1e")
    archaeology = Ruling.objects.get(edition__code="bg-191300-en-1e")
    assert point_city.citations.count() == 6
    assert archaeology.citations.count() == 5
    assert point_city.question == "How do I play?"
    assert point_city.closing_line == "Rule found, game on."
    assert point_city.tokens_out == 1024
    assert point_city.timings == {"search": 90, "ask": 6588, "total": 6679}
    assert point_city.answerer.startswith("gemma4:26b")
    assert point_city.answered_at.isoformat() == "2026-09-06T13:08:00+00:00"
    assert point_city.edition.external_id == "965"
    assert str(point_city.edition.errata_checked_on) == "2026-09-06"
    assert "**Setup**" in archaeology.answer
    # passages come from the retrieval results, keyed by document id, page and heading
    rulebook = point_city.edition.documents.get(external_id="1035")
    assert rulebook.title == "Point City — Rulebook"
    turn_end = rulebook.passages.get(page=8, heading_path="TURN END")
    assert turn_end.text.startswith("Once you have drafted two cards")
    assert rulebook.passages.filter(page=9, heading_path="GAME END · SCORING").exists()
    citation = point_city.citations.get(n=5)
    assert citation.passage == turn_end
    # the retrieval record is kept verbatim as data
    assert point_city.retrieval[0]["score"] == 0.047875
    assert "errata registry — what the gate above had to match against" in str(
        point_city.provenance
    )
    # every imported ruling's public URL is printed
    assert f"http://testserver{point_city.get_absolute_url()}" in out
    assert f"http://testserver{archaeology.get_absolute_url()}" in out


@needs_seeds
def test_point_city_seed_is_flagged_cut_off():
    run_import(SEEDS / "ruling-point-city-how-to-play.txt")
    ruling = Ruling.objects.get()
    cut_off = [flag["message"] for flag in ruling.flags if flag["code"] == "cut_off"]
    assert any("generation cap" in message for message in cut_off)
    assert any("End of Game and Scoring" in message for message in cut_off)


@needs_seeds
def test_reimporting_changes_nothing():
    seeds = sorted(SEEDS.glob("ruling-*.txt"))
    run_import(*seeds)
    before = snapshot()
    out, _err, ok = run_import(*seeds)
    assert ok
    assert snapshot() == before
    assert "2 unchanged" in out


def test_unseen_exports_import_correctly():
    out, err, ok = run_import(
        FIXTURES / "twenty-citations.txt",
        FIXTURES / "abstained.txt",
        FIXTURES / "adjacent-markers.txt",
        FIXTURES / "unknown-extras.txt",
        FIXTURES / "reordered.txt",
        FIXTURES / "azul-floor-line.json",
    )
    assert ok, err
    assert Ruling.objects.count() == 6
    twenty = Ruling.objects.get(source_file="twenty-citations.txt")
    assert twenty.citations.count() == 20
    assert sorted(twenty.citations.values_list("n", flat=True)) == list(range(1, 21))
    abstained = Ruling.objects.get(source_file="abstained.txt")
    assert abstained.outcome == Ruling.Outcome.ABSTAINED
    assert abstained.abstain_rationale
    assert Ruling.objects.get(source_file="reordered.txt").outcome == "needs_editor"


def test_a_json_copy_of_an_imported_export_changes_nothing(tmp_path):
    from rulings.importers.files import parse_file
    from rulings.importers.json_export import dump_json

    text = write_export(tmp_path, "a.txt", question="Can I pass?")
    run_import(text)
    before = snapshot()
    copy = tmp_path / "a-copy.json"
    copy.write_text(dump_json(parse_file(text)), encoding="utf-8")
    out, _err, ok = run_import(copy)
    assert ok
    assert "1 unchanged" in out
    assert snapshot() == before


def test_changed_export_updates_instead_of_duplicating(tmp_path):
    path = write_export(tmp_path, "a.txt", question="Can I pass?", closing="First.")
    run_import(path)
    write_export(tmp_path, "a.txt", question="Can I pass?", closing="Second.")
    out, _err, ok = run_import(path)
    assert ok
    assert Ruling.objects.count() == 1
    assert Ruling.objects.get().closing_line == "Second."
    assert "1 updated" in out


@pytest.mark.parametrize(
    "fixture, line",
    [("refuse-truncated-json.txt", 21), ("refuse-no-question.txt", 2)],
)
def test_broken_exports_are_refused_and_write_nothing(fixture, line):
    before = snapshot()
    _out, err, ok = run_import(FIXTURES / fixture)
    assert not ok
    assert f"{fixture}:{line}:" in err
    assert "1 refused" in err
    assert snapshot() == before


def test_each_file_is_its_own_transaction(tmp_path):
    good = write_export(tmp_path, "good.txt", question="Is this fine?")
    bad = FIXTURES / "refuse-truncated-json.txt"
    also_good = write_export(
        tmp_path, "also-good.txt", question="Another one?", code="bg-900002-en-1e"
    )
    out, err, ok = run_import(good, bad, also_good)
    assert not ok  # non-zero exit because one file failed
    assert Ruling.objects.count() == 2
    assert "refuse-truncated-json.txt:21:" in err
    assert "3 file(s): 2 imported" in err


def test_a_new_game_named_like_another_gets_the_next_free_slug(tmp_path):
    first = write_export(tmp_path, "a.txt", code="bg-900001-en-1e")
    second = write_export(tmp_path, "b.txt", question="Another one?", code="bg-900002-en-1e")
    _out, err, ok = run_import(first, second)
    assert ok, err
    assert sorted(Game.objects.values_list("slug", flat=True)) == ["test-game", "test-game-2"]


def test_missing_file_is_a_clear_refusal(tmp_path):
    _out, err, ok = run_import(tmp_path / "nope.txt")
    assert not ok
    assert "nope.txt: cannot read" in err


def test_printed_links_use_the_sites_address(tmp_path, settings):
    path = write_export(tmp_path, "a.txt")
    settings.RULESAGE_BASE_URL = "https://rulesage.example/"
    out, _err, ok = run_import(path)
    ruling = Ruling.objects.get()
    assert ok
    assert f"created: https://rulesage.example{ruling.get_absolute_url()}  (a.txt)" in out

    out = StringIO()
    call_command(
        "import_rulings", str(path), "--no-progress", "--base-url=http://127.0.0.1:8101", stdout=out
    )
    assert f"unchanged: http://127.0.0.1:8101{ruling.get_absolute_url()}" in out.getvalue()

    settings.RULESAGE_BASE_URL = ""  # nothing configured: paths, right on any host and port
    out, _err, ok = run_import(path)
    assert f"unchanged: {ruling.get_absolute_url()}  (a.txt)" in out
    assert ":8000" not in out


def test_a_malformed_base_url_stops_before_importing(tmp_path):
    path = write_export(tmp_path, "a.txt")
    with pytest.raises(CommandError, match="must be an http"):
        call_command("import_rulings", str(path), "--base-url=127.0.0.1:8101", stdout=StringIO())
    assert not Ruling.objects.exists()
