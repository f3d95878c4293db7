"""Reviewing a ruling (verifying, correcting, withdrawing it) is one permission, which
translators do not hold: no way of theirs changes a ruling's review, what would be refused
is not offered, and readers are told which editor reviewed it."""

import json

import pytest
from bs4 import BeautifulSoup
from django.contrib.auth.models import Permission
from django.urls import reverse

from rulings.models import ReaderQuestion, Ruling
from tests.rulings.test_editors_desk import edit_url, form_data

pytestmark = pytest.mark.django_db

LISTING = reverse("wagtailsnippets_rulings_ruling:list")
MARK = "/admin/bulk/rulings/ruling/mark_reviewed/"


def named(user, first, last):
    user.first_name, user.last_name = first, last
    user.save()
    return user


def reader_page(client, ruling):
    html = BeautifulSoup(client.get(ruling.get_absolute_url()).content, "html.parser")
    (data,) = [
        json.loads(script.string)
        for script in html.select('script[type="application/ld+json"]')
        if '"QAPage"' in script.string
    ]
    return html.select_one(".review-status").get_text(" ", strip=True), data


def test_an_editor_who_verifies_a_ruling_is_named_to_readers(client, editor, ruling):
    client.force_login(named(editor, "Eduardo", "Ruiz"))
    response = client.post(f"{MARK}?id={ruling.pk}", {"note": "Checked against p.3."})
    assert response.status_code == 302
    client.logout()
    status, data = reader_page(client, ruling)
    assert status.startswith("Verified by Eduardo Ruiz on ")
    assert data["reviewedBy"] == {"@type": "Person", "name": "Eduardo Ruiz"}


def test_a_translator_cannot_verify_through_the_bulk_actions_own_address(
    client, translator, ruling
):
    client.force_login(translator)
    response = client.post(f"{MARK}?id={ruling.pk}", {"note": "Looks right."})
    assert response.status_code == 302 and response["Location"] == reverse("wagtailadmin_home")
    assert Ruling.objects.get(pk=ruling.pk).status == Ruling.Status.IMPORTED
    client.logout()
    status, data = reader_page(client, ruling)
    assert status == "Imported, not yet reviewed by an editor"
    assert "reviewedBy" not in data


def test_restoring_a_verified_revision_is_not_verifying_for_a_translator(
    client, editor, translator, ruling
):
    client.force_login(editor)
    assert client.post(edit_url(ruling), form_data(ruling, status="verified")).status_code == 302
    verified = Ruling.objects.get(pk=ruling.pk).latest_revision
    # Errata send it back to review; the verified revision stays in its history.
    Ruling.objects.filter(pk=ruling.pk).update(status=Ruling.Status.NEEDS_REVIEW)
    client.force_login(translator)
    revert = reverse(
        "wagtailsnippets_rulings_ruling:revisions_revert", args=(ruling.pk, verified.pk)
    )
    form = BeautifulSoup(client.get(revert).content, "html.parser")
    assert not form.select("select[name=status]")  # shown as text, not offered
    response = client.post(revert, form_data(ruling, status="verified", answer_es="Sí.[1][2]"))
    assert response.status_code == 302, response.content.decode()[:2000]
    # The translator's restore is a draft for an editor to publish, still unverified.
    saved = Ruling.objects.get(pk=ruling.pk).get_latest_revision_as_object()
    assert saved.answer_es == "Sí.[1][2]"
    assert saved.status == Ruling.Status.NEEDS_REVIEW


def test_the_listing_offers_its_checkboxes_and_the_queue_only_to_reviewers(
    client, editor, translator, ruling
):
    for user, offered in ((translator, False), (editor, True)):
        client.force_login(user)
        html = client.get(LISTING).content.decode()
        assert ("data-bulk-action-checkbox" in html) is offered
        menu = client.get(reverse("wagtailadmin_home")).content.decode()
        assert ("Review queue" in menu) is offered


def test_the_ruling_form_answers_a_question_only_for_who_may_answer(
    client, django_user_model, ruling
):
    question = ReaderQuestion.objects.create(
        edition=ruling.edition, question="May I pass twice in one round?"
    )
    writer = django_user_model.objects.create_user("writer", password="pw")
    writer.user_permissions.add(
        *Permission.objects.filter(codename__in=["access_admin", "add_ruling", "view_ruling"])
    )
    client.force_login(writer)
    add = reverse("wagtailsnippets_rulings_ruling:add")
    assert client.get(add).status_code == 200
    response = client.get(f"{add}?reader_question={question.pk}")
    assert response.status_code == 302 and response["Location"] == reverse("wagtailadmin_home")
