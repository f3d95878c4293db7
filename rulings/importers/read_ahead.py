"""Export files read ahead of the import, in a second process, while the database writes.

Reading, decoding, parsing and validating a file (``files.py``) is pure Python and does not
need the database, so on a machine with a second core it need not wait for the writes of
the file before it. ``read_ahead`` yields each path with its parsed export, in the folder's
order, with at most ``WINDOW`` files read ahead (memory stays flat however many files the
folder holds).

A file the worker could not parse comes back as ``None``: the import then reads it itself,
so a refusal (or anything unforeseen) is raised, reported and traced exactly as without a
worker, and no error has to cross the process boundary. Folders of fewer than
``MIN_FILES`` files are read in the process itself: starting a worker costs more than it
saves there.
"""

from __future__ import annotations

import multiprocessing
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

from rulings.importers.forked import helpers_possible, ignore_interrupts
from rulings.importers.read.files import parse_file
from rulings.importers.read.limits import ImportLimits
from rulings.importers.read.parsed import ParsedRuling

__all__ = ["read_ahead"]

MIN_FILES = 64
# Files read ahead. More than two of the importer's groups (``groups.GROUP``): while one
# group is written the worker reads the next, instead of stopping after a few files and
# leaving the importer waiting for the rest.
WINDOW = 128


def _parse_or_none(path: Path, limits: ImportLimits) -> ParsedRuling | None:
    """In the worker: the parsed export, or None for the importing process to find out why."""
    try:
        return parse_file(path, limits)
    except Exception:  # noqa: BLE001 - the importing process reads the file again and reports
        return None


def read_ahead(
    paths: Iterable[Path], limits: ImportLimits, count: int
) -> Iterator[tuple[Path, ParsedRuling | None]]:
    """Each path with its export as a worker parsed it, or None (then parse it yourself)."""
    if count < MIN_FILES or not helpers_possible():
        for path in paths:
            yield path, None
        return
    # Forked (forked.py): it never touches the database connection it inherits, and
    # leaves through os._exit, so the connection is never closed from its side either.
    context = multiprocessing.get_context("fork")
    pool = ProcessPoolExecutor(max_workers=1, mp_context=context, initializer=ignore_interrupts)
    try:
        pending: deque[tuple[Path, Future]] = deque()
        for path in paths:
            pending.append((path, pool.submit(_parse_or_none, path, limits)))
            if len(pending) >= WINDOW:
                yield _done(pending.popleft())
        while pending:
            yield _done(pending.popleft())
    finally:
        # Stopped early (Ctrl-C, a failure): the files not read yet are not read.
        pool.shutdown(cancel_futures=True)


def _done(entry: tuple[Path, Future]) -> tuple[Path, ParsedRuling | None]:
    path, future = entry
    try:
        return path, future.result()
    except Exception:  # noqa: BLE001 - a worker that died: the file is read in this process
        return path, None
