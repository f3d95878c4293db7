"""Production queues every mail in the database, and `manage.py db_worker` sends it through
the SMTP server the environment names; development prints what the worker sends."""

import io
import json

from django.core.mail import EmailMessage

from core.mail import ConsoleEmailBackend
from tests.core.test_errors import PRODUCTION_ENV, run_python

MAIL_ENV = {
    "EMAIL_HOST": "smtp.example.org",
    "EMAIL_PORT": "587",
    "EMAIL_HOST_USER": "rulesage",
    "EMAIL_HOST_PASSWORD": "a-mail-secret",
    "EMAIL_USE_TLS": "1",
    "DEFAULT_FROM_EMAIL": "Rulesage <editors@rulesage.example>",
    "SERVER_EMAIL": "errors@rulesage.example",
}


def test_production_reads_its_mail_server_from_the_environment():
    result = run_python(
        """
        import json
        import django
        from django.conf import settings
        django.setup()
        names = ["EMAIL_BACKEND", "RULESAGE_EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT",
                 "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD", "EMAIL_USE_TLS", "EMAIL_USE_SSL",
                 "DEFAULT_FROM_EMAIL", "SERVER_EMAIL", "TASKS"]
        print(json.dumps({name: getattr(settings, name) for name in names}))
        """,
        PRODUCTION_ENV | MAIL_ENV,
    )
    assert result.returncode == 0, result.stderr
    read = json.loads(result.stdout.strip().splitlines()[-1])
    assert read["EMAIL_BACKEND"] == "core.mail.QueuedEmailBackend"
    assert read["RULESAGE_EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (read["EMAIL_HOST"], read["EMAIL_PORT"]) == ("smtp.example.org", 587)
    assert (read["EMAIL_HOST_USER"], read["EMAIL_HOST_PASSWORD"]) == ("rulesage", "a-mail-secret")
    assert (read["EMAIL_USE_TLS"], read["EMAIL_USE_SSL"]) == (True, False)
    assert read["DEFAULT_FROM_EMAIL"] == "Rulesage <editors@rulesage.example>"
    assert read["SERVER_EMAIL"] == "errors@rulesage.example"
    assert read["TASKS"]["default"]["BACKEND"] == "django_tasks_db.DatabaseBackend"


def test_development_queues_mail_and_the_worker_prints_it():
    result = run_python(
        """
        import django
        from django.conf import settings
        django.setup()
        print(settings.EMAIL_BACKEND, settings.RULESAGE_EMAIL_BACKEND,
              settings.TASKS["default"]["BACKEND"])
        """,
        {"DJANGO_SETTINGS_MODULE": "rulesage.settings.dev"},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "core.mail.QueuedEmailBackend",
        "core.mail.ConsoleEmailBackend",
        "django_tasks_db.DatabaseBackend",
    ]


def test_a_printed_e_mail_begins_with_a_line_naming_its_recipient_and_subject():
    stream = io.StringIO()
    message = EmailMessage("Tu pregunta", "Hola.", "editors@example.com", ["reader@example.org"])
    ConsoleEmailBackend(stream=stream).send_messages([message])
    first, *rest = stream.getvalue().lstrip("\n").splitlines()
    assert first.startswith("══ E-mail to reader@example.org: Tu pregunta ══")
    assert "Hola." in rest
