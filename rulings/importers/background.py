"""The new rulings' bookkeeping written on a thread of its own, while the import goes on.

A batch of bookkeeping (``bookkeeping.py``) writes a hundred new rulings' revisions,
history and references (reading back those a group did not keep as written): about a
third of an import's time, of which a good part is spent waiting for the database. On
the import's own thread nothing else happens meanwhile. Here a second thread, with its
own database connection, writes the batches while the import writes the next files:
Python runs one thread at a time, but each runs while the other waits for PostgreSQL,
and PostgreSQL does both threads' work at once.

It changes nothing a batch does: the same statements in their own transaction, over
rulings their files have already committed (the thread's connection sees them as any
other would). At most ``QUEUED`` batches wait, so memory stays flat; the run waits for
the thread before it ends, so its report includes every batch. A batch that fails is
reported, never raised, as before; the thread never stops before the run tells it to.

Only on PostgreSQL, and only for a run that is not inside a transaction: SQLite lets one
connection write at a time, and a second connection cannot see rows an enclosing
transaction (a test's) has not committed. Elsewhere the batches are written in place.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
from collections.abc import Callable

from django.db import connection, connections
from django.utils import translation

__all__ = ["Background"]

logger = logging.getLogger(__name__)

QUEUED = 2
_DONE = object()


class Background:
    """Runs ``work(item)`` for each ``submit(item)``, in order, on a thread or in place."""

    def __init__(self, work: Callable[[object], None], setup: Callable[[], None] = lambda: None):
        self._work = work
        self._setup = setup
        self._queue: queue.Queue | None = None
        self._thread: threading.Thread | None = None

    @staticmethod
    def possible() -> bool:
        return connection.vendor == "postgresql" and not connection.in_atomic_block

    def submit(self, item) -> None:
        if self._thread is None and self.possible():
            self._queue = queue.Queue(maxsize=QUEUED)
            self._thread = threading.Thread(target=self._run, name="import-bookkeeping")
            self._thread.start()
        if self._thread is None:
            self._work(item)
        else:
            # The work runs in the language it was handed over in, as it would have here.
            self._queue.put((translation.get_language(), item))

    def join(self) -> None:
        """Wait until every submitted item is done."""
        if self._thread is not None:
            self._queue.put(_DONE)
            self._thread.join()
            self._thread = self._queue = None

    def _run(self) -> None:
        # Whatever fails, the thread goes on taking items until it is told it is done: a
        # thread that stopped early would leave the import waiting on a full queue.
        try:
            with _logged("Setting up the import's second connection"):
                self._setup()
            while (handed := self._queue.get()) is not _DONE:
                language, item = handed
                with translation.override(language), _logged("Bookkeeping on the second thread"):
                    self._work(item)
        finally:
            # The thread's own connection, which nothing else would close.
            connections.close_all()


@contextlib.contextmanager
def _logged(what: str):
    """Log an exception and go on (the work reports its own failures to the run)."""
    try:
        yield
    except Exception:
        logger.exception("%s failed", what)
