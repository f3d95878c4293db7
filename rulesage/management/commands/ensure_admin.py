"""Make sure an administrator account exists, without ever changing an existing one."""

import os
import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Create the 'admin' superuser if no superuser exists yet."

    def handle(self, *args, **options):
        User = get_user_model()
        if User.objects.filter(is_superuser=True).exists():
            self.stdout.write("An admin account already exists; it was left unchanged.")
            return
        password = os.environ.get("RULESAGE_ADMIN_PASSWORD")
        generated = not password
        if generated:
            password = secrets.token_urlsafe(12)
        User.objects.create_superuser("admin", "admin@example.com", password)
        self.stdout.write(self.style.SUCCESS("Created the admin account: user 'admin'."))
        if generated:
            # Shown once only: the next run finds the account and prints nothing secret.
            self.stdout.write(
                self.style.WARNING(f"Generated password (shown once): {password}\n")
                + "Change it with: .venv/bin/python manage.py changepassword admin"
            )
