"""A reader who left an address is told once, by e-mail from a background task, what became
of their question; the address is deleted then, or after 90 days if never told."""

from datetime import timedelta

import pytest
from django.core import mail
from django.core.management import call_command
from django.db import transaction
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone, translation
from django_tasks import default_task_backend

from rulings.models import ReaderQuestion, Ruling
from rulings.reader_mail import question_handled, tell_reader

QUESTION = "Can one permanent resource pay for two buildings?"
DUMMY_TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}


@pytest.fixture
def question(edition):
    return ReaderQuestion.objects.create(
        edition=edition, question=QUESTION, email="reader@example.org"
    )


def queued_mails():
    """The reader e-mails queued on the DummyBackend (Wagtail queues tasks of its own)."""
    return [r for r in default_task_backend.results if r.task.func is tell_reader.func]


def edit_url(question):
    return reverse("reader_questions:edit", args=[question.pk])


def decide(client, question, **changes):
    data = {"status": "new", "ruling": "", "decline_reason": "", **changes}
    response = client.post(edit_url(question), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    question.refresh_from_db()
    return response


def test_a_declined_reader_is_told_why_once_and_the_address_is_deleted(
    admin_client, question, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        decide(admin_client, question, status="declined", decline_reason="Not about the rules.")
    question.refresh_from_db()
    [message] = mail.outbox
    assert message.to == ["reader@example.org"]
    assert message.subject == "About your rules question"
    assert QUESTION in message.body and "Not about the rules." in message.body
    assert "http://testserver/en/rulings/ask/" in message.body
    assert question.email == "" and question.notified_at is not None


def test_a_duplicate_in_spanish_links_the_ruling_in_spanish(
    admin_client, question, answered, django_capture_on_commit_callbacks
):
    answered.question_es = "¿Paga un recurso permanente dos edificios en un turno?"
    answered.save()
    question.language = "es"
    question.save()
    with django_capture_on_commit_callbacks(execute=True):
        decide(admin_client, question, duplicate_of=answered.pk)
    [message] = mail.outbox
    with translation.override("es"):
        link = "http://testserver" + answered.get_absolute_url()
    assert link.startswith("http://testserver/es/resoluciones/")
    assert message.subject == "Tu pregunta de reglas ya tenía respuesta"
    assert link in message.body and answered.question_es in message.body
    assert "Es el único correo que te enviamos" in message.body


@override_settings(TASKS=DUMMY_TASKS)
def test_no_mail_without_an_address(admin_client, edition, django_capture_on_commit_callbacks):
    question = ReaderQuestion.objects.create(edition=edition, question=QUESTION)
    with django_capture_on_commit_callbacks(execute=True):
        decide(admin_client, question, status="declined", decline_reason="No.")
    assert question.status == "declined"
    assert queued_mails() == []  # not even a task queued
    assert tell_reader.call(question.pk) is False
    assert mail.outbox == []


def test_exactly_one_mail_however_often_the_question_is_saved(
    admin_client, question, answered, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        decide(admin_client, question, duplicate_of=answered.pk)
    # Saved again: another ruling, then declined after all; and the task run again.
    with django_capture_on_commit_callbacks(execute=True):
        decide(admin_client, question, status="duplicate", ruling=answered.pk)
        decide(admin_client, question, status="declined", decline_reason="Changed my mind.")
    assert tell_reader.call(question.pk) is False
    assert len(mail.outbox) == 1
    assert "Changed my mind." not in mail.outbox[0].body


def test_a_decision_rolled_back_mails_nobody(question, django_capture_on_commit_callbacks):
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        question.status, question.decline_reason = "declined", "Not about the rules."
        question.save()
        question_handled(question)
        raise RuntimeError("the editor's request failed after the save")
    question.refresh_from_db()
    assert mail.outbox == []
    assert (question.status, question.email) == ("new", "reader@example.org")


@override_settings(TASKS=DUMMY_TASKS)
def test_the_request_only_queues_the_mail_and_the_task_sends_it(
    admin_client, question, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        decide(admin_client, question, status="declined", decline_reason="Not about the rules.")
    assert mail.outbox == []  # the editor's request sent nothing itself
    [queued] = queued_mails()
    assert list(queued.args) == [question.pk]
    question.refresh_from_db()
    assert question.email == "reader@example.org"
    assert tell_reader.call(*queued.args) is True
    assert len(mail.outbox) == 1


def test_an_answer_is_told_only_once_its_ruling_is_public(
    question, answered, django_capture_on_commit_callbacks
):
    answered.status = Ruling.Status.WITHDRAWN
    answered.save()
    question.status, question.ruling = "answered", answered
    question.save()
    with django_capture_on_commit_callbacks(execute=True):
        question_handled(question)
    assert mail.outbox == []  # a link readers could not open
    answered.status = Ruling.Status.VERIFIED
    answered.save()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("forget_reader_addresses", verbosity=0)
    [message] = mail.outbox
    assert message.subject == "Your rules question is answered"
    assert "http://testserver" + answered.get_absolute_url() in message.body


def test_addresses_never_used_are_forgotten_after_90_days(edition, question):
    old = ReaderQuestion.objects.create(
        edition=edition, question="An old question nobody answered?", email="old@example.org"
    )
    ReaderQuestion.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=91))
    call_command("forget_reader_addresses", verbosity=0)
    old.refresh_from_db()
    question.refresh_from_db()
    assert old.email == "" and old.notified_at is None
    assert question.email == "reader@example.org"  # asked today: kept
    assert mail.outbox == []


def test_a_reader_sending_a_question_sweeps_old_addresses(
    client, edition, django_capture_on_commit_callbacks
):
    old = ReaderQuestion.objects.create(
        edition=edition, question="An old question nobody answered?", email="old@example.org"
    )
    ReaderQuestion.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=91))
    data = {"edition": edition.code, "question": QUESTION, "email": "", "website": ""}
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("rulings:ask"), {**data, "action": "send"})
    old.refresh_from_db()
    assert old.email == ""


def test_the_database_keeps_no_address_once_the_reader_is_told(question):
    from django.db import IntegrityError

    with pytest.raises(IntegrityError), transaction.atomic():
        ReaderQuestion.objects.filter(pk=question.pk).update(notified_at=timezone.now())


@pytest.mark.parametrize(
    ("language", "promise"),
    [
        ("en", "We write to you once: when an editor answers your question"),
        ("es", "Te escribimos una vez: cuando un editor responde a tu pregunta"),
    ],
)
def test_the_ask_page_says_what_happens_to_the_address(client, edition, language, promise):
    with translation.override(language):
        url = reverse("rulings:ask")
    data = {"edition": edition.code, "question": QUESTION, "email": "", "website": ""}
    html = client.post(url, {**data, "action": "check"}).content.decode()
    assert promise in html
    assert ("90 days" if language == "en" else "90 días") in html
