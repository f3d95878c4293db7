"""Every e-mail leaves from the task worker, through a real SMTP server (the test's own sink).

The request that causes a mail (a password reset, a page submitted for review, an editor's
decision on a reader's question) only queues it: no connection reaches the mail server
while it runs. The queued task then delivers it, and the sink receives it whole.
"""

import io
import re
from email.mime.text import MIMEText

import pytest
from django.core import mail
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from django_tasks import default_task_backend
from django_tasks_db.models import DBTaskResult

from core.mail import RETRY_DELAYS, MailNotSent, message_to_data, send_queued_mail
from rulings.models import ReaderQuestion, Ruling
from rulings.reader_mail import tell_reader
from tests.guides.test_translator_role import edit_url, guide_form
from tests.rulings.factories import EditionFactory

SMTP = "django.core.mail.backends.smtp.EmailBackend"
DUMMY_TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
MAIL_TASKS = (send_queued_mail.func, tell_reader.func)


def point_mail_at(settings, port, tasks=DUMMY_TASKS):
    """Production's shape: requests queue (on `tasks`), the worker sends by SMTP to `port`."""
    settings.TASKS = tasks
    settings.EMAIL_BACKEND = "core.mail.QueuedEmailBackend"
    settings.RULESAGE_EMAIL_BACKEND = SMTP
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", port, 5
    settings.DEFAULT_FROM_EMAIL = "Rulesage <editors@rulesage.example>"


@pytest.fixture
def queued_mail(settings, smtp_sink):
    """Mail pointed at the sink, queued on the DummyBackend, which only keeps what it gets."""
    point_mail_at(settings, smtp_sink.port)
    return smtp_sink


def run_mail_tasks():
    """Run the mail tasks queued so far, as the worker would (Wagtail queues tasks of its own)."""
    queued = [r for r in default_task_backend.results if r.task.func in MAIL_TASKS]
    default_task_backend.clear()
    return [result.task.call(*result.args, **result.kwargs) for result in queued]


@pytest.mark.django_db
def test_a_password_reset_is_queued_and_the_worker_delivers_the_link(
    client, queued_mail, django_user_model
):
    django_user_model.objects.create_user("eduardo", "eduardo@example.com", "pw", is_staff=True)
    response = client.post(reverse("wagtailadmin_password_reset"), {"email": "eduardo@example.com"})
    assert response.status_code == 302
    assert queued_mail.connections == 0  # the request never spoke to the mail server

    assert run_mail_tasks() == [1]
    [received] = queued_mail.messages
    assert received.rcpt_to == ["eduardo@example.com"]
    assert received.mail_from == "editors@rulesage.example"
    link = re.search(r"http://testserver(/admin/password_reset/confirm/\S+/)", received.text())
    assert link, received.text()
    # The link in the mail works: it opens the form that sets a new password.
    form = client.get(link.group(1), follow=True)
    assert 'name="new_password1"' in form.content.decode()


@pytest.mark.django_db
def test_a_page_submitted_for_review_mails_the_editors_from_the_worker(
    client, queued_mail, translator, editor, spanish_guide, django_capture_on_commit_callbacks
):
    client.force_login(translator)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            edit_url(spanish_guide),
            guide_form(spanish_guide, "action-submit", title_es="Cómo se juega"),
        )
    assert response.status_code == 302
    spanish_guide.refresh_from_db()
    assert spanish_guide.current_workflow_state.status == "in_progress"
    assert queued_mail.connections == 0

    assert sum(run_mail_tasks()) >= 1
    to_editor = [m for m in queued_mail.messages if m.rcpt_to == [editor.email]]
    assert len(to_editor) == 1, [m.rcpt_to for m in queued_mail.messages]
    message = to_editor[0].message
    assert spanish_guide.title in message["Subject"]
    assert message["Auto-Submitted"] == "auto-generated"  # Wagtail's header came through
    assert f"/admin/pages/{spanish_guide.pk}/" in to_editor[0].text()


