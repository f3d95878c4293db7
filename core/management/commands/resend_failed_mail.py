"""`manage.py resend_failed_mail`: queue again the e-mails whose every attempt failed,
deleting each failed task in the same transaction so running it twice sends nothing twice."""

from django.core.management.base import BaseCommand
from django.db import transaction
from django_tasks.utils import get_module_path
from django_tasks_db.models import DBTaskResult

from core.mail import MailNotSent


class Command(BaseCommand):
    help = "Queue again the e-mails the task worker gave up sending, for a new round of attempts."

    def handle(self, *args, **options):
        resent = 0
        with transaction.atomic():
            failed = DBTaskResult.objects.failed().filter(
                exception_class_path=get_module_path(MailNotSent)
            )
            for result in failed.select_for_update(skip_locked=True):
                kwargs = result.args_kwargs["kwargs"]
                kwargs.pop("attempt", None)
                result.task.enqueue(*result.args_kwargs["args"], **kwargs)
                result.delete()
                resent += 1
        self.stdout.write(f"Queued {resent} e-mail(s) again.")
