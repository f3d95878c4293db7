"""A tiny SMTP server for tests: it greets, accepts every message and keeps what it got.

`SmtpSink` listens on 127.0.0.1 on a free port, counts the connections made to it, and
stores each message as the envelope (MAIL FROM, RCPT TO) and the parsed DATA, so a test can
tell whether mail reached a real mail server, and read what arrived. While `refusing` is
true it answers every connection as a busy server does (421, try again later). The `smtp_sink`
fixture starts one per test; `closed_port` is a port nobody answers on.
"""

import socket
import socketserver
import threading
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest


@dataclass
class Received:
    mail_from: str
    rcpt_to: list
    data: bytes

    @property
    def message(self) -> EmailMessage:
        """DATA parsed, its line ends (CRLF on the wire) made Python's."""
        return message_from_bytes(self.data.replace(b"\r\n", b"\n"), policy=policy.default)

    def text(self):
        """The plain-text part, decoded."""
        return self.message.get_body(preferencelist=("plain",)).get_content()


def address(argument):
    """`FROM:<a@b>` (and any ESMTP parameters after it) → `a@b`."""
    return argument.split(":", 1)[1].strip().split(" ", 1)[0].strip("<>")


class Session(socketserver.StreamRequestHandler):
    """Just enough SMTP: greet, EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT."""

    def reply(self, line):
        self.wfile.write(line.encode("ascii") + b"\r\n")

    def handle(self):
        sink = self.server.sink
        with sink.lock:
            sink.connections += 1
        if sink.refusing:
            self.reply("421 sink busy, try again later")
            return
        self.reply("220 sink ready")
        mail_from, rcpt_to = None, []
        for raw in self.rfile:
            verb, _, argument = raw.decode("utf-8", "replace").strip().partition(" ")
            verb = verb.upper()
            if verb in ("EHLO", "HELO"):
                self.reply("250 sink")
            elif verb == "MAIL":
                mail_from, rcpt_to = address(argument), []
                self.reply("250 ok")
            elif verb == "RCPT":
                rcpt_to.append(address(argument))
                self.reply("250 ok")
            elif verb == "DATA":
                self.reply("354 end with <CRLF>.<CRLF>")
                lines = []
                for line in self.rfile:
                    if line in (b".\r\n", b".\n"):
                        break
                    lines.append(line[1:] if line.startswith(b".") else line)  # dot-stuffed
                with sink.lock:
                    sink.messages.append(Received(mail_from, rcpt_to, b"".join(lines)))
                mail_from, rcpt_to = None, []
                self.reply("250 queued")
            elif verb == "RSET":
                mail_from, rcpt_to = None, []
                self.reply("250 ok")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("250 ok")


class SmtpSink:
    def __init__(self):
        self.connections = 0
        self.refusing = False
        self.messages = []
        self.lock = threading.Lock()
        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Session)
        self.server.daemon_threads = True
        self.server.sink = self
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc_info):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def smtp_sink():
    with SmtpSink() as sink:
        yield sink


@pytest.fixture
def closed_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # free again once closed: nothing listens there
