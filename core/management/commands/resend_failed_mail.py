"""Queue again the e-mails whose every attempt failed (core/mail.py).

A mail server down for longer than the retries last leaves each unsent message as a
FAILED `send_queued_mail` task in the database queue. Once the server is back:

    manage.py resend_failed_mail

queues each of them again, from a first attempt, and deletes the failed task in the same
transaction, so running it twice sends nothing twice.
"""

from django.core.management.base import BaseCommand
from django.db import transaction
from django_tasks_db.models import DBTaskResult

from core.mail import send_queued_mail


class Command(BaseCommand):
    help = "Queue again the e-mails the task worker gave up sending, for a new round of attempts."

    def handle(self, *args, **options):
        resent = 0
        with transaction.atomic():
            failed = DBTaskResult.objects.failed().filter(task_path=send_queued_mail.module_path)
            for result in failed.select_for_update(skip_locked=True):
                send_queued_mail.enqueue(result.args_kwargs["args"][0])
                result.delete()
                resent += 1
        self.stdout.write(f"Queued {resent} e-mail(s) again.")
