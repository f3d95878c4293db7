"""A ruling an editor writes cites like an imported one: its choosers offer its own
edition's documents and passages, a chosen passage says where it is, and the ruling has a
review status of its own."""

import importlib
import re

import pytest
from bs4 import BeautifulSoup
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from wagtail.test.utils.form_data import inline_formset, nested_form_data

from catalogue.models import Passage
from rulings.models import Citation, ReaderQuestion, Ruling
from tests.rulings.factories import errata_card
from tests.rulings.fixtures import BeforeTheCatalogue, import_export

pytestmark = pytest.mark.django_db

PASSAGE_CHOOSER = "wagtailsnippetchoosers_catalogue_passage:choose_results"
DOCUMENT_CHOOSER = "wagtailsnippetchoosers_catalogue_document:choose_results"


@pytest.fixture
def other_ruling(ruling):
    """A ruling of another game's edition, with passages of its own."""
    return import_export(
        question="Another game?", game="Other Game", code="bg-900002-en-1e", doc_id=6001
    )


def chooser(admin_client, url_name, **params):
    """(the choices listed, the text shown) by a chooser's results for `params`."""
    html = BeautifulSoup(admin_client.get(reverse(url_name), params).content, "html.parser")
    listed = sorted(
        " ".join(a.get_text().split()) for a in html.select("a[data-chooser-modal-choice]")
    )
    return listed, " ".join(html.get_text(" ").split())


def new_ruling_data(edition, citations, **fields):
    data = {
        "edition": edition.pk,
        "outcome": "answered",
        "status": "written",
        "question_en": "Can I build twice in one turn?",
        "question_es": "",
        "answer_en": "No: one building per turn.[1][2]",
        "answer_es": "",
        "closing_line_en": "",
        "closing_line_es": "",
        "abstain_rationale_en": "",
        "abstain_rationale_es": "",
        "citations": inline_formset(
            [
                {"n": n, "document": "", "page": "", "heading_path": "", "quote": "", **row}
                for n, row in enumerate(citations, start=1)
            ]
        ),
        "corrections": inline_formset([]),
    }
    data.update(fields)
    return nested_form_data(data)


def test_a_citation_saved_with_only_a_passage_takes_its_document_page_and_heading(ruling):
    first, second = (c.passage for c in ruling.citations.order_by("n"))
    written = Ruling.objects.create(
        edition=ruling.edition, question="Written here?", answer="So.[1]"
    )
    citation = Citation.objects.create(ruling=written, n=1, passage=first)
    citation.refresh_from_db()
    assert (citation.document, citation.page, citation.heading_path) == (
        first.document,
        3,
        "SECTION · Part 1",
    )
    assert str(citation) == "[1] Test Game — Rulebook · p.3 · SECTION · Part 1"
    # Choosing another passage moves all three with it.
    citation.passage = second
    citation.save()
    citation.refresh_from_db()
    assert (citation.page, citation.heading_path) == (4, "SECTION · Part 2")


