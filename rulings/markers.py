"""Citation markers: an answer cites source n by writing ``[n]``. The importers, the review
flags and the renderer share this pattern and rule, so an import warns of what the flags show.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

MARKER_RE = re.compile(r"\[(\d+)\]")


def find_markers(text: str) -> list[int]:
    """The citation numbers of every ``[n]`` marker in ``text``, in order, repeats kept."""
    return [int(n) for n in MARKER_RE.findall(text)]


@dataclass(frozen=True)
class MarkerMismatch:
    """Where an answer's markers and its citations disagree (each list sorted)."""

    without_citation: list[int]  # [n] in the answer, no citation n
    never_referred: list[int]  # citation n, no [n] in the answer
    # Markers but no citations at all: an import refuses it (the list is missing).
    cites_without_sources: bool

    def __bool__(self) -> bool:
        return bool(self.without_citation or self.never_referred)


def compare_markers(markers: Iterable[int], numbers: Iterable[int]) -> MarkerMismatch:
    marked, cited = set(markers), set(numbers)
    return MarkerMismatch(
        without_citation=sorted(marked - cited),
        never_referred=sorted(cited - marked),
        cites_without_sources=bool(marked) and not cited,
    )