@pytest.mark.django_db
def test_a_reader_is_told_of_the_answer_by_the_worker(
    admin_client, queued_mail, django_capture_on_commit_callbacks
):
    edition = EditionFactory(code="bg-368017-en-1e", game__name="Point City")
    answered = Ruling.objects.create(
        edition=edition,
        question="Can a permanent resource pay for two buildings in one turn?",
        answer="No: each permanent resource pays for one building per turn.",
    )
    question = ReaderQuestion.objects.create(
        edition=edition, question="Can one resource pay twice?", email="reader@example.org"
    )
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            reverse("reader_questions:edit", args=[question.pk]),
            {"status": "new", "ruling": "", "decline_reason": "", "duplicate_of": answered.pk},
        )
    assert response.status_code == 302
    assert queued_mail.connections == 0

    assert run_mail_tasks() == [True]  # sent straight through SMTP: no second hop
    [received] = queued_mail.messages
    assert received.rcpt_to == ["reader@example.org"]
    assert received.message["Subject"] == "Your rules question was answered already"
    assert "http://testserver" + answered.get_absolute_url() in received.text()
    question.refresh_from_db()
    assert question.email == "" and question.notified_at is not None


@pytest.mark.django_db
def test_a_message_arrives_whole(queued_mail):
    message = mail.EmailMultiAlternatives(
        "Résumé of the errata",
        "Plain text.\n.A line starting with a dot.",
        to=["a@example.org"],
        cc=["c@example.org"],
        bcc=["hidden@example.org"],
        reply_to=["editors@rulesage.example"],
        headers={"X-Rulesage": "errata"},
    )
    message.attach_alternative("<p>HTML text.</p>", "text/html")
    message.attach("errata.txt", "Card 12 now reads…", "text/plain")
    message.attach("scan.png", b"\x89PNG\r\n\x1a\n\x00\xff", "image/png")
    by_hand = MIMEText("a part made by hand", "plain")
    by_hand.add_header("Content-Disposition", "attachment", filename="note.txt")
    message.attach(by_hand)
    assert message.send() == 1
    assert queued_mail.connections == 0

    assert run_mail_tasks() == [1]
    [received] = queued_mail.messages
    assert sorted(received.rcpt_to) == ["a@example.org", "c@example.org", "hidden@example.org"]
    got = received.message
    assert (got["Subject"], got["Cc"], got["Reply-To"]) == (
        "Résumé of the errata",
        "c@example.org",
        "editors@rulesage.example",
    )
    assert "hidden@example.org" not in received.data.decode()  # Bcc stays off the headers
    assert got["X-Rulesage"] == "errata" and got["Date"]
    assert got.get_body(("plain",)).get_content() == "Plain text.\n.A line starting with a dot."
    assert got.get_body(("html",)).get_content().strip() == "<p>HTML text.</p>"
    attachments = {part.get_filename(): part.get_content() for part in got.iter_attachments()}
    assert attachments["errata.txt"] == "Card 12 now reads…"
    assert attachments["scan.png"] == b"\x89PNG\r\n\x1a\n\x00\xff"
    assert attachments["note.txt"] == "a part made by hand"


@pytest.mark.django_db
def test_a_mail_server_that_is_down_gets_the_message_again_later(settings, closed_port):
    point_mail_at(settings, closed_port)
    mail.send_mail("Review requested", "Please review.", None, ["eduardo@example.com"])
    [first] = default_task_backend.results
    default_task_backend.clear()
    assert first.task.call(*first.args, **first.kwargs) == 0  # not sent, not lost
    [retry] = default_task_backend.results
    assert retry.task.func is send_queued_mail.func and retry.kwargs == {"attempt": 2}
    assert retry.args == first.args
    delay = retry.task.run_after - first.enqueued_at
    assert 55 <= delay.total_seconds() <= 120


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_worker_keeps_what_it_could_not_send_until_it_is_resent(
    settings, closed_port, smtp_sink, monkeypatch
):
    """Through the real database queue and `manage.py db_worker`: the mail server is down for
    every attempt, the message stays as a failed task; once it is back, it is resent."""
    point_mail_at(settings, closed_port, tasks=DATABASE_TASKS)
    monkeypatch.setattr("core.mail.RETRY_DELAYS", (0,))  # one retry, at once
    mail.send_mail("Review requested", "Please review.", None, ["eduardo@example.com"])

    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    mail_tasks = DBTaskResult.objects.filter(task_path=send_queued_mail.module_path)
    assert sorted(mail_tasks.values_list("status", flat=True)) == ["FAILED", "SUCCESSFUL"]
    failed = mail_tasks.get(status="FAILED")
    assert "ConnectionRefusedError" in failed.traceback
    assert failed.args_kwargs["args"][0]["subject"] == "Review requested"

    settings.EMAIL_PORT = smtp_sink.port  # the mail server is back
    out = io.StringIO()
    call_command("resend_failed_mail", stdout=out)
    assert out.getvalue().strip() == "Queued 1 e-mail(s) again."
    assert not mail_tasks.filter(status="FAILED").exists()
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    [received] = smtp_sink.messages
    assert received.rcpt_to == ["eduardo@example.com"]
    assert received.message["Subject"] == "Review requested"


