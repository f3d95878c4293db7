"""What one import run shares across its files: its catalogue, the new rulings' bookkeeping
(revisions, history and references, see ``bookkeeping.py``) and the search index queue.

The search index queue matters with a search server (or any backend that keeps its own
copy): adding objects one by one costs a request (or, on Wagtail's database backend, a
rescan of its index) each time, so a run adds them in batches: the passages and rulings
each committed file wrote wait here and are indexed every ``SEARCH_BATCH`` of them and
when the run ends. A file's own transaction stays whole without it: the passages are
stored and cited at once, and only become findable there a little later. A run that is
killed before it ends leaves its last batch out of the index until ``manage.py
update_index`` runs; a batch the search backend refuses is reported, and the rulings stay
imported. In the default set-up nothing is copied: the site search reads the rows
themselves (core.admin_search_backend, rulesage/search.py).
"""

from __future__ import annotations

import contextlib
import logging

from django.db import DatabaseError, connection, transaction

from core.admin_search_backend import indexing_backends
from core.cache_tags import LISTS, bump, game_rulings, of_game
from core.cache_tags import ruling as ruling_tag
from rulings.importers.background import Background
from rulings.importers.bookkeeping import Bookkeeping
from rulings.importers.catalogue import Catalogue
from rulings.importers.passages import index_for_search
from rulings.models import Edition, Passage, Ruling

__all__ = ["ImportRun"]

logger = logging.getLogger(__name__)


