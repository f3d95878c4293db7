"""The task worker outlasts PostgreSQL refusing, not answering and restarting: it stays up,
logs one line when the database goes and one when it is back, and then runs what was
queued meanwhile, such as a reader's e-mail, delivered to a real SMTP server (the test's
sink).

The worker is `manage.py db_worker` in a process of its own, on the test database through
the test's own proxy (scripts/fault_proxy.py), never touching the shared server.
"""

import pytest
from django_tasks_db.models import DBTaskResult

from rulings.models import ReaderQuestion
from rulings.reader_mail import tell_reader
from tests.rulesage.task_worker import (
    DATABASE_TASKS,
    query_once_open,
    sleep_in_the_database,
    task_worker,
    wait_for,
)
from tests.rulesage.test_mail_queue import declined_question

OUTAGE = "Database unavailable to the task worker"
BACK = "Database reachable again"


def told(question):
    return ReaderQuestion.objects.get(pk=question.pk).notified_at is not None


@pytest.mark.slow
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_worker_outlasts_postgres_refused_hanging_and_restarted_then_tells_the_reader(
    settings, postgres_proxy, smtp_sink, tmp_path
):
    settings.TASKS = DATABASE_TASKS  # what the test queues, the worker runs
    with task_worker(
        tmp_path,
        database_port=postgres_proxy.port,
        smtp_port=smtp_sink.port,
        DATABASE_CONNECT_TIMEOUT="2",
        WORKER_QUERY_TIMEOUT="2",
    ) as worker:
        first = declined_question("first@example.org")
        tell_reader.enqueue(first.pk)
        wait_for(lambda: told(first), "first e-mail", worker)

        def outage(number, fault):
            fault()
            wait_for(lambda: worker.log().count(OUTAGE) == number, f"outage {number}", worker)

        def back(number):
            postgres_proxy.forward()
            wait_for(lambda: worker.log().count(BACK) == number, f"return {number}", worker)

        # Refused: the open connection is cut, new ones are refused.
        outage(1, postgres_proxy.refuse)
        back(1)
        # Not answering, on the connection kept open and on new ones, for longer than the
        # worker's limit: the outage is logged while it lasts.
        outage(2, postgres_proxy.hang)
        back(2)
        # Restarted: refused, a reader's e-mail queued meanwhile, then accepted again.
        outage(3, postgres_proxy.refuse)
        second = declined_question("second@example.org")
        tell_reader.enqueue(second.pk)
        back(3)
        wait_for(lambda: told(second), "e-mail queued during the outage", worker)

        assert worker.alive()
        log = worker.log()
        assert (log.count(OUTAGE), log.count(BACK)) == (3, 3), log
    assert [message.rcpt_to for message in smtp_sink.messages] == [
        ["first@example.org"],
        ["second@example.org"],
    ]


@pytest.mark.slow
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_task_the_outage_cut_short_runs_again_after_it(settings, postgres_proxy, tmp_path):
    settings.TASKS = DATABASE_TASKS
    gate = tmp_path / "gate"
    with task_worker(tmp_path, database_port=postgres_proxy.port) as worker:
        queued = query_once_open.enqueue(str(gate))
        stored = DBTaskResult.objects.filter(pk=queued.id)
        wait_for(lambda: stored.get().status == "RUNNING", "the task running", worker)
        postgres_proxy.refuse()
        gate.touch()  # its query now meets the outage
        wait_for(lambda: OUTAGE in worker.log(), "the outage", worker)
        postgres_proxy.forward()
        wait_for(lambda: stored.get().status == "SUCCESSFUL", "second run of the task", worker)
        assert f"task {queued.id} queued again" in worker.log()
        assert len(stored.get().worker_ids) == 2  # claimed once before the outage, once after


@pytest.mark.slow
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_query_running_past_the_workers_limit_fails_its_task_not_the_worker(settings, tmp_path):
    settings.TASKS = DATABASE_TASKS
    with task_worker(tmp_path, WORKER_QUERY_TIMEOUT="1") as worker:
        slow = sleep_in_the_database.enqueue(30)
        quick = query_once_open.enqueue(str(tmp_path))  # its gate is open
        stored = DBTaskResult.objects.filter(pk__in=[slow.id, quick.id])
        finished = stored.filter(finished_at__isnull=False)
        wait_for(lambda: finished.count() == 2, "end of both tasks", worker)
        assert worker.alive() and OUTAGE not in worker.log()
    failed = stored.get(pk=slow.id)
    assert failed.status == "FAILED" and "statement timeout" in failed.traceback
    assert stored.get(pk=quick.id).status == "SUCCESSFUL"
