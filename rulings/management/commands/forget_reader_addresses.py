"""The reader-address sweep a question also runs as a task, for cron or by hand."""

from django.core.management.base import BaseCommand

from rulings.models.questions import ADDRESS_KEPT_DAYS
from rulings.reader_mail import forget_reader_addresses, tell_waiting_readers


class Command(BaseCommand):
    help = (
        f"Delete the e-mail addresses of reader questions asked more than {ADDRESS_KEPT_DAYS} "
        "days ago whose readers were never told, and queue again the mails still due."
    )

    def handle(self, *args, **options):
        forgotten = forget_reader_addresses()
        queued = tell_waiting_readers()
        self.stdout.write(
            f"Deleted {forgotten} reader address(es) kept too long; "
            f"queued {queued} reader e-mail(s) still due."
        )
