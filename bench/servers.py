"""What the page benchmarks share: the project's virtualenv, production settings for a
database, gunicorn servers on loopback, and wrk."""

from __future__ import annotations

import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
HEADERS = ["-H", "X-Forwarded-Proto: https"]


def ensure_environment(wrk=True):
    """Re-run under the project's virtualenv (made by `make install`); wrk from Debian."""
    if Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
        if not VENV_PYTHON.exists():
            subprocess.run(["make", "install"], cwd=ROOT, check=True)
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), *sys.argv])
    if wrk and shutil.which("wrk") is None:
        if os.geteuid() == 0 and shutil.which("apt-get"):
            env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
            subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
            subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True, env=env)
        else:
            sys.exit("wrk is missing and cannot be installed here (apt-get install wrk).")


def timed_in_process(client, url, repeat):
    """`url` asked of Django's test client in this process: once to warm up (the first
    request of a process reads Wagtail's site), `repeat` times timed, then once with its
    SQL queries counted. (median milliseconds, median milliseconds of this process's CPU,
    queries, the last timed response): on a machine shared with other work the CPU time
    moves less than the elapsed time, though it leaves out the database's."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.get(url)
    times, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return statistics.median(times), statistics.median(cpu), len(queries), response


def forget_site_root_paths():
    """Wagtail's site root paths (one key a language under wagtail-modeltranslation), kept
    in Redis for an hour: another database's would leave this one's pages without an address."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    keys = client.keys("*wagtail_site_root_paths*")
    if keys:
        client.delete(*keys)


def server_env(database_url, **extra):
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "rulesage.settings.production",
        "SECRET_KEY": "bench-only-secret-key-not-for-production-use-0123456789abcdef",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": database_url,
        "REDIS_URL": REDIS_URL,
        "LOG_LEVEL": "ERROR",
        "DJANGO_LOG_LEVEL": "ERROR",
        **extra,
    }


# Commands of the development tooling (devtools), which production settings do not install.
DEVTOOLS_COMMANDS = {"load_demo", "load_catalogue"}


def manage(database_url, *args, quiet=True, **extra):
    if args[0] in DEVTOOLS_COMMANDS:
        extra = {"DJANGO_SETTINGS_MODULE": "rulesage.settings.dev", **extra}
    subprocess.run(
        [str(VENV_PYTHON), "manage.py", *args],
        cwd=ROOT,
        env=server_env(database_url, **extra),
        check=True,
        stdout=subprocess.DEVNULL if quiet else None,
    )


def database(database_url, action):
    """Create (empty) or drop the database `database_url` names."""
    import psycopg

    parts = urlsplit(database_url)
    name = parts.path.lstrip("/")
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if action == "create":
            connection.execute(f'CREATE DATABASE "{name}"')


class Server:
    """gunicorn running the site under production settings on a loopback port."""

    def __init__(self, database_url, port, workers, **env):
        self.port = port
        self.process = subprocess.Popen(
            [
                str(ROOT / ".venv" / "bin" / "gunicorn"),
                "rulesage.wsgi",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(workers),
                "--log-level",
                "error",
                # gunicorn.conf.py (production's) is read too; its access log would print
                # every request of the run here.
                "--access-logfile",
                "/dev/null",
                # gunicorn's control socket is one per host by default: one per server.
                "--control-socket",
                f"/tmp/rulesage-bench-gunicorn-{port}.ctl",
            ],
            cwd=ROOT,
            env=server_env(database_url, **env),
        )
        self.base = f"http://127.0.0.1:{port}"

    def wait_ready(self):
        deadline = time.monotonic() + 120  # workers import Django; the machine may be busy
        while time.monotonic() < deadline:
            try:
                # As a proxy would say: otherwise the HTTPS redirect answers (to a port
                # that speaks no TLS).
                probe = urllib.request.Request(
                    self.base + "/robots.txt", headers={"X-Forwarded-Proto": "https"}
                )
                urllib.request.urlopen(probe, timeout=10)
                return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"gunicorn on port {self.port} did not start")

    def get(self, path):
        request = urllib.request.Request(self.base + path, headers={"X-Forwarded-Proto": "https"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, b""
        except TimeoutError:
            return None, b""  # no answer within a minute

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()  # a worker still busy with a request that will not end
            self.process.wait()


def slug(name):
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def seconds(value, unit):
    return float(value) * {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0}[unit]


def wrk(url, duration, connections, script=None):
    """requests/s, p50 and p99 in ms, errors (socket errors and non-2xx/3xx answers)."""
    command = ["wrk", "-t", "2", "-c", str(connections), "-d", f"{duration}s", "--latency"]
    command += HEADERS + (["-s", script] if script else []) + [url]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    latency = dict(re.findall(r"^\s+(50|99)%\s+([\d.]+\w+)", out, re.MULTILINE))

    def ms(text):
        value, unit = re.match(r"([\d.]+)(\w+)", text).groups()
        return seconds(value, unit) * 1000

    errors = 0
    if match := re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out
    ):
        errors += sum(int(n) for n in match.groups())
    if match := re.search(r"Non-2xx or 3xx responses: (\d+)", out):
        errors += int(match.group(1))
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    return rate, ms(latency["50"]), ms(latency["99"]), errors, requests
