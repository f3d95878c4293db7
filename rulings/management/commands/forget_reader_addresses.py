"""The reader-address sweep a question also runs as a task, for cron or by hand."""

from django.core.management.base import BaseCommand

from rulings.models.questions import ADDRESS_KEPT_DAYS
from rulings.reader_mail import look_after_reader_addresses


class Command(BaseCommand):
    help = (
        f"Delete the e-mail addresses of reader questions asked more than {ADDRESS_KEPT_DAYS} "
        "days ago whose readers were never told, and queue again the mails still due."
    )

    def handle(self, *args, **options):
        done = look_after_reader_addresses.call()
        self.stdout.write(
            f"Deleted {done['forgotten']} reader address(es) kept too long; "
            f"queued {done['queued']} reader e-mail(s) still due."
        )
