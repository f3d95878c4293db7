"""Load the demo content; safe to run again. It asks no permission: whoever can run
``manage.py`` on the server holds the database already."""

from django.core.management.base import BaseCommand

from devtools.demo.loader import load_demo


class Command(BaseCommand):
    help = "Create the demo content (idempotent)."

    def handle(self, *args, verbosity=1, **options):
        # Each object created at -v 2; the count at the default -v 1; nothing at -v 0.
        created = load_demo(log=self.stdout.write if verbosity > 1 else lambda line: None)
        if not verbosity:
            return
        if created:
            self.stdout.write(self.style.SUCCESS(f"Demo content: {created} objects created."))
        else:
            self.stdout.write("Demo content already present; nothing changed.")
