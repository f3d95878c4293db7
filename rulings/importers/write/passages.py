"""The passages one export names, read in one query and written in two, whatever their number.

A snippet is recorded as the search's snippet, dated with its export; the longest snippet
seen is kept; an editor's rulebook text is never replaced."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Q
from django.db.models.functions import Length

from rulings.locations import make_anchor
from rulings.models import Passage

# (document id, page or None, heading path): the passage_unique_location constraint.
PassageKey = tuple[int, int | None, str]


class Passages:
    """What one file asks for (``want``), then written with ``save()``."""

    def __init__(self, exported_at: datetime | None):
        self.exported_at = exported_at  # when the export that gave the snippets was made
        self.wanted: dict[PassageKey, str] = {}  # place -> its longest snippet, or ""

    def want(self, document_id: int, page: int | None, heading_path: str, text: str = "") -> None:
        """Ask for the passage at this place; ``text`` is a search snippet, if any."""
        key = (document_id, page, heading_path or "")
        # Snippets are cut at 300 characters: keep the longest, first seen on a tie.
        if key not in self.wanted or len(text or "") > len(self.wanted[key]):
            self.wanted[key] = text or ""

    def save(self) -> tuple[dict[PassageKey, Passage], list[Passage]]:
        """Create and update what was asked for; return every passage by its key, and those
        created or changed (for the search index)."""
        if not self.wanted:
            return {}, []
        # Every passage at one of the wanted documents, pages and headings (a few more than
        # wanted), found by the unique index in one plain query. Only a stored text's
        # length matters (a longer snippet replaces it).
        documents, pages, headings = (set(column) for column in zip(*self.wanted, strict=True))
        on_pages = Q(page__in=pages - {None})
        if None in pages:
            on_pages |= Q(page__isnull=True)
        stored = Passage.objects.filter(
            on_pages, document_id__in=documents, heading_path__in=headings
        )
        stored = stored.annotate(stored_length=Length("text"))
        stored = stored.only("document_id", "page", "heading_path", "text_origin")
        found = {(p.document_id, p.page, p.heading_path): p for p in stored}
        created, changed = [], []
        for key, text in self.wanted.items():
            passage = found.get(key)
            if passage is None:
                document_id, page, heading_path = key
                passage = found[key] = Passage(
                    document_id=document_id,
                    page=page,
                    heading_path=heading_path,
                    anchor=make_anchor(page, heading_path),
                )
                self._take_snippet(passage, text)
                created.append(passage)
            elif (
                text
                and passage.text_origin != Passage.TextOrigin.RULEBOOK
                and len(text) > passage.stored_length
            ):
                self._take_snippet(passage, text)
                changed.append(passage)
        Passage.objects.bulk_create(created)
        Passage.objects.bulk_update(changed, ["text", "text_origin", "text_exported_at"])
        return found, created + changed

    def _take_snippet(self, passage: Passage, text: str) -> None:
        if text:
            passage.text = text
            passage.text_origin = Passage.TextOrigin.SEARCH_SNIPPET
            passage.text_exported_at = self.exported_at