class ImportRun:
    """One run over many files: ``with ImportRun() as run: import_file(path, run=run)``."""

    SEARCH_BATCH = 1000

    def __init__(self, files: int = 1):
        """``files``: how many files the run expects; a second process is started for the
        bookkeeping only when more than a batch of them is (background.py)."""
        self.files = files
        self.catalogue = Catalogue()
        # Primary keys by model, for the models a search backend keeps a copy of: a
        # passage or ruling written twice in a run is indexed once, and read back from the
        # database when its batch is indexed (memory stays flat, whatever a row holds).
        self._unindexed: dict[type, set[int]] = {
            model: set() for model in (Passage, Ruling) if indexing_backends(model)
        }
        self.bookkeeping = Bookkeeping()
        # Batches of it are written in a process of their own where possible (background.py).
        self._behind = Background(
            self._write_bookkeeping_batch, setup=lambda: self._session_for_bulk_writes(True)
        )
        # What the run could not finish for files it committed: reported, never raised.
        self.problems: list[str] = []

    def __enter__(self) -> ImportRun:
        if self.files > Bookkeeping.BATCH:
            self._behind.start()  # first: forked before the run starts any thread
        self._session_for_bulk_writes(True)
        return self

    def __exit__(self, *exc_info) -> None:
        self.write_bookkeeping()
        self.problems.extend(problem for problem in self._behind.join() if problem)
        self.flush_search_index()
        self._session_for_bulk_writes(False)

    @staticmethod
    def _session_for_bulk_writes(on: bool) -> None:
        """On PostgreSQL, set the run's session up for many small commits of large rows.

        - **Commits return before their WAL reaches the disk.** A run commits once per
          file (or group of files), and waiting for the disk is most of what a small commit
          costs. Nothing becomes inconsistent without the wait: a server crash can only
          forget the last few committed files whole (never part of one), and importing the
          folder again restores them, since a re-import of an unchanged file is a no-op.
        - **Large values are compressed with lz4** rather than PostgreSQL's default pglz:
          a ruling's provenance and its revision are tens of kilobytes of JSON each, and
          pglz spent more of the server's time on them than the inserts themselves. Reading
          is unchanged: PostgreSQL records the method with each value. (The setting is
          only tried in autocommit, so a server without lz4 aborts nothing.)
        """
        if connection.vendor != "postgresql" or connection.in_atomic_block:
            return
        with connection.cursor() as cursor:
            cursor.execute(f"SET synchronous_commit TO {'OFF' if on else 'DEFAULT'}")
            # A server built without lz4 keeps pglz: slower, nothing else changes.
            with contextlib.suppress(DatabaseError):
                cursor.execute(f"SET default_toast_compression TO {'lz4' if on else 'DEFAULT'}")

    def file_rolled_back(self) -> None:
        """What the file created was rolled back with it: forget it."""
        self.catalogue.forget()

    def file_committed(
        self, passages: list[Passage], rulings: list[Ruling] = (), created: Ruling | None = None
    ) -> None:
        """Queue the passages and rulings a committed file created or changed for the
        search index, and the ruling it created for its bookkeeping; cached reader pages
        are stale if it wrote anything (passages are written in bulk, without signals)."""
        self.group_committed(passages, rulings, [created] if created is not None else [])

    def group_committed(
        self,
        passages: list[Passage],
        rulings: list[Ruling],
        created: list[Ruling] | None = None,
        citations: list[list] | None = None,
    ) -> None:
        """As ``file_committed``, for files committed together (``groups.py``); their
        rulings are all new unless ``created`` names the new ones. With ``citations`` (each
        new ruling's, as written), the rulings are not read back for their bookkeeping when it is
        written in this process."""
        new = rulings if created is None else created
        if passages or rulings:
            # An unchanged file wrote nothing (its ruling's bookkeeping, when still to be
            # written, shows on no reader page): the pages cached from it stay current.
            bump(written_tags(passages, rulings))
        # A second process reads the rulings back: nothing of them is kept for it here.
        kept = citations if citations and not self._behind.elsewhere else [None] * len(new)
        for ruling, own in zip(new, kept, strict=True):
            self.bookkeeping.add(ruling, own)
        if len(self.bookkeeping) >= Bookkeeping.BATCH:
            self.write_bookkeeping()
        for model, objects in ((Passage, passages), (Ruling, rulings)):
            if model in self._unindexed:
                self._unindexed[model].update(obj.pk for obj in objects)
        if sum(map(len, self._unindexed.values())) >= self.SEARCH_BATCH:
            self.flush_search_index()

    def write_bookkeeping(self) -> None:
        """Hand what is due to be written (in the run's second process, if it has one)."""
        due = self.bookkeeping.take()
        if due:
            self._behind.submit(due)

    @staticmethod
    def _write_bookkeeping_batch(due) -> str | None:
        """Write one batch; the line that reports its failure, or None. A failure is
        reported, never raised: the rulings are committed, and importing the folder again
        writes them."""
        try:
            Bookkeeping.write(due)
        except Exception as error:  # noqa: BLE001 - reported by the run, which goes on
            logger.exception("Imported rulings left without their revision")
            return (
                f"{len(due)} imported ruling(s) have no revision or history yet "
                f"({type(error).__name__}: {error}); importing the same files again writes them"
            )
        return None

    def flush_search_index(self) -> None:
        """Index what is queued. A failure is recorded, never raised: the files it came
        from are committed, and a refused batch must not look like a refused file."""
        batches = {model: sorted(queued) for model, queued in self._unindexed.items()}
        for queued in self._unindexed.values():
            queued.clear()
        count = sum(map(len, batches.values()))
        if not count:
            return
        try:
            with transaction.atomic():
                for model, pks in batches.items():
                    index_for_search(model, list(model.get_indexed_objects().filter(pk__in=pks)))
        except Exception as error:  # noqa: BLE001 - reported below, the run goes on
            logger.exception("Imported passages and rulings not added to the search index")
            self.problems.append(
                f"{count} imported passage(s) and ruling(s) were not added to the search "
                f"index ({type(error).__name__}: {error}); `manage.py update_index` adds them"
            )


def written_tags(passages: list[Passage], rulings: list[Ruling]) -> set[str]:
    """The tags (core.cache_tags) of the pages what a file wrote shows on: each ruling's
    own page and its game's lists of rulings, and every page of a game whose rulebook
    gained or changed passages (one query for the games)."""
    editions = {ruling.edition_id for ruling in rulings}
    documents = {passage.document_id for passage in passages}
    games = dict(
        Edition.objects.filter(pk__in=editions).values_list("pk", "game_id") if editions else []
    )
    passage_games = set(
        Edition.objects.filter(documents__in=documents).values_list("game_id", flat=True)
        if documents
        else []
    )
    tags = {LISTS, *(ruling_tag(ruling.pk) for ruling in rulings)}
    tags.update(game_rulings(games[edition]) for edition in editions if edition in games)
    for game_id in passage_games:
        tags.update(of_game(game_id))
    return tags
