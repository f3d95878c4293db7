"""A task worker of the test's own: `manage.py db_worker` in a process of its own, on the
test database (or on a proxy in front of its server), keeping its connection open between
tasks as in production, its log in a file the test reads."""

import contextlib
import itertools
import os
import signal
import subprocess
import time
from pathlib import Path

from django.conf import settings
from django.db import connection
from django_tasks import task
from django_tasks_db.models import DBTaskResult

ROOT = Path(settings.BASE_DIR)
DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
_numbers = itertools.count(1)


class Worker:
    def __init__(self, process, log_path):
        self.process = process
        self.log_path = log_path

    def alive(self):
        return self.process.poll() is None

    def log(self):
        return self.log_path.read_text()

    def kill(self):
        """Killed at once, as by the out-of-memory killer or a power cut: no clean-up."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)


@task()
def query_once_open(gate):
    """A task for the worker: waits until the file `gate` exists, then reads the database."""
    while not Path(gate).exists():
        time.sleep(0.05)
    return DBTaskResult.objects.count()


@task()
def sleep_in_the_database(seconds):
    """A task for the worker: one query that runs `seconds`."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_sleep(%s)", [seconds])


def wait_for(condition, what, worker=None, seconds=120):
    """Poll `condition` until it holds; fail naming `what` (with the worker's log) if it
    does not within `seconds`, or if the worker exits meanwhile."""
    deadline = time.monotonic() + seconds
    while not condition():
        if worker is not None:
            assert worker.alive(), f"the worker exited while waiting for {what}:\n{worker.log()}"
        assert time.monotonic() < deadline, f"no {what} within {seconds} s:\n" + (
            worker.log() if worker else ""
        )
        time.sleep(0.1)


@contextlib.contextmanager
def task_worker(tmp_path, *, database_port=None, smtp_port=0, **env):
    """`manage.py db_worker` on the test database through `database_port` (default: its
    own server's), sending mail to `smtp_port`; stopped at the end."""
    database = settings.DATABASES["default"]
    port = database_port or database["PORT"] or 5432
    user = database["USER"] or "postgres"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.rulesage.worker_settings",
        "DATABASE_URL": f"postgres://{user}@127.0.0.1:{port}/{database['NAME']}",
        "TEST_CONN_MAX_AGE": "60",
        "TEST_SMTP_PORT": str(smtp_port),
        **env,
    }
    log_path = tmp_path / f"worker-{next(_numbers)}.log"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [ROOT / ".venv/bin/python", "manage.py", "db_worker",
             "--no-startup-delay", "--no-reload", "--interval", "0.2"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
    worker = Worker(process, log_path)
    try:
        yield worker
    finally:
        if worker.alive():
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                worker.kill()
