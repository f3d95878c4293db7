"""The task worker logs a task only when it fails, so that what tasks print (the e-mails
of `make run`) is not buried under lines saying each task started and ended."""

import pytest
from django.core.management import call_command
from django_tasks import task

from tests.rulesage.task_worker import DATABASE_TASKS


@task()
def succeeds():
    return "done"


@task()
def fails():
    raise ValueError("refused on purpose")


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_worker_logs_at_most_one_line_a_task_and_only_for_a_failure(settings, caplog):
    settings.TASKS = DATABASE_TASKS
    done = [succeeds.enqueue() for _task in range(3)]
    failed = fails.enqueue()

    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=1)

    def lines_about(result):
        return [r.getMessage() for r in caplog.records if result.id in r.getMessage()]

    assert [lines_about(result) for result in done] == [[], [], []]
    [line] = lines_about(failed)
    assert "state=FAILED" in line