def test_an_editors_new_ruling_cites_like_an_imported_one(admin_client, client, ruling):
    first, second = (c.passage for c in ruling.citations.order_by("n"))
    form = admin_client.get(reverse("wagtailsnippets_rulings_ruling:add")).content.decode()
    status = BeautifulSoup(form, "html.parser").select_one("select[name=status]")
    options = [option["value"] for option in status.select("option")]
    assert "imported" not in options
    assert status.select_one("option[selected]")["value"] == "written"

    response = admin_client.post(
        reverse("wagtailsnippets_rulings_ruling:add"),
        new_ruling_data(
            ruling.edition,
            [{"passage": first.pk}, {"passage": second.pk}],
            **{"action-publish": "action-publish"},
        ),
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    written = Ruling.objects.get(question="Can I build twice in one turn?")
    assert (written.origin, written.status, written.flags) == ("editor", "written", [])

    page = BeautifulSoup(client.get(written.get_absolute_url()).content, "html.parser")
    cited = [" ".join(li.get_text(" ").split()) for li in page.select(".citations li")]
    assert cited == [
        "Test Game — Rulebook · p.3 · SECTION · Part 1",
        "Test Game — Rulebook · p.4 · SECTION · Part 2",
    ]
    status_line = page.select_one(".review-status").get_text()
    assert status_line.startswith("Written by an editor on")
    assert "Imported" not in status_line


def test_a_ruling_cannot_cite_another_editions_passage(admin_client, ruling, other_ruling):
    foreign = other_ruling.citations.get(n=1).passage
    response = admin_client.post(
        reverse("wagtailsnippets_rulings_ruling:add"),
        new_ruling_data(ruling.edition, [{"passage": foreign.pk}], answer_en="No.[1]"),
    )
    assert response.status_code == 200
    assert "Choose a passage of this ruling&#x27;s edition." in response.content.decode()
    assert not Ruling.objects.filter(question="Can I build twice in one turn?").exists()


def test_the_citation_choosers_are_opened_for_the_rulings_edition(admin_client, ruling):
    form = admin_client.get(
        reverse("wagtailsnippets_rulings_ruling:edit", args=[ruling.pk])
    ).content.decode()
    html = BeautifulSoup(form, "html.parser")
    for field in ("passage", "document"):
        chooser = html.select_one(f"#id_citations-0-{field}-chooser")
        assert "scope=edition" in chooser["data-chooser-url"]
    # The form's edition, and the row's own document, go with the passage chooser.
    assert "#id_edition" in form and "^id_citations-\\\\d+-" in form


def test_the_passage_chooser_lists_only_the_given_editions_passages(
    admin_client, ruling, other_ruling
):
    edition, other = ruling.edition, other_ruling.edition
    listed, _text = chooser(admin_client, PASSAGE_CHOOSER, scope="edition", edition=edition.pk)
    assert listed == [
        "Test Game — Rulebook · p.3 · SECTION · Part 1",
        "Test Game — Rulebook · p.4 · SECTION · Part 2",
    ]
    listed, _text = chooser(admin_client, PASSAGE_CHOOSER, scope="edition", edition=other.pk)
    assert listed and all(item.startswith("Other Game") for item in listed)
    # Searching never reaches past the edition: page 3 of the other game stays out.
    listed, _text = chooser(
        admin_client, PASSAGE_CHOOSER, scope="edition", edition=edition.pk, q="p.3"
    )
    assert listed == ["Test Game — Rulebook · p.3 · SECTION · Part 1"]
    listed, _text = chooser(
        admin_client, PASSAGE_CHOOSER, scope="edition", edition=edition.pk, q="part 2"
    )
    assert listed == ["Test Game — Rulebook · p.4 · SECTION · Part 2"]


def test_the_passage_chooser_says_what_to_do_when_nothing_is_listed(admin_client, ruling):
    listed, text = chooser(admin_client, PASSAGE_CHOOSER, scope="edition", edition="")
    assert listed == []
    assert "Choose the edition first" in text
    assert "You haven't created any" not in text
    listed, text = chooser(
        admin_client, PASSAGE_CHOOSER, scope="edition", edition=ruling.edition_id, q="p.99"
    )
    assert listed == []
    assert "No passages of this edition match “p.99”. Search by page (8 or p.8)" in text
    # The full modal names the edition it lists.
    modal = admin_client.get(
        reverse("wagtailsnippetchoosers_catalogue_passage:choose"),
        {"scope": "edition", "edition": ruling.edition_id},
    ).json()["html"]
    assert ruling.edition.code in modal


def test_the_errata_cards_document_chooser_lists_only_its_editions_documents(
    admin_client, ruling, other_ruling
):
    form = admin_client.get(reverse("wagtailsnippets_catalogue_erratacard:add")).content.decode()
    html = BeautifulSoup(form, "html.parser")
    for field in ("document", "passage"):
        assert "scope=edition" in html.select_one(f"#id_{field}-chooser")["data-chooser-url"]

    listed, _text = chooser(
        admin_client, DOCUMENT_CHOOSER, scope="edition", edition=ruling.edition_id
    )
    assert listed == ["Test Game — Rulebook (Rulebook)"]
    listed, text = chooser(admin_client, DOCUMENT_CHOOSER, scope="edition", edition="")
    assert listed == [] and "Choose the edition first" in text
    # Opened from elsewhere (a guide's sources) it still lists every document.
    listed, _text = chooser(admin_client, DOCUMENT_CHOOSER)
    assert listed == ["Other Game — Rulebook (Rulebook)", "Test Game — Rulebook (Rulebook)"]


def test_the_errata_cards_passage_chooser_lists_only_the_cards_document(admin_client, ruling):
    document = ruling.edition.documents.get()
    elsewhere = document.edition.documents.create(title="Point City — FAQ", kind="faq")
    Passage.objects.create(document=elsewhere, page=3, heading_path="FAQ · Building")
    listed, _text = chooser(
        admin_client,
        PASSAGE_CHOOSER,
        scope="edition",
        edition=ruling.edition_id,
        document=document.pk,
        q="3",
    )
    assert listed == ["Test Game — Rulebook · p.3 · SECTION · Part 1"]


def test_old_citations_with_only_a_passage_are_filled_in_by_the_migration(ruling):
    citation = ruling.citations.get(n=1)
    Citation.objects.filter(pk=citation.pk).update(document=None, page=None, heading_path="")
    migration = importlib.import_module(
        "rulings.migrations.0012_editors_rulings_status_and_cited_places"
    )
    migration.citations_take_their_passages_place(BeforeTheCatalogue(), None)
    citation.refresh_from_db()
    assert (citation.document, citation.page, citation.heading_path) == (
        citation.passage.document,
        3,
        "SECTION · Part 1",
    )


def test_answering_a_reader_question_starts_the_ruling_written_by_an_editor(admin_client, ruling):
    question = ReaderQuestion.objects.create(edition=ruling.edition, question="Twice a turn?")
    add_url = reverse("wagtailsnippets_rulings_ruling:add") + f"?reader_question={question.pk}"
    form = admin_client.get(add_url).content.decode()
    assert re.search(r'<option value="written" selected>Written by an editor</option>', form)
    passage = ruling.citations.get(n=1).passage
    response = admin_client.post(
        add_url,
        new_ruling_data(
            ruling.edition,
            [{"passage": passage.pk}],
            question_en="Twice a turn?",
            answer_en="No.[1]",
        ),
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    written = Ruling.objects.get(question="Twice a turn?")
    assert written.status == Ruling.Status.WRITTEN
    assert written.citations.get().heading_path == "SECTION · Part 1"


def test_the_database_holds_each_ruling_to_its_origins_first_status(ruling):
    with pytest.raises(IntegrityError), transaction.atomic():
        Ruling.objects.filter(pk=ruling.pk).update(status=Ruling.Status.WRITTEN)
    written = Ruling.objects.create(edition=ruling.edition, question="Mine?")
    assert written.status == Ruling.Status.WRITTEN
    with pytest.raises(IntegrityError), transaction.atomic():
        Ruling.objects.filter(pk=written.pk).update(status=Ruling.Status.IMPORTED)
    assert ruling.status == Ruling.Status.IMPORTED  # as the importer writes it


def test_an_imported_rulings_form_does_not_offer_written(admin_client, ruling):
    form = admin_client.get(
        reverse("wagtailsnippets_rulings_ruling:edit", args=[ruling.pk])
    ).content.decode()
    status = BeautifulSoup(form, "html.parser").select_one("select[name=status]")
    assert [option["value"] for option in status.select("option")] == [
        "imported",
        "needs_review",
        "verified",
        "corrected",
        "withdrawn",
    ]


def test_errata_reopen_an_editors_ruling_and_readers_are_told(client, ruling):
    passage = ruling.citations.get(n=1).passage
    written = Ruling.objects.create(edition=ruling.edition, question="Mine?", answer="Yes.[1]")
    Citation.objects.create(ruling=written, n=1, passage=passage)
    errata_card(passage)
    written.refresh_from_db()
    assert written.status == Ruling.Status.NEEDS_REVIEW
    page = BeautifulSoup(client.get(written.get_absolute_url()).content, "html.parser")
    assert (
        page.select_one(".review-status").get_text().strip()
        == "Written by an editor; flagged for another review"
    )


def test_readers_filter_the_rulings_by_written_by_an_editor(client, ruling):
    written = Ruling.objects.create(edition=ruling.edition, question="Mine?", answer="Yes.")
    url = reverse("rulings:index")
    html = BeautifulSoup(client.get(url).content, "html.parser")
    offered = {a["href"]: a.get_text() for a in html.select(".status-filter a")}
    assert offered["?status=written"] == "Written by an editor"
    listed = client.get(url, {"status": "written"}).content.decode()
    assert written.question in listed and ruling.question not in listed
    assert (
        f"Written by an editor on {date_format(timezone.localtime(written.created_at))}" in listed
    )
