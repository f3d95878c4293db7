"""`manage.py db_worker`: django-tasks-db's worker, which waits out database outages (each
query bounded, since a database that stops answering raises nothing) instead of exiting."""

import contextlib
import logging
import signal
import time

from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, connection, connections
from django.db.backends.signals import connection_created
from django_tasks.base import TaskResultStatus
from django_tasks.signals import task_finished, task_started
from django_tasks_db.management.commands.db_worker import Command as LibraryWorkerCommand
from django_tasks_db.models import DBTaskResult

logger = logging.getLogger("core.task_worker")

FIRST_WAIT, LONGEST_WAIT = 1, 30
# A working server ends a slow query itself; one not answering is waited for this longer.
GRACE_SECONDS = 5
OUTAGE_ERRORS = (OperationalError, InterfaceError)


class DatabaseNotAnswering(OperationalError):
    """A query of the worker's had no answer within its limit."""


def no_answer(_signum, _frame):
    raise DatabaseNotAnswering(
        f"no answer within {settings.RULESAGE_WORKER_QUERY_TIMEOUT + GRACE_SECONDS:g} s"
    )


def answer_within(seconds):

    def wrapper(execute, sql, params, many, context):
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            return execute(sql, params, many, context)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)

    return wrapper


def limit_statements(sender, connection, **kwargs):
    if connection.vendor == "postgresql":
        limit_ms = int(settings.RULESAGE_WORKER_QUERY_TIMEOUT * 1000)
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('statement_timeout', %s, false)", [f"{limit_ms}ms"])


class Command(LibraryWorkerCommand):
    help = (
        "Run the task worker: it works through the database queue, waits out database "
        "outages and goes on."
    )

    task_id = None  # the task being run, if any

    def configure_logging(self, verbosity):
        # Only failed tasks at the default verbosity, so the tasks' own output stands out.
        super().configure_logging(verbosity)
        if verbosity == 1:
            logging.getLogger("django_tasks").setLevel(logging.WARNING)

    def handle(self, *args, **options):
        if options["reload"]:
            return super().handle(*args, **options)
        previous_alarm = signal.signal(signal.SIGALRM, no_answer)
        connection_created.connect(limit_statements)
        task_started.connect(self.task_began)
        task_finished.connect(self.task_ended)
        limit = settings.RULESAGE_WORKER_QUERY_TIMEOUT + GRACE_SECONDS
        try:
            with connection.execute_wrapper(answer_within(limit)):
                return self.outlast_outages(*args, **options)
        finally:
            task_finished.disconnect(self.task_ended)
            task_started.disconnect(self.task_began)
            connection_created.disconnect(limit_statements)
            signal.signal(signal.SIGALRM, previous_alarm)

    def outlast_outages(self, *args, **options):
        outage_began = None
        wait = FIRST_WAIT
        while True:
            try:
                connection.ensure_connection()
                if outage_began is not None:
                    cut_short = self.queue_again_the_task_cut_short()
                    logger.warning(
                        "Database reachable again after %d s: the task worker goes on%s",
                        time.monotonic() - outage_began,
                        f" (task {cut_short} queued again)" if cut_short else "",
                    )
                    outage_began, wait = None, FIRST_WAIT
                return super().handle(*args, **options)
            except OUTAGE_ERRORS as error:
                with contextlib.suppress(DatabaseError):
                    connections.close_all()
                if outage_began is None:
                    outage_began = time.monotonic()
                    first_line = (str(error).strip().splitlines() or [""])[0]
                    logger.warning(
                        "Database unavailable to the task worker (%s: %s): trying again "
                        "every %d s at most",
                        type(error).__name__,
                        first_line[:200],
                        LONGEST_WAIT,
                    )
                time.sleep(wait)
                wait = min(2 * wait, LONGEST_WAIT)

    def task_began(self, sender, task_result, **kwargs):
        self.task_id = task_result.id

    def task_ended(self, sender, task_result, **kwargs):
        self.task_id = None

    def queue_again_the_task_cut_short(self):
        """Make the task the outage left RUNNING ready again; its id, if any."""
        if self.task_id is None:
            return None
        DBTaskResult.objects.filter(pk=self.task_id, status=TaskResultStatus.RUNNING).update(
            status=TaskResultStatus.READY, started_at=None
        )
        task_id, self.task_id = self.task_id, None
        return task_id
