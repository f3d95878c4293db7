"""Editors review rulings in the admin: a changed answer needs a public correction note."""

import datetime

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse
from django.utils import timezone
from wagtail.models import Revision
from wagtail.test.utils.form_data import inline_formset, nested_form_data

from catalogue.models import ErrataCard
from rulings.models import Ruling
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db


def edit_url(ruling):
    return reverse("wagtailsnippets_rulings_ruling:edit", args=(ruling.pk,))


def publish(data):
    """The form as posted by its "Publish" button (its "Save draft" posts no action)."""
    return {**data, "action-publish": "action-publish"}


def form_data(ruling, corrections=(), **changes):
    """The edit form as it opens (its newest draft, if one waits), with `changes`."""
    ruling = Ruling.objects.get(pk=ruling.pk).get_latest_revision_as_object()
    data = {
        "edition": ruling.edition_id,
        "outcome": ruling.outcome,
        "status": ruling.status,
        "question_en": ruling.question_en,
        "question_es": ruling.question_es or "",
        "answer_en": ruling.answer_en,
        "answer_es": ruling.answer_es or "",
        "closing_line_en": ruling.closing_line_en,
        "closing_line_es": "",
        "abstain_rationale_en": "",
        "abstain_rationale_es": "",
        "citations": inline_formset(
            [
                {
                    "id": c.pk,
                    "n": c.n,
                    "passage": c.passage_id or "",
                    "document": c.document_id or "",
                    "page": c.page or "",
                    "heading_path": c.heading_path,
                    "quote": c.quote,
                    "ORDER": i,
                }
                for i, c in enumerate(ruling.citations.all())
            ],
            initial=ruling.citations.count(),
        ),
        # The corrections the form shows (published, or waiting in the draft), then new ones.
        "corrections": inline_formset(
            [*map(correction_row, ruling.corrections.all()), *corrections],
            initial=len(ruling.corrections.all()),
        ),
    }
    data.update(changes)
    return nested_form_data(data)


def correction_row(correction):
    """A correction's row in the form, as the browser posts it back."""
    return {
        "id": correction.pk or "",
        "corrected_on": correction.corrected_on.isoformat(),
        "what_was_wrong_en": correction.what_was_wrong_en,
        "what_was_wrong_es": correction.what_was_wrong_es or "",
        "what_it_says_now_en": correction.what_it_says_now_en,
        "what_it_says_now_es": correction.what_it_says_now_es or "",
        "corrected_by": correction.corrected_by,
    }


def test_review_queue_lists_flagged_rulings_first(admin_client, ruling):
    from tests.rulings.fixtures import import_export

    flagged = import_export(question="Cut off?", tokens_out=1024)
    response = admin_client.get(reverse("wagtailsnippets_rulings_ruling:list"))
    html = response.content.decode()
    assert html.index("Cut off?") < html.index("Can I pass?")
    assert flagged.flag_count == 1 or Ruling.objects.get(pk=flagged.pk).flag_count == 1


