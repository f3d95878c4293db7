"""Where a ruling and a passage's text come from is recorded, enforced and told truthfully."""

import datetime
import importlib

import pytest
from bs4 import BeautifulSoup
from django.db import IntegrityError, transaction
from django.urls import reverse

from catalogue.models import Passage
from rulings.models import Ruling
from tests.rulings.fixtures import BeforeTheCatalogue, import_export

pytestmark = pytest.mark.django_db

EXPORTED = datetime.datetime(2026, 10, 1, 10, 0, tzinfo=datetime.UTC)


def passage_edit(passage):
    return reverse("wagtailsnippets_catalogue_passage:edit", args=[passage.pk])


def passage_form(passage, **changes):
    data = {
        "document": passage.document_id,
        "page": passage.page,
        "heading_path": passage.heading_path,
        "text": passage.text,
        "text_origin": passage.text_origin,
    }
    data.update(changes)
    return data


def test_import_records_an_export_and_dated_snippets(ruling):
    assert ruling.origin == Ruling.Origin.EXPORT
    passage = ruling.citations.get(n=1).passage
    assert passage.text == "The rule text for this section. (1)"
    assert passage.text_origin == Passage.TextOrigin.SEARCH_SNIPPET
    assert passage.text_exported_at == EXPORTED


def test_a_ruling_written_in_the_admin_is_an_editors(ruling):
    other = Ruling.objects.create(edition=ruling.edition, question="Asked by a reader?")
    assert other.origin == Ruling.Origin.EDITOR


def test_database_refuses_untrue_origins(ruling):
    with pytest.raises(IntegrityError), transaction.atomic():
        Ruling.objects.filter(pk=ruling.pk).update(origin=Ruling.Origin.EDITOR)
    with pytest.raises(IntegrityError), transaction.atomic():
        Ruling.objects.create(
            edition=ruling.edition,
            question="Example?",
            origin=Ruling.Origin.ILLUSTRATIVE,
            source_file="made-up.txt",
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        Ruling.objects.filter(pk=ruling.pk).update(origin="guessed")
    with pytest.raises(IntegrityError), transaction.atomic():
        Passage.objects.filter(pk=ruling.citations.get(n=1).passage_id).update(text_origin="")


def test_editor_cannot_pass_typed_text_off_as_the_export_snippet(admin_client, ruling):
    passage = ruling.citations.get(n=1).passage
    response = admin_client.post(passage_edit(passage), passage_form(passage, text="My words."))
    assert response.status_code == 200
    assert "Text typed here is not the passage search" in response.content.decode()
    passage.refresh_from_db()
    assert passage.text == "The rule text for this section. (1)"


def test_rulebook_wording_from_an_editor_is_shown_as_such_and_kept(admin_client, client, ruling):
    passage = ruling.citations.get(n=1).passage
    wording = "The rulebook's own sentence, copied exactly."
    response = admin_client.post(
        passage_edit(passage), passage_form(passage, text=wording, text_origin="rulebook")
    )
    assert response.status_code == 302
    passage.refresh_from_db()
    assert (passage.text_origin, passage.text_exported_at) == ("rulebook", None)

    page = BeautifulSoup(client.get(passage.document.get_absolute_url()).content, "html.parser")
    section = page.find(id=passage.anchor)
    assert "The rulebook's wording, copied by an editor:" in section.get_text()
    assert section.blockquote.get_text() == wording

    # A later export's longer snippet never replaces an editor's rulebook text.
    import_export(question="Again?", snippet="A much longer snippet of the same passage " * 3)
    passage.refresh_from_db()
    assert passage.text == wording


def test_text_without_saying_what_it_is_is_refused_not_a_crash(admin_client, ruling):
    passage = Passage.objects.create(document=ruling.citations.get(n=1).document, page=50)
    response = admin_client.post(passage_edit(passage), passage_form(passage, text="Words."))
    assert response.status_code == 200
    assert "Say what the passage" in response.content.decode()


def test_migration_turns_the_old_made_up_demo_exports_into_illustrative_rulings():
    """A database loaded with the old demo: its tie-break "export" had invented provenance."""
    old = import_export(
        question="What breaks a tie?",
        code="bg-368017-en-1e",
        game="Point City",
        doc_id=1035,
        citations=3,
        recorded="Oct 14, 2026 08:02 UTC",
        snippet="An invented paraphrase of the rulebook",
        closing="Ties settled — shuffle up for the rematch.",
    )
    # A real export retrieved the first place too (with a shorter snippet) but not the third.
    real = import_export(
        question="A real export?", code="bg-368017-en-1e", game="Point City", doc_id=1035
    )
    migration = importlib.import_module("rulings.migrations.0005_origin_and_snippet_provenance")
    migration.fill_in(BeforeTheCatalogue(), None)

    old.refresh_from_db()
    assert old.origin == Ruling.Origin.ILLUSTRATIVE
    assert (old.source_file, old.answerer, old.closing_line, old.retrieval) == ("", "", "", [])
    assert old.import_key is None and old.tokens_out is None and old.timings == {}
    assert old.answer and old.citations.count() == 3  # the example itself is kept
    shared, own = (old.citations.get(n=n).passage for n in (1, 3))
    assert (shared.text, shared.text_origin) == (
        "The rule text for this section. (1)",
        "search_snippet",
    )
    assert shared.text_exported_at == EXPORTED
    assert (own.text, own.text_origin) == ("", "")
    real.refresh_from_db()
    assert real.origin == Ruling.Origin.EXPORT
