"""`manage.py check --deploy` warns when the site cannot send e-mail.

Password resets, editors' review requests and readers' answers all leave by e-mail; a
production server that cannot reach its mail server reports every one of them as sent
and logs a failure nobody reads. The check asks the configured SMTP server to greet it
(no message is sent), and warns too when mail would leave as the placeholder sender. It
looks at the backend that delivers in the end: behind the queue every request sends
through, the one the task worker sends with (RULESAGE_EMAIL_BACKEND, core/mail.py).
"""

import smtplib

from django.conf import settings
from django.core.checks import Tags, Warning, register

from core.mail import delivering_backend

SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
CHECK_TIMEOUT = 5  # seconds: a deploy check must not hang on an unanswering server


@register(Tags.compatibility, deploy=True)
def mail_can_be_sent(app_configs=None, **kwargs):
    problems = []
    if delivering_backend() != SMTP_BACKEND:
        return problems
    if settings.DEFAULT_FROM_EMAIL.endswith("@localhost"):
        problems.append(
            Warning(
                f"E-mail would be sent from {settings.DEFAULT_FROM_EMAIL}.",
                hint="Set DEFAULT_FROM_EMAIL to an address readers can recognise and reply to.",
                id="rulesage.W001",
            )
        )
    server = f"{settings.EMAIL_HOST}:{settings.EMAIL_PORT}"
    connection_class = smtplib.SMTP_SSL if settings.EMAIL_USE_SSL else smtplib.SMTP
    try:
        with connection_class(
            settings.EMAIL_HOST, settings.EMAIL_PORT, timeout=CHECK_TIMEOUT
        ) as connection:
            connection.noop()
    except (OSError, smtplib.SMTPException) as error:  # a timeout is an OSError
        problems.append(
            Warning(
                f"The mail server {server} cannot be reached ({error or type(error).__name__}): "
                "password resets, review requests and readers' answers would not be sent.",
                hint="Set EMAIL_HOST, EMAIL_PORT and, if the server needs them, "
                "EMAIL_HOST_USER, EMAIL_HOST_PASSWORD and EMAIL_USE_TLS or EMAIL_USE_SSL.",
                id="rulesage.W002",
            )
        )
    return problems
