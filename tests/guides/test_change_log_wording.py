"""Each change-log line reads as a sentence a person would write, in English and Spanish."""

import importlib

import pytest
from bs4 import BeautifulSoup
from django.apps import apps

from core.cache_tags import bump_everything
from guides.models import GuideChange
from guides.publishing import mark_translation_current
from tests.guides.factories import publish, publish_version, url_in
from tests.guides.fixtures import SPANISH

pytestmark = pytest.mark.django_db


def change_log(client, guide, language):
    """Each line as a reader reads it, without its date."""
    page = BeautifulSoup(client.get(url_in(guide, language)).content, "html.parser")
    lines = [" ".join(li.get_text(" ").split()) for li in page.select(".change-log li")]
    return [line.split(" · ", 1)[1] for line in lines]


@pytest.fixture
def guide_with_every_kind_of_line(guide):
    """Version 1, its Spanish translation, a minor edit without a note, version 2 with a
    note, and the translation brought up to date with version 2."""
    guide = publish(guide, **SPANISH)  # a Spanish-only change: a translation line
    guide = publish(guide, title="How to play Point City")  # minor, no note
    guide = publish_version(guide, "Added the tie-break rule.")
    mark_translation_current(guide, "es", guide.versions.get(number=2), user=None)
    return guide


def test_english_lines_read_as_sentences(client, guide_with_every_kind_of_line):
    assert change_log(client, guide_with_every_kind_of_line, "en") == [
        "Version 2: Added the tie-break rule. (current) · Compare with version 1",
        "Minor edit to version 1: wording, typography or links only; no rule changed.",
        "Version 1: first published. Read version 1 · Compare with current",
    ]


def test_spanish_lines_read_as_sentences(client, guide_with_every_kind_of_line):
    assert change_log(client, guide_with_every_kind_of_line, "es") == [
        "Traducción: puesta al día con la versión 2.",
        # The editor wrote this note in English only: shown as written, marked as English.
        "Versión 2: Added the tie-break rule. (actual) · Comparar con la versión 1",
        "Retoque de la versión 1: solo redacción, tipografía o enlaces; ninguna regla ha cambiado.",
        "Traducción: texto revisado.",
        "Versión 1: primera publicación. Leer la versión 1 · Comparar con la actual",
    ]


EARLIER_NOTES = {
    "first": ("First published", "Primera publicación"),
    "minor": (
        "Minor edit: wording, typography or links; no rule changed.",
        "Retoque de redacción, tipografía o enlaces; ninguna regla ha cambiado.",
    ),
}


def test_lines_stored_with_the_earlier_standard_notes_are_reworded_and_nothing_else(
    client, guide_with_every_kind_of_line
):
    guide = guide_with_every_kind_of_line
    for kind, (en, es) in EARLIER_NOTES.items():
        GuideChange.objects.filter(page=guide, kind=kind).update(note=en, note_en=en, note_es=es)
    current = GuideChange.objects.get(page=guide, kind="translation", note_es__contains="2")
    GuideChange.objects.filter(pk=current.pk).update(
        note_es="Traducción puesta al día con la versión 2."
    )
    written = GuideChange.objects.get(page=guide, kind="substantive")
    migration = importlib.import_module(
        "guides.migrations.0012_correction_recorded_at_and_log_notes"
    )

    migration.standard_notes_go_on_from_the_label(apps, None)
    bump_everything()  # what the page remembered was read before the rows were reworded
    assert change_log(client, guide, "en") == [
        "Version 2: Added the tie-break rule. (current) · Compare with version 1",
        "Minor edit to version 1: wording, typography or links only; no rule changed.",
        "Version 1: first published. Read version 1 · Compare with current",
    ]
    assert change_log(client, guide, "es")[0] == "Traducción: puesta al día con la versión 2."
    assert GuideChange.objects.get(pk=written.pk).note_en == "Added the tie-break rule."

    # Reversed, the stored notes are what they were: nothing was lost.
    migration.standard_notes_as_before(apps, None)
    first = GuideChange.objects.get(page=guide, kind="first")
    assert (first.note_en, first.note_es) == EARLIER_NOTES["first"]
    assert GuideChange.objects.get(pk=current.pk).note_es == (
        "Traducción puesta al día con la versión 2."
    )
