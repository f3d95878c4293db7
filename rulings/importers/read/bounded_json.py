"""JSON parsing that refuses what would crash the parser or the database, with a position.

``json.loads`` recurses once per nesting level (100,000 "[" end in RecursionError), turns
"NaN", "Infinity" and 1e999 into floats PostgreSQL's jsonb cannot store, and raises a bare
ValueError for integers over 4,300 digits. One linear scan over the tokens outside strings
finds all three before ``json.loads`` runs, so every refusal can name where it happened.
Pure Python, no Django.
"""

from __future__ import annotations

import json
import math
import re

__all__ = ["JSONRefused", "load_json"]

# Outside strings: a quote (a string starts), a bracket, or a bare number or constant.
_TOKEN_RE = re.compile(r'["\[\]{}]|-?(?:Infinity|NaN)\b|-?\d[\d.eE+-]*')
# The rest of a string after its opening quote. Matched once from each opening quote, so
# the scan stays linear even when quotes never close.
_STRING_REST_RE = re.compile(r'(?:[^"\\]|\\.)*"', re.DOTALL)
# Longer numbers than this are not counts, pages or scores; Python also refuses to read
# integers over 4,300 digits, without saying where.
MAX_NUMBER_CHARS = 40


class JSONRefused(ValueError):
    """JSON that cannot be read; ``pos`` is the character offset of the problem, or None."""

    def __init__(self, message: str, pos: int | None):
        super().__init__(message)
        self.message = message
        self.pos = pos


def _scan(text: str, max_depth: int) -> None:
    """Refuse nesting over ``max_depth`` and numbers JSON columns cannot hold."""
    depth = 0
    pos = 0
    while match := _TOKEN_RE.search(text, pos):
        token, pos = match.group(0), match.end()
        if token == '"':
            rest = _STRING_REST_RE.match(text, pos)
            if rest is None:
                return  # an unterminated string: json.loads names it
            pos = rest.end()
        elif token in "[{":
            depth += 1
            if depth > max_depth:
                raise JSONRefused(f"nested deeper than {max_depth} levels", match.start())
        elif token in "]}":
            depth -= 1
        elif "Infinity" in token or "NaN" in token:
            raise JSONRefused(f"{token} is not a number JSON can store", match.start())
        elif len(token) > MAX_NUMBER_CHARS:
            raise JSONRefused(
                f"number with {len(token)} characters (at most {MAX_NUMBER_CHARS})",
                match.start(),
            )
        elif any(c in token for c in ".eE") and _infinite(token):
            raise JSONRefused(f"number out of range: {token}", match.start())


def _infinite(token: str) -> bool:
    try:
        return math.isinf(float(token))
    except ValueError:
        return False  # not a number at all: json.loads names the problem


def load_json(text: str, max_depth: int) -> object:
    """Parse ``text`` as JSON after the bounded scan; raise JSONRefused with a position.

    Most text is well within bounds, and ``json.loads`` reads it many times faster than the
    scan (which runs in Python, token by token): so it is read first, with every number and
    constant checked as it is read and the nesting measured after, and only text that fails
    any check (or does not parse) is scanned, to name the first problem and where it is.
    """
    try:
        data = json.loads(
            text, parse_int=_checked_int, parse_float=_checked_float, parse_constant=_refused
        )
    except (ValueError, RecursionError, _OutOfBounds):
        pass  # scanned below, to say what and where
    else:
        if _depth(data) <= max_depth:
            return data
    _scan(text, max_depth)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise JSONRefused(f"does not parse (cut off?): {exc.msg}", exc.pos) from None
    except (ValueError, RecursionError) as exc:  # the scan should have caught these
        raise JSONRefused(f"does not parse: {exc}", None) from None


class _OutOfBounds(Exception):
    """A value ``_scan`` refuses, met while reading: the text is scanned to place it."""


def _checked_int(token: str) -> int:
    if len(token) > MAX_NUMBER_CHARS:
        raise _OutOfBounds
    return int(token)


def _checked_float(token: str) -> float:
    value = float(token)
    if len(token) > MAX_NUMBER_CHARS or math.isinf(value):
        raise _OutOfBounds
    return value


def _refused(token: str):
    raise _OutOfBounds  # NaN, Infinity or -Infinity


def _depth(data: object) -> int:
    """How deeply lists and objects nest in ``data`` (the brackets ``_scan`` counts)."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            value = value.values()
        elif not isinstance(value, list):
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in value if isinstance(child, dict | list))
    return deepest