def declined_question(email="reader@example.org"):
    """A question an editor declined, whose reader is still to be told."""
    return ReaderQuestion.objects.create(
        edition=EditionFactory(),
        question="Can one resource pay twice?",
        email=email,
        status=ReaderQuestion.Status.DECLINED,
        decline_reason="Not about the rules.",
    )


def delays_until_given_up(task, *args):
    """Run `task` and then each retry it queues on the DummyBackend while the mail server
    refuses; the seconds each retry was put off by, until the task gives up."""
    delays = []
    kwargs = {}
    while True:
        default_task_backend.clear()
        started = timezone.now()
        try:
            task.call(*args, **kwargs)
        except MailNotSent:
            assert not [r for r in default_task_backend.results if r.task.func is task.func]
            return delays
        [retry] = [r for r in default_task_backend.results if r.task.func is task.func]
        assert retry.task.func is task.func and list(retry.args) == list(args)
        kwargs = retry.kwargs
        delays.append((retry.task.run_after - started).total_seconds())


@pytest.mark.django_db
def test_a_reader_e_mail_is_tried_again_on_the_schedule_of_every_other_mail(queued_mail):
    queued_mail.refusing = True
    question = declined_question()
    message = mail.EmailMessage("Review requested", "Please review.", to=["eduardo@example.com"])

    reader_delays = delays_until_given_up(tell_reader, question.pk)
    other_delays = delays_until_given_up(send_queued_mail, message_to_data(message))
    assert len(reader_delays) == len(other_delays) == len(RETRY_DELAYS)
    for delays in (reader_delays, other_delays):
        for delay, planned in zip(delays, RETRY_DELAYS, strict=True):
            assert planned <= delay < planned + 60, (delays, RETRY_DELAYS)
    question.refresh_from_db()
    assert question.email == "reader@example.org" and question.notified_at is None
    assert queued_mail.messages == [] and queued_mail.connections == 2 * (len(RETRY_DELAYS) + 1)


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_reader_e_mail_refused_to_the_end_is_resent_once_the_server_takes_mail(
    settings, smtp_sink, monkeypatch
):
    """Through the real database queue and `manage.py db_worker`: the mail server refuses
    every attempt at the reader's e-mail, which stays a failed task and leaves the reader
    waiting; `resend_failed_mail` queues it again, and the reader is told once."""
    point_mail_at(settings, smtp_sink.port, tasks=DATABASE_TASKS)
    monkeypatch.setattr("core.mail.RETRY_DELAYS", (0,))  # one retry, at once
    smtp_sink.refusing = True
    question = declined_question()
    tell_reader.enqueue(question.pk)

    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    reader_tasks = DBTaskResult.objects.filter(task_path=tell_reader.module_path)
    assert sorted(reader_tasks.values_list("status", flat=True)) == ["FAILED", "SUCCESSFUL"]
    assert "SMTPConnectError" in reader_tasks.get(status="FAILED").traceback
    question.refresh_from_db()
    assert question.email == "reader@example.org" and question.notified_at is None

    smtp_sink.refusing = False
    out = io.StringIO()
    call_command("resend_failed_mail", stdout=out)
    assert out.getvalue().strip() == "Queued 1 e-mail(s) again."
    call_command("resend_failed_mail", stdout=out)  # nothing twice
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    [received] = smtp_sink.messages
    assert received.rcpt_to == ["reader@example.org"]
    assert received.message["Subject"] == "About your rules question"
    question.refresh_from_db()
    assert question.email == "" and question.notified_at is not None
