"""Citation markers: how an answer refers to its citations, and when the two disagree.

An answer cites source n by writing ``[n]``. The importers (both formats), the review flags
and the answer renderer all read markers with this one pattern and compare them with the
citations by this one rule, so what an import warns about is exactly what the flags later
show an editor. Pure Python, no Django.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["MARKER_RE", "MarkerMismatch", "compare_markers", "find_markers"]

MARKER_RE = re.compile(r"\[(\d+)\]")


def find_markers(text: str) -> list[int]:
    """The citation numbers of every ``[n]`` marker in ``text``, in order, repeats kept."""
    return [int(n) for n in MARKER_RE.findall(text)]


@dataclass(frozen=True)
class MarkerMismatch:
    """Where an answer's markers and its citations disagree (each list sorted)."""

    without_citation: list[int]  # [n] in the answer, no citation n
    never_referred: list[int]  # citation n, no [n] in the answer
    # Markers but no citations at all: the answer claims sources the ruling does not have.
    # An import refuses this (the reference list is missing, not one entry of it); a stored
    # ruling in this state is flagged like any other marker without a citation.
    cites_without_sources: bool

    def __bool__(self) -> bool:
        return bool(self.without_citation or self.never_referred)


def compare_markers(markers: Iterable[int], numbers: Iterable[int]) -> MarkerMismatch:
    """Compare the markers of an answer with the numbers of its citations."""
    marked, cited = set(markers), set(numbers)
    return MarkerMismatch(
        without_citation=sorted(marked - cited),
        never_referred=sorted(cited - marked),
        cites_without_sources=bool(marked) and not cited,
    )
