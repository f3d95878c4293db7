"""The new rulings' bookkeeping written in a process of its own, while the import goes on.

A batch of bookkeeping (``bookkeeping.py``) writes a hundred new rulings' revisions,
history and references: Python work (serialising each ruling and its citations, finding
its references) of about a millisecond a ruling. On a thread of the import's own process
it ran one at a time with the import itself, Python running one thread at a time: the
import waited for it about a tenth of its time. In a second process it runs beside the
import on another core. The batch reads its rulings back from the database (three
queries a batch) rather than receiving them: the rulings are committed before their batch
is handed over, so what it reads is what the files wrote, and nothing large is copied
between the processes.

It changes nothing a batch does: the same statements in their own transaction, on a
connection of the process's own. At most ``QUEUED`` batches wait, so memory stays flat;
the run waits for the process before it ends, so its report includes every batch. A batch
that fails is reported, never raised, as before; a process that ends early (killed, out of
memory) is reported with the batches it did not write, which importing the same files
again writes.

Only on PostgreSQL, only for a run that is not inside a transaction (a second connection
cannot see rows an enclosing transaction, a test's, has not committed; SQLite lets one
connection write at a time), and only where a process can be forked, as the import's
reading worker is (``read_ahead.py``). Elsewhere the batches are written in place.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import queue
from collections.abc import Callable

from django.db import connection, connections
from django.utils import translation

from rulings.importers.forked import helpers_possible, ignore_interrupts

__all__ = ["Background"]

logger = logging.getLogger(__name__)

QUEUED = 2
# How often the process looks whether the import that started it is still there.
PARENT_CHECK_SECONDS = 1.0


class Background:
    """Runs ``work(item)`` for each ``submit(item)``, in order, in a forked process or in
    place; ``join()`` waits for all of it and returns what each call returned (a report
    line, or None), in order.

    ``start()`` forks the process: call it before the run starts any thread (a process
    forked beside running threads may inherit locks they hold). Items must be picklable.
    """

    def __init__(self, work: Callable[[object], str | None], setup: Callable[[], None]):
        self._work = work
        self._setup = setup
        self._process = None
        self._inbox = self._outbox = None
        self._submitted = 0
        self._results: list[str | None] = []

    @property
    def elsewhere(self) -> bool:
        """Whether submitted items are worked on in the second process."""
        return self._process is not None

    def start(self) -> None:
        if not _possible():
            return
        context = multiprocessing.get_context("fork")
        self._inbox = context.Queue(maxsize=QUEUED)
        self._outbox = context.Queue()
        self._process = context.Process(
            target=_serve,
            args=(self._work, self._setup, self._inbox, self._outbox),
            name="import-bookkeeping",
            daemon=True,
        )
        self._process.start()

    def submit(self, item) -> None:
        if self._process is None:
            self._results.append(self._work(item))
            return
        # The work runs in the language it was handed over in, as it would have here.
        self._hand((translation.get_language(), item))
        self._submitted += 1  # counted even if the process is gone: then reported as lost

    def _hand(self, handed) -> None:
        """Queue ``handed`` for the process; dropped if the process is gone (it would never
        take it, and a full queue would wait for ever)."""
        while self._process.is_alive():
            try:
                self._inbox.put(handed, timeout=PARENT_CHECK_SECONDS)
                return
            except queue.Full:
                continue

    def join(self) -> list[str | None]:
        """Wait until every submitted item is done; what each returned, in order."""
        if self._process is not None:
            self._hand(None)
            while self._submitted:
                try:
                    self._results.append(self._outbox.get(timeout=PARENT_CHECK_SECONDS))
                    self._submitted -= 1
                except queue.Empty:
                    if not self._process.is_alive():
                        # What was queued for it will never be read: not waited for either.
                        self._inbox.cancel_join_thread()
                        self._results.append(
                            f"the bookkeeping process ended early: {self._submitted} batch(es) "
                            "of imported rulings have no revision or history yet; importing "
                            "the same files again writes them"
                        )
                        break
            self._process.join()
            self._process = None
        results, self._results, self._submitted = self._results, [], 0
        return results


def _possible() -> bool:
    return (
        connection.vendor == "postgresql" and not connection.in_atomic_block and helpers_possible()
    )


def _serve(work, setup, inbox, outbox) -> None:
    """In the forked process: work on each item until told to stop, then leave."""
    # The connections the process inherited are the import's: never used nor closed here
    # (closing one would end the import's own session), but kept referenced, so that
    # nothing finalises them, until the process leaves through os._exit.
    ignore_interrupts()  # on Ctrl-C the import hands over what is due, then stops it
    inherited = [conn.connection for conn in connections.all(initialized_only=True)]
    for conn in connections.all(initialized_only=True):
        conn.connection = None
    parent = os.getppid()
    try:
        setup()
        while True:
            try:
                handed = inbox.get(timeout=PARENT_CHECK_SECONDS)
            except queue.Empty:
                if os.getppid() != parent:
                    break  # the import is gone: nothing more will come
                continue
            if handed is None:
                break
            language, item = handed
            with translation.override(language):
                try:
                    outbox.put(work(item))
                except Exception as error:  # noqa: BLE001 - reported, the process goes on
                    logger.exception("Bookkeeping in the second process failed")
                    outbox.put(f"{type(error).__name__}: {error}")
        connections.close_all()  # its own connection
    except Exception:
        logger.exception("The import's bookkeeping process failed")
    finally:
        # What was put for the import is sent before the process leaves (os._exit would
        # end the queue's sending thread with it).
        outbox.close()
        outbox.join_thread()
        del inherited
        os._exit(0)
