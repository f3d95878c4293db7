"""The editors' queue of reader questions: duplicates, answers, declines, the count."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from rulings.models import ReaderQuestion, Ruling


@pytest.fixture
def question(edition):
    return ReaderQuestion.objects.create(
        edition=edition, question="Can one permanent resource pay for two buildings?"
    )


def edit_url(question):
    return reverse("reader_questions:edit", args=[question.pk])


def form_data(**changes):
    data = {"status": "new", "ruling": "", "decline_reason": ""}
    data.update(changes)
    return data


def test_the_queue_lists_newest_first_with_recall_candidates(admin_client, edition, answered):
    older = ReaderQuestion.objects.create(
        edition=edition, question="An older question, asked first?"
    )
    newer = ReaderQuestion.objects.create(
        edition=edition, question="Can one permanent resource pay for two buildings?"
    )
    html = admin_client.get(reverse("reader_questions:index")).content.decode()
    assert html.index(newer.question) < html.index(older.question)
    # The newer question's candidate is the ruling that already answers it.
    assert reverse("wagtailsnippets_rulings_ruling:edit", args=[answered.pk]) in html


def test_a_question_shows_its_candidates_beside_it(admin_client, question, answered):
    html = admin_client.get(edit_url(question)).content.decode()
    assert answered.question in html
    assert f'name="duplicate_of" value="{answered.pk}"' in html


def test_marking_a_duplicate_with_the_candidate_button(admin_client, question, answered):
    response = admin_client.post(edit_url(question), {**form_data(), "duplicate_of": answered.pk})
    assert response.status_code == 302
    question.refresh_from_db()
    assert (question.status, question.ruling) == (ReaderQuestion.Status.DUPLICATE, answered)
    assert question.handled_by == "admin" and question.handled_at


def test_a_duplicate_needs_its_ruling(admin_client, question):
    response = admin_client.post(edit_url(question), form_data(status="duplicate"))
    assert response.status_code == 200
    assert "Choose the ruling that answers this question." in response.content.decode()
    question.refresh_from_db()
    assert question.status == ReaderQuestion.Status.NEW


def test_declining_needs_a_reason(admin_client, question):
    response = admin_client.post(edit_url(question), form_data(status="declined"))
    assert "Say why the question is declined." in response.content.decode()
    admin_client.post(
        edit_url(question), form_data(status="declined", decline_reason="Not a rules question.")
    )
    question.refresh_from_db()
    assert (question.status, question.decline_reason) == ("declined", "Not a rules question.")


def test_answering_opens_the_ruling_form_filled_in_and_links_the_new_ruling(admin_client, question):
    add_url = reverse("wagtailsnippets_rulings_ruling:add") + f"?reader_question={question.pk}"
    assert add_url.replace("?", "?") in admin_client.get(
        edit_url(question)
    ).content.decode().replace("&amp;", "&")
    form = admin_client.get(add_url).content.decode()
    assert question.question in form
    assert re.search(rf'name="edition"[^>]*value="{question.edition.pk}"', form)
    response = admin_client.post(
        add_url,
        {
            "edition": question.edition.pk,
            "outcome": "answered",
            "status": "verified",
            "question_en": question.question,
            "answer_en": "No: one building per permanent resource each turn.[1]",
            "closing_line_en": "",
            "abstain_rationale_en": "",
            "question_es": "",
            "answer_es": "",
            "closing_line_es": "",
            "abstain_rationale_es": "",
            "citations-TOTAL_FORMS": "1",
            "citations-INITIAL_FORMS": "0",
            "citations-MIN_NUM_FORMS": "0",
            "citations-MAX_NUM_FORMS": "1000",
            "citations-0-n": "1",
            "citations-0-passage": "",
            "citations-0-document": "",
            "citations-0-page": "7",
            "citations-0-heading_path": "TURN · Build",
            "citations-0-quote": "",
            "citations-0-ORDER": "1",
            "citations-0-id": "",
            "citations-0-DELETE": "",
            "corrections-TOTAL_FORMS": "0",
            "corrections-INITIAL_FORMS": "0",
            "corrections-MIN_NUM_FORMS": "0",
            "corrections-MAX_NUM_FORMS": "1000",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    ruling = Ruling.objects.get(question=question.question)
    assert ruling.citations.get().page == 7
    question.refresh_from_db()
    assert (question.status, question.ruling) == (ReaderQuestion.Status.ANSWERED, ruling)


def test_the_dashboard_counts_waiting_questions(admin_client, root_page, edition, question):
    ReaderQuestion.objects.create(
        edition=edition,
        question="A handled one, declined long ago?",
        status="declined",
        decline_reason="No.",
    )
    html = admin_client.get(reverse("wagtailadmin_home")).content.decode()
    assert "1 reader question waiting" in html


def test_editors_work_the_queue(client, question, django_user_model, roles):
    from django.contrib.auth.models import Group

    from core.roles import EDITORS

    editor = django_user_model.objects.create_user("ed", password="x")
    editor.groups.add(Group.objects.get(name=EDITORS))
    client.force_login(editor)
    assert client.get(reverse("reader_questions:index")).status_code == 200
    assert client.get(edit_url(question)).status_code == 200


def test_the_queue_costs_a_bounded_number_of_queries(
    admin_client, edition, answered, django_assert_max_num_queries
):
    for n in range(5):
        ReaderQuestion.objects.create(edition=edition, question=f"Permanent resource question {n}?")
    admin_client.get(reverse("reader_questions:index"))
    with django_assert_max_num_queries(40):
        assert admin_client.get(reverse("reader_questions:index")).status_code == 200


def test_nobody_writes_a_reader_question_in_the_admin(admin_client, question):
    assert (
        "Add reader question"
        not in admin_client.get(reverse("reader_questions:index")).content.decode()
    )
    response = admin_client.get(reverse("reader_questions:add"))
    assert response.status_code in (302, 403)


def test_each_questions_candidates_are_remembered_until_its_games_rulings_change(
    admin_client, question, answered
):
    """The queue does not look for every listed question's candidates on each view, yet a
    ruling withdrawn or published shows there on the next one."""
    url = reverse("reader_questions:index")
    candidate = reverse("wagtailsnippets_rulings_ruling:edit", args=[answered.pk])
    assert candidate in admin_client.get(url).content.decode()
    with CaptureQueriesContext(connection) as warm:
        assert candidate in admin_client.get(url).content.decode()
    assert not [q for q in warm.captured_queries if "SIMILARITY(" in q["sql"].upper()]

    answered.status = Ruling.Status.WITHDRAWN
    answered.save()
    assert candidate not in admin_client.get(url).content.decode()
    answered.status = Ruling.Status.VERIFIED
    answered.save()
    assert candidate in admin_client.get(url).content.decode()
