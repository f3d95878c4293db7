"""The passages one export names, found and written in bulk.

An export names a passage (document, page, heading path) in each retrieval result, with
the passage search's snippet, and in each citation. Looked up and saved one at a time that
was two to five queries per mention plus a search-index update each; here all of a file's
passages are fetched in one query, the new ones inserted in one and the changed ones
updated in one; the run adds them to the search index in batches (``run.py``). The rules
are the ones a single upsert followed: a snippet is recorded as a snippet with its
export's date, the longest snippet seen is kept, and an editor's rulebook text is never
replaced.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from django.db import connection

from core.admin_search_backend import indexing_backends
from rulings.importers.rows import copy_rows, rows_table, update_as_rows
from rulings.locations import make_anchor
from rulings.models import Passage

__all__ = ["PassageKey", "PassageWriter"]

logger = logging.getLogger(__name__)

# (document id, page or None, heading path): the passage_unique_location constraint.
PassageKey = tuple[int, int | None, str]


@dataclass
class _Wanted:
    document_id: int
    page: int | None
    heading_path: str
    text: str = ""
    exported_at: datetime | None = None  # when the export that gave ``text`` was made


class PassageWriter:
    """Collects the passages of one file (or of several files written together, see
    ``groups.py``), then writes them all with ``save()``.

    ``exported_at`` is the date of the export whose passages are being asked for; a
    group's writer moves it on from file to file, so each snippet keeps its own export's
    date, as when the files were written one after another.
    """

    def __init__(self, exported_at: datetime | None, written: list[Passage]):
        self.exported_at = exported_at
        self.wanted: dict[PassageKey, _Wanted] = {}
        self.written = written  # created or changed: the run indexes them for search

    def want(self, document_id: int, page: int | None, heading_path: str, text: str = "") -> None:
        """Ask for the passage at this place; ``text`` is a search snippet, if any."""
        key = (document_id, page, heading_path or "")
        seen = self.wanted.get(key)
        if seen is None:
            self.wanted[key] = _Wanted(
                document_id, page, heading_path or "", text or "", self.exported_at
            )
        elif text and len(text) > len(seen.text):
            # Snippets are cut at 300 characters: keep the longest, first seen on a tie.
            seen.text, seen.exported_at = text, self.exported_at

    def save(self) -> dict[PassageKey, Passage]:
        """Create and update what was asked for; return every passage by its key."""
        if not self.wanted:
            return {}
        found, stored_lengths = self._existing()
        created, changed = [], []
        for key, wanted in self.wanted.items():
            passage = found.get(key)
            if passage is None:
                passage = Passage(
                    document_id=wanted.document_id,
                    page=wanted.page,
                    heading_path=wanted.heading_path,
                    anchor=make_anchor(wanted.page, wanted.heading_path),
                )
                self._take_snippet(passage, wanted)
                created.append(passage)
                found[key] = passage
            elif (
                wanted.text
                and passage.text_origin != Passage.TextOrigin.RULEBOOK
                and len(wanted.text) > stored_lengths[key]
            ):
                self._take_snippet(passage, wanted)
                changed.append(passage)
        copy_rows(created, keys=True)
        update_as_rows(changed, ["text", "text_origin", "text_exported_at"])
        self.written.extend(created + changed)
        return found

    @staticmethod
    def _take_snippet(passage: Passage, wanted: _Wanted) -> None:
        """Record the wanted text as the search's snippet from its export, never as
        rulebook text."""
        if wanted.text:
            passage.text = wanted.text
            passage.text_origin = Passage.TextOrigin.SEARCH_SNIPPET
            passage.text_exported_at = wanted.exported_at

    def _existing(self) -> tuple[dict[PassageKey, Passage], dict[PassageKey, int]]:
        """The stored passages among those wanted, and the length of each one's text, in
        one query. Only the length of a stored text matters (a longer snippet replaces it),
        so the text itself is not read.

        The wanted keys are joined as a list of rows: filtering each column on its own
        (``document IN … AND page IN … AND heading IN …``) reads every combination of
        them, for a group of files most of their documents' passages, ten times those
        wanted. Written by hand because the ORM has no lookup on several columns at once
        (``rows_table`` sends the list as PostgreSQL and SQLite each read it fastest).
        """
        quote = connection.ops.quote_name
        meta = Passage._meta
        column = {name: quote(meta.get_field(name).column) for name in (*_LOCATION, *_READ, "text")}
        wanted, params = rows_table(
            "wanted",
            [("document_id", "bigint"), ("page", "integer"), ("heading_path", "text")],
            list(self.wanted),
        )
        select = (
            f"SELECT {', '.join(f'p.{column[name]}' for name in _LOCATION + _READ)}, "
            f"LENGTH(p.{column['text']}) "
            f"FROM {quote(meta.db_table)} AS p JOIN wanted AS v "
            f"ON p.{column['document']} = v.document_id "
            f"AND p.{column['heading_path']} = v.heading_path AND "
        )
        # Passages with a page, and those without, each found by the whole unique index:
        # "same page, or both without" in one condition is not an index condition, and
        # the lookup read every page of the document under the same heading.
        page = column["page"]
        sql = (
            f"WITH {wanted} {select}p.{page} = v.page "
            f"UNION ALL {select}p.{page} IS NULL AND v.page IS NULL"
        )
        found: dict[PassageKey, Passage] = {}
        lengths: dict[PassageKey, int] = {}
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            for document_id, page, heading_path, pk, text_origin, text_length in cursor:
                key = (document_id, page, heading_path)
                found[key] = Passage(
                    pk=pk,
                    document_id=document_id,
                    page=page,
                    heading_path=heading_path,
                    text_origin=text_origin,
                )
                lengths[key] = text_length
        return found, lengths


# A passage's place (the passage_unique_location constraint), and what is read besides.
_LOCATION = ("document", "page", "heading_path")
_READ = ("id", "text_origin")


def index_for_search(model, objects: list) -> None:
    """Add objects written in bulk (or saved without indexing) to the search index, as
    saving each would have done.

    Bulk writes send no post_save signal, so nothing else indexes them.
    """
    if not objects:
        return
    for backend in indexing_backends(model):
        try:
            backend.add_bulk(model, objects)
        except Exception:
            # The same rule as Wagtail's own indexing on save: a search service that is
            # down must not lose the data; a database backend's error rolls the file back.
            if not getattr(backend, "catch_indexing_errors", False):
                raise
            logger.exception("%s not added to the search index %r", model.__name__, backend)
