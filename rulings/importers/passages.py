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

from django.db.models import Q

from core.admin_search_backend import indexing_backends
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


class PassageWriter:
    """Collects the passages of one file, then writes them all with ``save()``."""

    def __init__(self, exported_at: datetime | None, written: list[Passage]):
        self.exported_at = exported_at
        self.wanted: dict[PassageKey, _Wanted] = {}
        self.written = written  # created or changed: the run indexes them for search

    def want(self, document_id: int, page: int | None, heading_path: str, text: str = "") -> None:
        """Ask for the passage at this place; ``text`` is a search snippet, if any."""
        key = (document_id, page, heading_path or "")
        seen = self.wanted.get(key)
        if seen is None:
            self.wanted[key] = _Wanted(document_id, page, heading_path or "", text or "")
        elif text and len(text) > len(seen.text):
            seen.text = text  # snippets are cut at 300 characters: keep the longest

    def save(self) -> dict[PassageKey, Passage]:
        """Create and update what was asked for; return every passage by its key."""
        if not self.wanted:
            return {}
        found = self._existing()
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
                self._take_snippet(passage, wanted.text)
                created.append(passage)
                found[key] = passage
            elif (
                wanted.text
                and passage.text_origin != Passage.TextOrigin.RULEBOOK
                and len(wanted.text) > len(passage.text)
            ):
                self._take_snippet(passage, wanted.text)
                changed.append(passage)
        if created:
            Passage.objects.bulk_create(created)
        if changed:
            Passage.objects.bulk_update(changed, ["text", "text_origin", "text_exported_at"])
        self.written.extend(created + changed)
        return found

    def _take_snippet(self, passage: Passage, text: str) -> None:
        """Record ``text`` as the search's snippet from this export, never as rulebook text."""
        if text:
            passage.text = text
            passage.text_origin = Passage.TextOrigin.SEARCH_SNIPPET
            passage.text_exported_at = self.exported_at

    def _existing(self) -> dict[PassageKey, Passage]:
        """The stored passages among those wanted, in one query: every passage on the
        wanted pages of the wanted documents (a page holds a handful), kept by key."""
        documents = {key[0] for key in self.wanted}
        pages = {key[1] for key in self.wanted}
        on_page = Q(page__in=pages - {None})
        if None in pages:
            on_page |= Q(page__isnull=True)
        found: dict[PassageKey, Passage] = {}
        for passage in Passage.objects.filter(on_page, document_id__in=documents).only(
            "document_id", "page", "heading_path", "text", "text_origin"
        ):
            key = (passage.document_id, passage.page, passage.heading_path)
            if key in self.wanted:
                found[key] = passage
        return found


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
