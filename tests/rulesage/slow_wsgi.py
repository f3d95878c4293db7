"""A WSGI application that answers `/?sleep=N` after N seconds: a request stuck for longer
than gunicorn's timeout, for tests/core/test_database_outage.py."""

import time
from urllib.parse import parse_qs


def application(environ, start_response):
    seconds = float(parse_qs(environ.get("QUERY_STRING", "")).get("sleep", ["0"])[0])
    time.sleep(seconds)
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"done\n"]
