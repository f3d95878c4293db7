"""A ruling is never duplicated or downgraded by a partial copy of its export."""

import importlib

import pytest
from django.apps import apps

from catalogue.models import Document, Edition, Passage
from rulings.importers.identity import Identity
from rulings.models import Citation, Ruling
from tests.rulings.exports import make_export, run_import
from tests.seeds import ARCHAEOLOGY, POINT_CITY, needs_seeds

pytestmark = pytest.mark.django_db

CUT_AT = range(25, 100, 5)  # per cent of the file


def snapshot():
    """Every row an import writes: rulings with their provenance, citations, passages."""
    models = (Edition, Document, Passage, Ruling, Citation)
    return {model.__name__: list(model.objects.values().order_by("pk")) for model in models}


def cut_copies(text):
    """(name, bytes) of copies cut at each point: at a line end, mid-line, mid-byte."""
    lines = text.split("\n")
    data = text.encode()
    for pct in CUT_AT:
        kept = round(len(lines) * pct / 100)
        yield f"{pct}%-at-line-end", ("\n".join(lines[:kept]) + "\n").encode()
        at = len(text) * pct // 100
        while at < len(text) and "\n" in text[at - 1 : at + 1]:
            at += 1  # strictly inside a line
        yield f"{pct}%-mid-line", text[:at].encode()
        yield f"{pct}%-mid-byte", data[: len(data) * pct // 100]


def write(directory, name, text):
    path = directory / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return path


@needs_seeds
@pytest.mark.parametrize("seed", [POINT_CITY, ARCHAEOLOGY], ids=["point-city", "archaeology"])
def test_cut_copies_leave_the_ruling_and_its_provenance_unchanged(tmp_path, seed):
    _out, err, ok = run_import(seed)
    assert ok, err
    before = snapshot()
    stored = Ruling.objects.get()
    outcomes = {}
    for name, data in cut_copies(seed.read_text(encoding="utf-8")):
        out, err, ok = run_import(write(tmp_path, f"{name}.txt", data))
        assert "created:" not in out and "updated:" not in out, (name, out)
        assert snapshot() == before, name
        outcomes[name] = "unchanged" if ok else err.split("\n", 1)[0]
    assert Ruling.objects.public().count() == 1
    # The cuts that drop the timestamp line used to make a second public ruling; they are
    # now matched to the stored one and refused for what they would lose.
    losing = [o for o in outcomes.values() if "this copy has less than the stored ruling" in o]
    # Archaeology's export has no answer date, only a retention deadline: its identity.
    stamp = "timestamp" if seed == POINT_CITY else "retention date (2026-11-29T21:40:00+00:00)"
    assert any(f"the exporting system's {stamp}" in o for o in losing), outcomes
    assert any("tokens out" in o for o in losing), outcomes
    assert all(stored.get_absolute_url() in o for o in losing)
    assert len(outcomes) == 3 * len(CUT_AT)


def test_a_copy_cut_before_its_timestamp_is_the_same_ruling(tmp_path):
    full = make_export(question="Can I pass?")
    run_import(write(tmp_path, "full.txt", full))
    cut = full[: full.index("debug row recorded")]
    _out, err, ok = run_import(write(tmp_path, "cut.txt", cut))
    assert not ok
    assert "cut.txt: this copy has less than the stored ruling" in err
    assert "the exporting system's timestamp (2026-10-01 10:00 UTC)" in err
    assert "tokens in; tokens out" in err
    assert "Nothing was written" in err
    assert Ruling.objects.count() == 1


def test_a_cut_copy_imported_first_is_completed_by_the_full_copy(tmp_path):
    full = make_export(question="Can I pass?")
    _out, err, ok = run_import(write(tmp_path, "cut.txt", full[: full.index("debug row recorded")]))
    assert ok, err
    cut_ruling = Ruling.objects.get()
    assert cut_ruling.answered_at is None and cut_ruling.tokens_out is None

    out, err, ok = run_import(write(tmp_path, "full.txt", full))
    assert ok, err
    assert "updated:" in out
    ruling = Ruling.objects.get()
    assert ruling.pk == cut_ruling.pk
    assert ruling.answered_at.isoformat() == "2026-10-01T10:00:00+00:00"
    assert ruling.tokens_out == 200
    timed = Identity.of(ruling.edition.code, ruling.question, ruling.answered_at.isoformat())
    assert ruling.import_key == timed.import_key
    _out, _err, ok = run_import(write(tmp_path, "again.txt", full))
    assert ok and Ruling.objects.count() == 1


def test_the_same_question_answered_again_is_a_new_ruling(tmp_path):
    run_import(write(tmp_path, "first.txt", make_export(recorded="Oct 1, 2026 10:00 UTC")))
    out, _err, ok = run_import(
        write(tmp_path, "second.txt", make_export(recorded="Oct 2, 2026 9:00 UTC"))
    )
    assert ok and "created:" in out
    assert Ruling.objects.count() == 2


def test_an_untimed_copy_of_one_of_several_answers_is_refused(tmp_path):
    first = make_export(recorded="Oct 1, 2026 10:00 UTC")
    run_import(write(tmp_path, "first.txt", first))
    run_import(write(tmp_path, "second.txt", make_export(recorded="Oct 2, 2026 09:00 UTC")))
    before = snapshot()
    _out, err, ok = run_import(
        write(tmp_path, "cut.txt", first[: first.index("debug row recorded")])
    )
    assert not ok
    assert "this copy has no timestamp ('debug row recorded:' line)" in err
    assert "already has 2 rulings for this question" in err
    assert "2026-10-01 10:00 UTC, 2026-10-02 09:00 UTC" in err
    assert snapshot() == before


def test_identity_normalises_the_question(tmp_path):
    run_import(write(tmp_path, "a.txt", make_export(question="Can I  pass?")))
    out, _err, ok = run_import(write(tmp_path, "b.txt", make_export(question="can i\npass?")))
    assert ok
    assert Ruling.objects.count() == 1
    assert "updated:" in out  # same ruling; the wording of the question is refreshed


def test_a_reviewed_ruling_keeps_its_answer_and_refuses_less_provenance(tmp_path):
    full = make_export(closing="First.")
    run_import(write(tmp_path, "a.txt", full))
    Ruling.objects.update(status=Ruling.Status.VERIFIED, answer="An editor's answer.[1][2]")
    out, _err, ok = run_import(write(tmp_path, "a.txt", make_export(closing="Second.")))
    assert ok and "kept (reviewed):" in out
    assert Ruling.objects.get().answer == "An editor's answer.[1][2]"
    before = snapshot()
    _out, err, ok = run_import(write(tmp_path, "cut.txt", full[: full.index("generation —")]))
    assert not ok
    assert "would lose tokens in; tokens out" in err
    assert snapshot() == before


def test_an_export_without_provenance_cut_in_its_references(tmp_path):
    full = make_export(citations=3)
    reader_part = full[: full.index("🔧")]
    run_import(write(tmp_path, "reader.txt", reader_part))
    before = snapshot()
    cut = reader_part[: reader_part.index("[3] RULEBOOK")]
    _out, err, ok = run_import(write(tmp_path, "cut.txt", cut))
    assert not ok
    assert "citations [3]" in err
    assert "the closing line, or its end" in err
    assert snapshot() == before


def test_a_file_that_stops_after_the_question_is_refused(tmp_path):
    full = make_export()
    _out, err, ok = run_import(write(tmp_path, "cut.txt", full[: full.index("A claim.")]))
    assert not ok
    assert "nothing follows the question: no answer, references or provenance" in err
    assert not Ruling.objects.exists()


def test_migration_gives_existing_rulings_their_keys(tmp_path):
    """Rulings imported before 0004 carry keys made with the old question rule."""
    import hashlib

    run_import(write(tmp_path, "a.txt", make_export(question="Can I Pass?")))
    ruling = Ruling.objects.get()
    old = "\n".join([ruling.edition.code, "Can I Pass?", ruling.answered_at.isoformat()])
    Ruling.objects.update(import_key=hashlib.sha256(old.encode()).hexdigest(), question_key=None)

    migration = importlib.import_module("rulings.migrations.0004_ruling_question_key")
    migration.add_question_keys(apps, None)
    ruling.refresh_from_db()
    identity = Identity.of(ruling.edition.code, "Can I Pass?", ruling.answered_at.isoformat())
    assert (ruling.import_key, ruling.question_key) == (
        identity.import_key,
        identity.question_key,
    )
    out, _err, ok = run_import(write(tmp_path, "a.txt", make_export(question="Can I Pass?")))
    assert ok and "unchanged:" in out
