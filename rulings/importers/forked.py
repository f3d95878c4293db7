"""What the import's helper processes (the reading worker, ``read_ahead.py``; the
bookkeeping process, ``background.py``) share: when one can be started, and how it meets
Ctrl-C.

A helper is forked, so it starts at once with everything imported ("spawn" would import
the caller's main module again, which a script without a ``__main__`` guard cannot take);
with one core, it would only take turns with the import.
"""

from __future__ import annotations

import multiprocessing
import signal

__all__ = ["helpers_possible", "ignore_interrupts"]


def helpers_possible() -> bool:
    """Whether this machine can fork a helper that runs beside the import."""
    return "fork" in multiprocessing.get_all_start_methods() and multiprocessing.cpu_count() > 1


def ignore_interrupts() -> None:
    """In a forked helper process: Ctrl-C is the import's to handle. Interrupted too, the
    helper would stop at any point, and the import would wait for it for ever (a process
    pool) or lose what it was writing; the import stops its helpers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
