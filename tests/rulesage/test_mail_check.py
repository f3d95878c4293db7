"""`check --deploy` says when production could not send mail, against the test's own
listeners: a tiny SMTP sink that greets, and a port nobody answers on."""

import socket
import socketserver
import threading

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from rulesage.checks import mail_can_be_sent

SMTP = "django.core.mail.backends.smtp.EmailBackend"


class Sink(socketserver.StreamRequestHandler):
    """Just enough SMTP to greet, answer EHLO and NOOP, and say goodbye."""

    def handle(self):
        self.wfile.write(b"220 sink ready\r\n")
        for line in self.rfile:
            command = line.strip().upper()
            if command.startswith((b"EHLO", b"HELO")):
                self.wfile.write(b"250 sink\r\n")
            elif command == b"QUIT":
                self.wfile.write(b"221 bye\r\n")
                return
            else:
                self.wfile.write(b"250 ok\r\n")


@pytest.fixture
def sink():
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Sink)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture
def closed_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # free again once closed: nothing listens there


def ids(problems):
    return [problem.id for problem in problems]


def test_a_reachable_mail_server_and_a_real_sender_pass(settings, sink):
    settings.EMAIL_BACKEND = SMTP
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", sink
    settings.DEFAULT_FROM_EMAIL = "Rulesage <editors@rulesage.example>"
    assert mail_can_be_sent() == []


def test_an_unreachable_mail_server_is_a_deploy_warning(settings, closed_port):
    settings.EMAIL_BACKEND = SMTP
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", closed_port
    settings.DEFAULT_FROM_EMAIL = "editors@rulesage.example"
    problems = mail_can_be_sent()
    assert ids(problems) == ["rulesage.W002"]
    assert f"127.0.0.1:{closed_port} cannot be reached" in problems[0].msg
    # What an operator runs before going live shows it (and fails when told to).
    with pytest.raises(SystemCheckError, match="rulesage.W002"):
        call_command("check", "--deploy", "--fail-level", "WARNING", "--tag", "compatibility")


def test_the_placeholder_sender_is_a_deploy_warning(settings, sink):
    settings.EMAIL_BACKEND = SMTP
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", sink
    settings.DEFAULT_FROM_EMAIL = "webmaster@localhost"
    assert ids(mail_can_be_sent()) == ["rulesage.W001"]


def test_development_backends_are_not_checked(settings, closed_port):
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", closed_port
    assert mail_can_be_sent() == []
