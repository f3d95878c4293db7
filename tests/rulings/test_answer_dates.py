"""A ruling's dates mean what they say: a retention deadline is never its answer date."""

import datetime
import importlib
import json
from dataclasses import replace

import pytest
from bs4 import BeautifulSoup
from django.utils import timezone, translation

from catalogue.models import Edition, Passage
from rulings.importers.files import parse_file
from rulings.importers.json_export import dump_json, parse_json
from rulings.importers.parsed import content_hash
from rulings.models import Ruling
from tests.rulings.exports import make_export, run_import
from tests.rulings.fixtures import BeforeTheCatalogue

pytestmark = pytest.mark.django_db

RECORDED = "debug row recorded: Oct 1, 2026 10:00 UTC"
DEADLINE = datetime.datetime(2099, 12, 20, 10, 0, tzinfo=datetime.UTC)


def retention_only(question="Can I pass?", deadline="Dec 20, 2099 10:00 UTC"):
    """An export whose only date is when the exporting system drops its record."""
    text = make_export(question=question)
    assert RECORDED in text
    return text.replace(RECORDED, f"debug row retained until: {deadline}")


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_retention_deadline_is_kept_as_provenance_never_as_the_answer_date(tmp_path):
    parsed = parse_file(write(tmp_path, "kept.txt", retention_only()))
    assert parsed.recorded_at is None
    assert parsed.provenance["retained_until"] == DEADLINE.isoformat()
    assert parsed.warnings == []

    _out, err, ok = run_import(tmp_path / "kept.txt")
    assert ok, err
    ruling = Ruling.objects.get()
    assert ruling.answered_at is None
    assert ruling.provenance["retained_until"] == DEADLINE.isoformat()
    # Nor does it date anything else the import writes.
    assert ruling.edition.errata_checked_on is None
    assert not Passage.objects.filter(text_exported_at__isnull=False).exists()


def test_the_same_file_again_is_unchanged_and_two_deadlines_are_two_answers(tmp_path):
    first = write(tmp_path, "first.txt", retention_only())
    assert run_import(first)[2]
    revisions = Ruling.objects.get().revisions.count()
    for _again in range(2):
        out, err, ok = run_import(first)
        assert ok, err
        assert "1 unchanged" in err + out
    assert Ruling.objects.get().revisions.count() == revisions
    # The same question answered again: its own deadline tells it apart.
    later = write(tmp_path, "later.txt", retention_only(deadline="Jan 5, 2100 08:00 UTC"))
    assert run_import(later)[2]
    assert Ruling.objects.count() == 2
    assert set(Ruling.objects.values_list("answered_at", flat=True)) == {None}


def test_a_ruling_page_without_an_answer_date_says_so_and_never_shows_a_future_date(
    client, tmp_path
):
    assert run_import(write(tmp_path, "kept.txt", retention_only()))[2]
    ruling = Ruling.objects.get()
    for language, expected in (
        ("en", "The export gives no answer date; imported on {date}."),
        ("es", "La exportación no indica la fecha de la respuesta; importada el {date}."),
    ):
        with translation.override(language):
            response = client.get(ruling.get_absolute_url())
        assert response.status_code == 200
        html = response.content.decode()
        page = BeautifulSoup(html, "html.parser")
        today = timezone.localdate()
        date = today.strftime("%-d %B %Y") if language == "en" else None
        provenance = page.select_one(".provenance")
        labels = [dt.get_text(strip=True) for dt in provenance.select("dt")]
        dated = provenance.select_one(".no-answer-date").get_text(" ", strip=True)
        if language == "en":
            assert "Imported on" in labels and "Answered at" not in labels
            assert dated == expected.format(date=date)
        else:
            assert "Fecha de importación" in labels
            assert dated.startswith("La exportación no indica la fecha de la respuesta")
            assert str(today.year) in dated
        assert "2099" not in html
        (data,) = [
            json.loads(script.string)
            for script in page.select('script[type="application/ld+json"]')
            if '"QAPage"' in script.string
        ]
        assert "dateCreated" not in data["mainEntity"]["acceptedAnswer"]
        published = datetime.datetime.fromisoformat(data["datePublished"])
        assert published <= timezone.now()


def test_an_answered_date_is_still_shown_as_the_answer_date(client, tmp_path):
    assert run_import(write(tmp_path, "dated.txt", make_export()))[2]
    ruling = Ruling.objects.get()
    page = BeautifulSoup(client.get(ruling.get_absolute_url()).content, "html.parser")
    provenance = page.select_one(".provenance")
    assert provenance.find("time")["datetime"].startswith("2026-10-01T10:00:00")
    assert not provenance.select(".no-answer-date")


