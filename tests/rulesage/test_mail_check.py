"""`check --deploy` says when production could not send mail, against the test's own
listeners: a tiny SMTP sink (smtp_sink.py), and a port nobody answers on. It looks at the
backend the task worker sends with, behind the queue every request sends through."""

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from rulesage.checks import mail_can_be_sent

SMTP = "django.core.mail.backends.smtp.EmailBackend"
QUEUED = "core.mail.QueuedEmailBackend"


def ids(problems):
    return [problem.id for problem in problems]


def test_a_reachable_mail_server_and_a_real_sender_pass(settings, smtp_sink):
    settings.EMAIL_BACKEND, settings.RULESAGE_EMAIL_BACKEND = QUEUED, SMTP
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", smtp_sink.port
    settings.DEFAULT_FROM_EMAIL = "Rulesage <editors@rulesage.example>"
    assert mail_can_be_sent() == []


def test_an_unreachable_mail_server_is_a_deploy_warning(settings, closed_port):
    settings.EMAIL_BACKEND, settings.RULESAGE_EMAIL_BACKEND = QUEUED, SMTP
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", closed_port
    settings.DEFAULT_FROM_EMAIL = "editors@rulesage.example"
    problems = mail_can_be_sent()
    assert ids(problems) == ["rulesage.W002"]
    assert f"127.0.0.1:{closed_port} cannot be reached" in problems[0].msg
    # What an operator runs before going live shows it (and fails when told to).
    with pytest.raises(SystemCheckError, match="rulesage.W002"):
        call_command("check", "--deploy", "--fail-level", "WARNING", "--tag", "compatibility")


def test_the_placeholder_sender_is_a_deploy_warning(settings, smtp_sink):
    settings.EMAIL_BACKEND, settings.RULESAGE_EMAIL_BACKEND = QUEUED, SMTP
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", smtp_sink.port
    settings.DEFAULT_FROM_EMAIL = "webmaster@localhost"
    assert ids(mail_can_be_sent()) == ["rulesage.W001"]


def test_development_backends_are_not_checked(settings, closed_port):
    settings.EMAIL_BACKEND = QUEUED
    settings.RULESAGE_EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", closed_port
    assert mail_can_be_sent() == []


def test_a_server_sending_straight_to_smtp_is_checked_too(settings, closed_port):
    settings.EMAIL_BACKEND = SMTP
    settings.RULESAGE_EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", closed_port
    settings.DEFAULT_FROM_EMAIL = "editors@rulesage.example"
    assert ids(mail_can_be_sent()) == ["rulesage.W002"]
