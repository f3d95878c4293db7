"""Citation markers: an answer cites source n by writing ``[n]``. The importers, the review
flags and the renderer share this rule, so an import warns of what the flags show."""

import re
from collections.abc import Iterable

MARKER_RE = re.compile(r"\[(\d+)\]")


def find_markers(text: str) -> list[int]:
    return [int(n) for n in MARKER_RE.findall(text)]


def compare_markers(markers: Iterable[int], numbers: Iterable[int]) -> tuple[list, list]:
    """([n] with no citation n, citation n never marked), each sorted."""
    marked, cited = set(markers), set(numbers)
    return sorted(marked - cited), sorted(cited - marked)
