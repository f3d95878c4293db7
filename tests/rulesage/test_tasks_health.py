"""`manage.py tasks_health` tells an operator, or a monitor by its exit status, how many
tasks wait to run and how long the oldest has waited."""

import io
import os
import re
import subprocess
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from tests.rulesage.task_worker import DATABASE_TASKS, ROOT, query_once_open


def health(*args):
    out = io.StringIO()
    call_command("tasks_health", *args, stdout=out)
    return out.getvalue().strip()


def waited(line):
    return int(re.fullmatch(r"\d+ task\(s\) waiting; the oldest for (\d+) s\.", line).group(1))


@pytest.mark.django_db
def test_the_waiting_tasks_are_counted_from_when_each_became_due(settings):
    settings.TASKS = DATABASE_TASKS
    assert health() == "0 task(s) waiting; the oldest for 0 s."
    now = timezone.now()
    queued = query_once_open.enqueue("gate")
    DBTaskResult.objects.filter(pk=queued.id).update(enqueued_at=now - timedelta(minutes=10))
    # Put off until a minute ago, queued hours before: it has waited a minute.
    retry = query_once_open.using(run_after=now - timedelta(minutes=1)).enqueue("gate")
    DBTaskResult.objects.filter(pk=retry.id).update(enqueued_at=now - timedelta(hours=3))
    # Not due yet, and finished: not waiting.
    query_once_open.using(run_after=now + timedelta(hours=1)).enqueue("gate")
    done = query_once_open.enqueue("gate")
    DBTaskResult.objects.filter(pk=done.id).update(
        status="SUCCESSFUL", enqueued_at=now - timedelta(days=1)
    )

    line = health("--max-wait", "3600")
    assert line.startswith("2 task(s) waiting;")
    assert 600 <= waited(line) < 3600
    with pytest.raises(CommandError, match=r"longer than 300 s: is a task worker running"):
        health()


def test_a_database_that_cannot_be_read_is_a_failure_in_one_line(closed_port):
    result = subprocess.run(
        [ROOT / ".venv/bin/python", "manage.py", "tasks_health"],
        cwd=ROOT,
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "rulesage.settings.test",
            "DATABASE_URL": f"postgres://postgres@127.0.0.1:{closed_port}/rulesage",
            "DATABASE_CONNECT_TIMEOUT": "2",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert result.stderr.startswith("CommandError: The task queue cannot be read:"), result.stderr
    assert "Traceback" not in result.stderr