def test_changing_the_answer_without_a_correction_is_refused(admin_client, ruling):
    response = admin_client.post(
        edit_url(ruling), form_data(ruling, answer_en="A different answer.[1][2]")
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "add a correction" in html
    assert "A different answer.[1][2]" in html  # what the editor typed is kept
    assert Ruling.objects.get(pk=ruling.pk).answer != "A different answer.[1][2]"


def test_answer_change_with_correction_is_saved_public_and_in_history(admin_client, client, ruling):
    revisions_before = Revision.objects.for_instance(ruling).count()
    response = admin_client.post(
        edit_url(ruling),
        publish(
            form_data(
                ruling,
                answer_en="You may pass once per round.[1][2]",
                corrections=[
                    {
                        "corrected_on": "2026-11-20",
                        "what_was_wrong_en": "Did not say how often.",
                        "what_it_says_now_en": "Once per round.",
                        "corrected_by": "Ana",
                    }
                ],
            )
        ),
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    ruling = Ruling.objects.get(pk=ruling.pk)
    assert ruling.answer == "You may pass once per round.[1][2]"
    assert ruling.status == Ruling.Status.CORRECTED
    assert ruling.reviewed_at is not None
    assert Revision.objects.for_instance(ruling).count() == revisions_before + 1
    page = client.get(ruling.get_absolute_url()).content.decode()
    assert "Once per round." in page
    assert "Corrected by admin on" in page  # the editor who corrected it, by name


def test_verifying_needs_no_correction(admin_client, client, ruling):
    response = admin_client.post(edit_url(ruling), publish(form_data(ruling, status="verified")))
    assert response.status_code == 302
    ruling = Ruling.objects.get(pk=ruling.pk)
    assert ruling.status == Ruling.Status.VERIFIED
    assert "Verified by admin on" in client.get(ruling.get_absolute_url()).content.decode()


def test_history_is_readable(admin_client, ruling):
    response = admin_client.get(
        reverse("wagtailsnippets_rulings_ruling:history", args=(ruling.pk,))
    )
    assert response.status_code == 200


def test_edit_page_shows_review_flags(admin_client):
    from tests.rulings.fixtures import import_export

    flagged = import_export(question="Cut off?", tokens_out=1024)
    html = admin_client.get(edit_url(flagged)).content.decode()
    assert "reached the generation cap" in html


def test_changing_a_citation_without_a_correction_is_refused(admin_client, ruling):
    data = form_data(ruling)
    data["citations-0-quote"] = "Words the rulebook never printed."
    response = admin_client.post(edit_url(ruling), publish(data))
    assert response.status_code == 200
    assert "add a correction" in response.content.decode()
    assert ruling.citations.get(n=1).quote != "Words the rulebook never printed."


def test_errata_passage_chooser_lists_the_cards_document_found_by_page_or_heading(
    admin_client, ruling
):
    other = import_export(
        question="Another game?", game="Other Game", code="bg-900002-en-1e", doc_id=6001
    )
    document = ruling.edition.documents.get()
    choose = reverse("wagtailsnippetchoosers_catalogue_passage:choose_results")

    def listed(**params):
        html = admin_client.get(choose, params).content.decode()
        return sorted(
            " ".join(a.get_text().split())
            for a in BeautifulSoup(html, "html.parser").select("a[data-chooser-modal-choice]")
        )

    # The card's document (and edition) narrow the list; the other game's passages are gone.
    assert listed(document=document.pk, edition=ruling.edition_id) == [
        "Test Game — Rulebook · p.3 · SECTION · Part 1",
        "Test Game — Rulebook · p.4 · SECTION · Part 2",
    ]
    assert all("Test Game" not in item for item in listed(edition=other.edition_id))
    # Searchable by page ("4", "p.4") and by words of the heading.
    assert listed(document=document.pk, q="p.4") == [
        "Test Game — Rulebook · p.4 · SECTION · Part 2"
    ]
    assert listed(document=document.pk, q="4") == ["Test Game — Rulebook · p.4 · SECTION · Part 2"]
    assert listed(document=document.pk, q="part 1") == [
        "Test Game — Rulebook · p.3 · SECTION · Part 1"
    ]
    # An unset field in the card's form sends an empty value: no filter, no error.
    assert len(listed(document="", edition="")) == 4


def test_errata_card_form_links_its_passage_chooser_to_edition_and_document(admin_client):
    html = admin_client.get(reverse("wagtailsnippets_catalogue_erratacard:add")).content.decode()
    assert "#id_document" in html and "#id_edition" in html


def test_a_correction_dated_after_today_is_refused_and_todays_is_kept(admin_client, client, ruling):
    """A sitemap or feed would call it news from the future: refused, with what was typed kept."""

    def correcting(day):
        return form_data(
            ruling,
            answer_en="You may pass once per round.[1][2]",
            corrections=[
                {
                    "corrected_on": day.isoformat(),
                    "what_was_wrong_en": "Did not say how often.",
                    "what_it_says_now_en": "Once per round.",
                    "corrected_by": "Ana",
                }
            ],
        )

    today = timezone.localdate()
    response = admin_client.post(edit_url(ruling), correcting(today + datetime.timedelta(days=1)))
    assert response.status_code == 200
    page = BeautifulSoup(response.content, "html.parser")
    assert "A correction cannot be dated after today." in page.get_text()
    assert "Once per round." in response.content.decode()
    assert not ruling.corrections.exists()

    assert admin_client.post(edit_url(ruling), publish(correcting(today))).status_code == 302
    correction = ruling.corrections.get()
    assert correction.corrected_on == today
    page = BeautifulSoup(client.get(ruling.get_absolute_url()).content, "html.parser")
    assert page.select_one(f"#{correction.anchor} time")["datetime"] == today.isoformat()


def test_an_errata_card_issued_after_today_is_refused(admin_client, ruling):
    passage = ruling.citations.get(n=1).passage
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    data = {
        "edition": passage.document.edition_id,
        "document": passage.document_id,
        "passage": passage.pk,
        "page": "",
        "heading_path": "",
        "corrected_rule_en": "Pass twice.",
        "corrected_rule_es": "",
        "issued_on": tomorrow.isoformat(),
        "issued_by_en": "The publisher",
        "issued_by_es": "",
        "source_url": "",
        "status": "active",
        "supersedes": "",
    }
    url = reverse("wagtailsnippets_catalogue_erratacard:add")
    response = admin_client.post(url, data)
    assert response.status_code == 200
    assert "An errata card cannot be issued after today." in response.content.decode()
    assert not ErrataCard.objects.exists()
    response = admin_client.post(url, {**data, "issued_on": timezone.localdate().isoformat()})
    assert response.status_code == 302
    assert ErrataCard.objects.get().issued_on == timezone.localdate()
