"""Delete reader addresses kept too long, and queue again the mails still due.

A reader's e-mail address is kept only to tell them, once, what became of their question
(rulings/reader_mail.py). Once they are told, the address is deleted by the same task that
sent the mail. This command deletes the rest: the addresses of questions asked more than
90 days ago (ADDRESS_KEPT_DAYS) whose readers were never told. It then queues the e-mail
again for handled questions whose reader has not been told yet (a mail server that was
down), for the task worker (`manage.py db_worker`) to send.

The same sweep runs as a background task whenever a reader sends a question, so the site
needs no scheduler for it; run this command from cron or by hand to sweep at other times:

    manage.py forget_reader_addresses
"""

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
