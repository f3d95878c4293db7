"""Make sure an administrator account exists, never changing one; with --demo (development
settings only: the passwords are fixed), also an editor and a translator, sign-ins printed."""

import os
import secrets

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError

from core.roles import EDITORS, TRANSLATORS, ensure_roles

# (role, user name, password, group)
DEMO_ACCOUNTS = [
    ("editor", "editor", "editor-demo", EDITORS),
    ("translator", "translator", "translator-demo", TRANSLATORS),
]


class Command(BaseCommand):
    help = (
        "Create the 'admin' superuser if no superuser exists yet; with --demo, also the demo "
        "editor and translator, and print every sign-in."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--demo",
            action="store_true",
            help="Also create (or reset) the demo editor and translator, and print every "
            "sign-in. Refused unless RULESAGE_DEMO_ACCOUNTS is on (development settings).",
        )

    def handle(self, *args, demo=False, **options):
        if demo and not settings.RULESAGE_DEMO_ACCOUNTS:
            raise CommandError(
                "Demo accounts have fixed passwords: refused unless RULESAGE_DEMO_ACCOUNTS is "
                "on, as it is only in the development settings."
            )
        password = self.ensure_admin(quiet=demo)
        if demo:
            self.print_sign_ins([("administrator", "admin", password), *self.ensure_demo()])

    def ensure_admin(self, quiet):
        """The admin's password if the account was created now, else None."""
        User = get_user_model()
        if User.objects.filter(is_superuser=True).exists():
            if not quiet:
                self.stdout.write("An admin account already exists; it was left unchanged.")
            return None
        given = os.environ.get("RULESAGE_ADMIN_PASSWORD")
        password = given or secrets.token_urlsafe(12)
        User.objects.create_superuser("admin", "admin@example.com", password)
        if not quiet:
            self.stdout.write(self.style.SUCCESS("Created the admin account: user 'admin'."))
        if not given and not quiet:
            # Shown once only: the next run finds the account and prints nothing secret.
            self.stdout.write(
                self.style.WARNING(f"Generated password (shown once): {password}\n")
                + "Change it with: .venv/bin/python manage.py changepassword admin"
            )
        return password

    def ensure_demo(self):
        """The demo accounts, each in its group with its demo password, however it was left."""
        ensure_roles(apps)
        User = get_user_model()
        for role, username, password, group in DEMO_ACCOUNTS:
            user, _created = User.objects.get_or_create(
                username=username, defaults={"email": f"{username}@example.com"}
            )
            user.is_staff, user.is_active = True, True
            user.set_password(password)
            user.save()
            user.groups.set([Group.objects.get(name=group)])
            yield role, username, password

    def print_sign_ins(self, accounts):
        base = settings.RULESAGE_BASE_URL.rstrip("/")
        rule = "─" * 72
        lines = [
            rule,
            f"Rulesage: {base}/en/  (Spanish: {base}/es/)",
            f"Sign in at {base}/admin/ with a demo account (for trying the site only):",
        ]
        for role, username, password in accounts:
            # The admin's is shown once only: the next run finds the account.
            shown = password or "as first shown (manage.py changepassword admin sets one)"
            lines.append(f"  {role:<14} user {username:<11} password {shown}")
        lines += [
            "E-mails the site sends are printed below, each under a line naming its",
            "recipient and subject.",
            rule,
        ]
        self.stdout.write(self.style.SUCCESS("\n".join(lines)))
