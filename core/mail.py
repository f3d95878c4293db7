"""Every e-mail leaves from the task worker, never from a web request, and is tried again
when the server fails (docs/mail.md)."""

import base64
import logging
from datetime import timedelta
from email import message_from_bytes
from email.message import Message
from email.mime.base import MIMEBase
from email.utils import formatdate

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.mail import EmailMessage, EmailMultiAlternatives, get_connection
from django.core.mail.backends import console
from django.core.mail.backends.base import BaseEmailBackend
from django.utils import timezone
from django.utils.module_loading import import_string
from django_tasks import task

logger = logging.getLogger(__name__)

RETRY_DELAYS = (60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600)
ADDRESSES = ("to", "cc", "bcc", "reply_to")


class QueuedEmailBackend(BaseEmailBackend):
    """Queue each message for the task worker instead of sending it."""

    def send_messages(self, email_messages):
        queued = 0
        for message in email_messages:
            if not message.recipients():
                continue
            try:
                send_queued_mail.enqueue(message_to_data(message))
            except Exception:
                if not self.fail_silently:
                    raise
                logger.exception("Could not queue the e-mail %r", str(message.subject))
            else:
                queued += 1
        return queued


class ConsoleEmailBackend(console.EmailBackend):
    """Django's console backend, each message under a line naming recipients and subject,
    so an e-mail stands out in the log of `make run`."""

    def write_message(self, message):
        header = f" E-mail to {', '.join(message.recipients())}: {message.subject} "
        self.stream.write(f"\n{'══' + header:═<79}\n")
        super().write_message(message)


def delivering_connection():
    """A connection to the backend that really sends (RULESAGE_EMAIL_BACKEND)."""
    backend = settings.RULESAGE_EMAIL_BACKEND
    if issubclass(import_string(backend), QueuedEmailBackend):
        raise ImproperlyConfigured("RULESAGE_EMAIL_BACKEND must send mail, not queue it.")
    return get_connection(backend)


def delivering_backend():
    if issubclass(import_string(settings.EMAIL_BACKEND), QueuedEmailBackend):
        return settings.RULESAGE_EMAIL_BACKEND
    return settings.EMAIL_BACKEND


class MailNotSent(Exception):
    """The last attempt failed: the task stays FAILED for `resend_failed_mail`."""


def try_again_later(task, attempt, error, what, *args):
    """Queue the next attempt RETRY_DELAYS later and warn; raise MailNotSent when none is
    left (or the queue cannot wait)."""
    if attempt > len(RETRY_DELAYS) or not task.get_backend().supports_defer:
        raise MailNotSent(f"{what} not sent in {attempt} attempt(s)") from error
    run_after = timezone.now() + timedelta(seconds=RETRY_DELAYS[attempt - 1])
    task.using(run_after=run_after).enqueue(*args, attempt=attempt + 1)
    logger.warning(
        "%s not sent (attempt %s: %s); trying again at %s",
        what,
        attempt,
        error or type(error).__name__,
        run_after.isoformat(timespec="seconds"),
    )


@task()
def send_queued_mail(data, attempt=1):
    """Send the message `data`; how many were sent (0 when a retry was queued)."""
    try:
        return delivering_connection().send_messages([message_from_data(data)])
    except Exception as error:
        recipients = ", ".join(data["to"] + data["cc"] + data["bcc"])
        try_again_later(
            send_queued_mail, attempt, error, f"E-mail {data['subject']!r} to {recipients}", data
        )
        return 0


def _pack(content):
    """Text as it is, anything else as base64, so JSON can hold it."""
    if isinstance(content, str):
        return {"text": content}
    if isinstance(content, EmailMessage):
        content = content.message()
    if isinstance(content, Message):
        content = content.as_bytes()
    return {"base64": base64.b64encode(content).decode("ascii")}


def _unpack(packed):
    return packed["text"] if "text" in packed else base64.b64decode(packed["base64"])


def _mime_part(raw):
    parsed = message_from_bytes(raw)
    part = MIMEBase(parsed.get_content_maintype(), parsed.get_content_subtype())
    for name in set(part.keys()):
        del part[name]
    for name, value in parsed.items():
        part[name] = value
    part.set_payload(parsed.get_payload())
    return part


def message_to_data(message):
    """`message` as JSON-ready data, dated now so a delayed mail says when it was written."""
    headers = {str(name): str(value) for name, value in message.extra_headers.items()}
    if "date" not in {name.lower() for name in headers}:
        headers["Date"] = formatdate(localtime=settings.EMAIL_USE_LOCALTIME)
    attachments = [
        {"mime": _pack(attachment.as_bytes())}
        if isinstance(attachment, MIMEBase)
        else {"filename": attachment[0], "content": _pack(attachment[1]), "mimetype": attachment[2]}
        for attachment in message.attachments
    ]
    return {
        "subject": str(message.subject),
        "body": str(message.body),
        "content_subtype": message.content_subtype,
        "encoding": str(message.encoding) if message.encoding else None,
        "from_email": str(message.from_email),
        **{name: [str(address) for address in getattr(message, name)] for name in ADDRESSES},
        "headers": headers,
        "alternatives": [
            {"content": _pack(content), "mimetype": mimetype}
            for content, mimetype in getattr(message, "alternatives", [])
        ],
        "attachments": attachments,
    }


def message_from_data(data):
    fields = ("subject", "body", "from_email", "headers", *ADDRESSES)
    message = EmailMultiAlternatives(**{name: data[name] for name in fields})
    message.content_subtype = data["content_subtype"]
    message.encoding = data["encoding"]
    for alternative in data["alternatives"]:
        message.attach_alternative(_unpack(alternative["content"]), alternative["mimetype"])
    for attachment in data["attachments"]:
        if "mime" in attachment:
            message.attach(_mime_part(_unpack(attachment["mime"])))
        else:
            content = _unpack(attachment["content"])
            message.attach(attachment["filename"], content, attachment["mimetype"])
    return message
