"""Checks of settings that fail silently: the feed ids' tagging authority and, on deploy, a
mail server that cannot be reached or a placeholder sender (mail fails unseen, in the worker)."""

import re
import smtplib

from django.conf import settings
from django.core.checks import Error, Tags, Warning, register

from core.mail import delivering_backend

CHECK_TIMEOUT = 5  # seconds: a deploy check must not hang on an unanswering server
# RFC 4151's taggingEntity: a domain name or an e-mail address, a comma, a date.
TAGGING_ENTITY = re.compile(
    r"(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*"
    r"|[^@\s,:]+@[a-z0-9.-]+),\d{4}(?:-\d{2}(?:-\d{2})?)?",
    re.IGNORECASE,
)
PLACEHOLDER_AUTHORITY = "rulesage.example,2026"


@register(Tags.compatibility)
def feed_ids_are_tag_uris(app_configs=None, **kwargs):
    authority = settings.RULESAGE_FEED_TAG_AUTHORITY
    if TAGGING_ENTITY.fullmatch(authority):
        return []
    return [
        Error(
            f"FEED_TAG_AUTHORITY is {authority!r}: feed entry ids would not be tag URIs.",
            hint="Give a domain you own and the year you owned it, e.g. rulesage.org,2026.",
            id="rulesage.E001",
        )
    ]


@register(Tags.compatibility, deploy=True)
def feed_ids_are_the_sites_own(app_configs=None, **kwargs):
    if settings.RULESAGE_FEED_TAG_AUTHORITY != PLACEHOLDER_AUTHORITY:
        return []
    return [
        Warning(
            f"Feed entry ids use the placeholder authority {PLACEHOLDER_AUTHORITY}.",
            hint="Set FEED_TAG_AUTHORITY to a domain you own and the year you owned it "
            "(rulesage.org,2026) before feeds are first published; never change it after.",
            id="rulesage.W003",
        )
    ]


@register(Tags.compatibility, deploy=True)
def mail_can_be_sent(app_configs=None, **kwargs):
    problems = []
    if delivering_backend() != "django.core.mail.backends.smtp.EmailBackend":
        return problems
    if settings.DEFAULT_FROM_EMAIL.endswith("@localhost"):
        problems.append(
            Warning(
                f"E-mail would be sent from {settings.DEFAULT_FROM_EMAIL}.",
                hint="Set DEFAULT_FROM_EMAIL to an address readers can recognise and reply to.",
                id="rulesage.W001",
            )
        )
    connection_class = smtplib.SMTP_SSL if settings.EMAIL_USE_SSL else smtplib.SMTP
    try:  # no message is sent
        with connection_class(
            settings.EMAIL_HOST, settings.EMAIL_PORT, timeout=CHECK_TIMEOUT
        ) as connection:
            connection.noop()
    except (OSError, smtplib.SMTPException) as error:  # a timeout is an OSError
        problems.append(
            Warning(
                f"The mail server {settings.EMAIL_HOST}:{settings.EMAIL_PORT} cannot be reached "
                f"({error or type(error).__name__}): "
                "password resets, review requests and readers' answers would not be sent.",
                hint="Set EMAIL_HOST, EMAIL_PORT and, if the server needs them, "
                "EMAIL_HOST_USER, EMAIL_HOST_PASSWORD and EMAIL_USE_TLS or EMAIL_USE_SSL.",
                id="rulesage.W002",
            )
        )
    return problems
