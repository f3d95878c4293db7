"""Telling a reader what became of their question: one e-mail, then the address is gone.
Sent by a task at most once per question (the row locked, `notified_at` and the deletion in
one transaction); tasks carry the question's key, never the address."""

import logging
from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _
from django_tasks import task

from core.mail import delivering_connection, try_again_later

from .models import ReaderQuestion, Ruling
from .models.questions import ADDRESS_KEPT_DAYS

logger = logging.getLogger(__name__)

SUBJECTS = {
    ReaderQuestion.Status.ANSWERED: _("Your rules question is answered"),
    ReaderQuestion.Status.DUPLICATE: _("Your rules question was answered already"),
    ReaderQuestion.Status.DECLINED: _("About your rules question"),
}
# How many waiting readers one sweep queues again (the rest wait for the next sweep).
SWEEP_BATCH = 100


def question_handled(question):
    """Tell the reader once the editor's decision commits, if they left an address."""
    if question.email:
        pk = question.pk
        transaction.on_commit(lambda: tell_reader.enqueue(pk))


def site_url(path):
    base = settings.RULESAGE_BASE_URL or settings.WAGTAILADMIN_BASE_URL
    return base.rstrip("/") + path


def reader_message(question):
    with translation.override(question.language):
        context = {
            "question": question,
            "outcome": question.status,
            "game": question.edition.game.name,
            "edition": question.edition.code,
            "ruling": question.ruling,
            "ruling_url": site_url(question.ruling.get_absolute_url()) if question.ruling else "",
            "ask_url": site_url(reverse("rulings:ask")),
        }
        body = render_to_string("rulings/email/question_handled.txt", context)
        return EmailMultiAlternatives(
            subject=str(SUBJECTS[question.status]), body=body, to=[question.email]
        )


def can_be_told(questions):
    declined = Q(status=ReaderQuestion.Status.DECLINED)
    return questions.filter(declined | Q(ruling__in=Ruling.objects.public()))


@task()
def tell_reader(question_pk, attempt=1):
    with transaction.atomic():
        question = (
            can_be_told(ReaderQuestion.objects.reader_to_be_told())
            .select_for_update(of=("self",))
            .select_related("edition__game", "ruling__edition")
            .filter(pk=question_pk)
            .first()
        )
        if question is None:
            return False
        try:
            delivering_connection().send_messages([reader_message(question)])
        except Exception as error:
            what = f"E-mail to the reader of question {question_pk}"
            try_again_later(tell_reader, attempt, error, what, question_pk)
            return False
        ReaderQuestion.objects.filter(pk=question.pk).update(notified_at=timezone.now(), email="")
    logger.info("Reader of question %s told: %s", question_pk, question.status)
    return True


def forget_reader_addresses():
    """Delete addresses kept past ADDRESS_KEPT_DAYS; returns how many."""
    asked_before = timezone.now() - timedelta(days=ADDRESS_KEPT_DAYS)
    return (
        ReaderQuestion.objects.exclude(email="")
        .filter(created_at__lt=asked_before)
        .update(email="")
    )


def tell_waiting_readers():
    waiting = can_be_told(ReaderQuestion.objects.reader_to_be_told()).order_by("pk")
    pks = list(waiting.values_list("pk", flat=True)[:SWEEP_BATCH])
    for pk in pks:
        tell_reader.enqueue(pk)
    return len(pks)


@task()
def look_after_reader_addresses():
    return {"forgotten": forget_reader_addresses(), "queued": tell_waiting_readers()}
