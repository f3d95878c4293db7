"""What an import writes in bulk is stored exactly as Django's own writes would store it:
rows sent by COPY, rows joined as a table, errata looked up for hundreds of passages at
once, and the whole import on SQLite (``make run``) as on PostgreSQL.

Not timed: bench/import_throughput.py measures speed.
"""

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.forms.models import model_to_dict
from django.utils.translation import gettext_lazy

from rulings.importers.passages import PassageWriter
from rulings.importers.rows import copy_rows, update_as_rows
from rulings.models import Document, ErrataCard, Passage, Ruling
from tests.rulings.factories import DocumentFactory, errata_card
from tests.rulings.test_import_groups import stored, varied_folder

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
MADRID = datetime.timezone(datetime.timedelta(hours=2))


def a_ruling(edition, slug):
    return Ruling(
        edition=edition,
        slug=slug,
        question="Does a naive hour move?",
        answer="It does not.[1]",
        # A lazily translated label is stored as its text.
        outcome_label=gettext_lazy("Answered"),
        answered_at=datetime.datetime(2026, 10, 1, 12, 0, tzinfo=MADRID),
        timings={"retrievalMs": 12, "nested": {"list": [1, "two", None]}},
        tokens_in=None,
        tokens_out=300,
        provenance={"answerer": "gpt", "unicode": "Año · ½"},
        flags=[{"code": "uncited", "n": 1}],
        flag_count=1,
    )


def readable(ruling):
    values = model_to_dict(ruling, exclude=["id", "slug", "search_en", "search_es"])
    values.pop("latest_revision", None)
    return values


def test_rows_copied_read_back_as_djangos_bulk_create_leaves_them(edition):
    Ruling.objects.bulk_create([a_ruling(edition, "by-django")])
    copied = a_ruling(edition, "by-copy")
    copy_rows([copied], keys=True)

    by_django = Ruling.objects.get(slug="by-django")
    by_copy = Ruling.objects.get(slug="by-copy")
    assert by_copy.pk == copied.pk
    assert readable(by_copy) == readable(by_django)
    assert by_copy.outcome_label == "Answered"
    # auto_now and auto_now_add are set as a save sets them.
    assert by_copy.created_at and by_copy.updated_at
    assert abs(by_copy.created_at - by_django.created_at) < datetime.timedelta(minutes=1)


def test_rows_updated_by_key_store_the_new_values(edition):
    document = DocumentFactory(edition=edition)
    passages = [
        Passage.objects.create(document=document, page=n, heading_path=f"H{n}", anchor=f"p{n}")
        for n in range(3)
    ]
    when = datetime.datetime(2026, 10, 2, 9, 30, tzinfo=MADRID)
    for n, passage in enumerate(passages[:2]):
        passage.text = f"Snippet {n} — «quoted», 'single', \\ back"
        passage.text_origin = Passage.TextOrigin.SEARCH_SNIPPET
        passage.text_exported_at = when
    update_as_rows(passages[:2], ["text", "text_origin", "text_exported_at"])

    stored_texts = dict(Passage.objects.values_list("page", "text"))
    assert stored_texts == {
        0: passages[0].text,
        1: "Snippet 1 — «quoted», 'single', \\ back",
        2: "",
    }
    assert Passage.objects.get(page=1).text_exported_at == when


def test_stored_passages_are_found_by_their_place_with_a_page_or_without(edition):
    """The lookup of a group's passages finds each stored one, page or no page, and only
    those: a place not stored yet is written as a new passage, never matched to a
    neighbour under the same heading."""
    document = DocumentFactory(edition=edition)
    stored_rows = [
        Passage(document=document, page=page, heading_path=heading, anchor=f"a{n}")
        for n, (page, heading) in enumerate(
            [(3, "SETUP"), (4, "SETUP"), (None, "SETUP"), (None, "SCORING"), (3, "SCORING")]
        )
    ]
    Passage.objects.bulk_create(stored_rows)
    writer = PassageWriter(None, [])
    for page, heading in [(4, "SETUP"), (None, "SETUP"), (None, "SCORING"), (5, "SETUP")]:
        writer.want(document.pk, page, heading, "Snippet")
    found = writer.save()
    by_place = {(p.page, p.heading_path): p.pk for p in stored_rows}
    for place in [(4, "SETUP"), (None, "SETUP"), (None, "SCORING")]:
        assert found[(document.pk, *place)].pk == by_place[place]
    assert found[(document.pk, 5, "SETUP")].pk not in by_place.values()
    assert Passage.objects.filter(document=document).count() == 6


def test_errata_for_hundreds_of_passages_are_the_cards_for_each(edition):
    document = DocumentFactory(edition=edition)
    passages = Passage.objects.bulk_create(
        Passage(document=document, page=n, heading_path="H", anchor=f"p{n}") for n in range(120)
    )
    corrected = {passages[n].pk: errata_card(passages[n]).pk for n in (3, 60, 119)}
    errata_card(passages[7], status=ErrataCard.Status.WITHDRAWN)
    other = DocumentFactory(edition=edition, title="Other")
    elsewhere = Passage.objects.create(document=other, page=1, heading_path="H", anchor="o1")
    errata_card(elsewhere)

    asked = [p.pk for p in passages]
    assert len(asked) > ErrataCard.objects.all().LISTED
    assert ErrataCard.objects.superseding(asked) == corrected
    # A few passages are listed in the query; the answer is the same.
    few = [passages[3].pk, passages[4].pk, passages[7].pk]
    assert ErrataCard.objects.superseding(few) == {passages[3].pk: corrected[passages[3].pk]}
    assert Document.objects.count() == 2


def test_on_sqlite_a_folder_ends_as_on_postgresql(tmp_path):
    """``make run`` imports the demo's rulings into SQLite: the same rows come out."""
    folder = varied_folder(tmp_path / "exports")
    database = tmp_path / "db.sqlite3"
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
        "call_command('migrate', verbosity=0)\n"
        "try:\n"
        f"    call_command('import_rulings', {str(folder)!r}, '--no-progress')\n"
        "except CommandError:\n"
        "    pass  # the cut copy is refused, as on PostgreSQL\n"
        "from tests.rulings.test_import_groups import stored\n"
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

    from tests.rulings.exports import run_import

    run_import(folder)
    on_postgresql = json.loads(json.dumps(stored(), default=str))
    assert on_sqlite == on_postgresql
    assert len(on_sqlite[0]) == 12
