"""Edition codes, ``bg-<BoardGameGeek id>-<language>-<edition number>e``: one pattern for the
validator, the importers and the store, so a code the admin accepts is one an export carries."""

from __future__ import annotations

import re
from dataclasses import dataclass

# The validator of Edition.code is given this string (its migration records it verbatim,
# so it stays a plain pattern without groups).
EDITION_CODE_PATTERN = r"^bg-\d+-[a-z]{2}-\d+e$"
EDITION_CODE_RE = re.compile(EDITION_CODE_PATTERN)
# A code closing a longer line: the text export runs game name and code together
# ("Asked with: Point Citybg-368017-en-1e").
TRAILING_EDITION_CODE_RE = re.compile(EDITION_CODE_PATTERN.removeprefix("^"))
# How messages describe the shape to whoever wrote a wrong one.
EDITION_CODE_SHAPE = "bg-<id>-<lang>-<n>e"


@dataclass(frozen=True)
class EditionCode:
    """The three parts of a valid edition code."""

    bgg_id: int
    language: str
    number: int

    @classmethod
    def parse(cls, code: str) -> EditionCode | None:
        """The parts of ``code``, or None when it is not an edition code."""
        if not EDITION_CODE_RE.match(code) or code.endswith("\n"):
            return None
        _bg, bgg_id, language, number = code.split("-")
        return cls(int(bgg_id), language, int(number.removesuffix("e")))