def test_rulings_without_an_answer_date_are_listed_after_the_dated_ones(client, tmp_path):
    assert run_import(write(tmp_path, "undated.txt", retention_only(question="Undated?")))[2]
    assert run_import(write(tmp_path, "dated.txt", make_export(question="Dated?")))[2]
    page = BeautifulSoup(client.get("/en/rulings/").content, "html.parser")
    questions = [a.get_text(strip=True) for a in page.select(".ruling-list > li > a")]
    assert questions == ["Dated?", "Undated?"]


def test_a_json_file_an_earlier_version_wrote_gives_its_deadline_as_provenance(tmp_path):
    """Earlier versions wrote a text export's retention deadline as `recorded_at` (noting
    the line in `recorded_at_source`); read again, it is no answer date."""
    parsed = parse_file(write(tmp_path, "kept.txt", retention_only()))
    earlier = json.loads(dump_json(parsed))
    earlier["recorded_at"] = DEADLINE.isoformat()
    del earlier["provenance"]["retained_until"]
    earlier["provenance"]["recorded_at_source"] = "debug row retained until"
    read = parse_json(json.dumps(earlier), "earlier.json")
    assert read.recorded_at is None
    assert read.provenance["retained_until"] == DEADLINE.isoformat()
    assert "recorded_at_source" not in read.provenance
    assert any("retention deadline" in warning for warning in read.warnings)
    # Written again, it reads back the same.
    assert parse_json(dump_json(read)).provenance == read.provenance


def test_a_json_retention_deadline_must_be_a_date(tmp_path):
    parsed = parse_file(write(tmp_path, "kept.txt", retention_only()))
    data = json.loads(dump_json(parsed))
    data["provenance"]["retained_until"] = "next winter"
    path = write(tmp_path, "bad.json", json.dumps(data, indent=2))
    _out, err, ok = run_import(path)
    assert not ok
    assert "'provenance.retained_until' is not an ISO 8601 date: 'next winter'" in err
    assert not Ruling.objects.exists()


def as_an_earlier_version_stored_it(ruling, parsed):
    """The ruling as the importer stored it while a deadline was read as the answer date."""
    provenance = {k: v for k, v in ruling.provenance.items() if k != "retained_until"}
    provenance["recorded_at_source"] = "debug row retained until"
    earlier = {k: v for k, v in parsed.provenance.items() if k != "retained_until"}
    earlier["recorded_at_source"] = "debug row retained until"
    earlier_hash = content_hash(replace(parsed, recorded_at=DEADLINE, provenance=earlier))
    Ruling.objects.filter(pk=ruling.pk).update(
        answered_at=DEADLINE, provenance=provenance, import_hash=earlier_hash
    )
    revision = ruling.revisions.get()
    revision.content = {**revision.content, "answered_at": DEADLINE.isoformat()}
    revision.save(update_fields=["content"])
    Passage.objects.filter(document__edition=ruling.edition).update(text_exported_at=DEADLINE)
    Edition.objects.filter(pk=ruling.edition_id).update(errata_checked_on=DEADLINE.date())


def test_the_data_migration_clears_a_stored_deadline_and_the_file_stays_unchanged(tmp_path):
    path = write(tmp_path, "kept.txt", retention_only())
    assert run_import(path)[2]
    ruling = Ruling.objects.get()
    dated = write(tmp_path, "dated.txt", make_export(question="Another question?"))
    assert run_import(dated)[2]
    as_an_earlier_version_stored_it(ruling, parse_file(path))

    migration = importlib.import_module("rulings.migrations.0016_dates_mean_what_they_say")
    migration.undate_retention_deadlines(BeforeTheCatalogue(), None)

    ruling.refresh_from_db()
    assert ruling.answered_at is None
    assert ruling.provenance["retained_until"] == DEADLINE.isoformat()
    assert "recorded_at_source" not in ruling.provenance
    assert ruling.revisions.get().content["answered_at"] is None
    assert not Passage.objects.filter(text_exported_at=DEADLINE).exists()
    # The edition's "no errata as of" date is the dated export's again, not the deadline.
    assert ruling.edition.__class__.objects.get(pk=ruling.edition_id).errata_checked_on == (
        datetime.date(2026, 10, 1)
    )
    # The same file, imported again, is that ruling unchanged: nothing is written.
    revisions = ruling.revisions.count()
    out, err, ok = run_import(path)
    assert ok, err
    assert "1 unchanged" in err + out
    ruling.refresh_from_db()
    assert ruling.answered_at is None and ruling.revisions.count() == revisions
