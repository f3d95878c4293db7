"""JSON parsing that refuses, with a position, what would crash the parser or the database:
``json.loads`` recurses once per nesting level, reads NaN and 1e999 as floats jsonb cannot
store, and refuses integers over 4,300 digits without saying where.
"""

import json
import math
import re

# Outside strings: a whole string, an unterminated one (a lone quote), a bracket, or a bare
# number or constant. A string is matched once from its opening quote: the scan is linear.
_TOKEN_RE = re.compile(r'"(?:[^"\\]|\\.)*"|"|[\[\]{}]|-?(?:Infinity|NaN)\b|-?\d[\d.eE+-]*', re.S)
# Longer numbers than this are not counts, pages or scores.
MAX_NUMBER_CHARS = 40


class JSONRefused(ValueError):
    """JSON that cannot be read; ``pos`` is the character offset of the problem, or None."""

    def __init__(self, message: str, pos: int | None):
        super().__init__(message)
        self.message = message
        self.pos = pos


class _OutOfBounds(Exception):
    """A value the scan refuses, met while reading: the text is scanned to place it."""


def load_json(text: str, max_depth: int) -> object:
    """Parse ``text`` as JSON; raise JSONRefused with a position. ``json.loads`` runs first,
    checking numbers as it reads them, as it is far faster than the scan; only text it
    refuses is scanned, to say where."""
    try:
        data = json.loads(
            text, parse_int=_number(int), parse_float=_number(float), parse_constant=_refused
        )
    except (ValueError, RecursionError, _OutOfBounds):
        pass
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


def _scan(text: str, max_depth: int) -> None:
    """Refuse the first nesting over ``max_depth`` or number JSON columns cannot hold."""
    depth = 0
    for match in _TOKEN_RE.finditer(text):
        token, pos = match.group(), match.start()
        if token == '"':
            return  # an unterminated string: json.loads names it
        if token[0] == '"':
            continue
        if token in "[{":
            depth += 1
            if depth > max_depth:
                raise JSONRefused(f"nested deeper than {max_depth} levels", pos)
        elif token in "]}":
            depth -= 1
        elif "Infinity" in token or "NaN" in token:
            raise JSONRefused(f"{token} is not a number JSON can store", pos)
        elif len(token) > MAX_NUMBER_CHARS:
            raise JSONRefused(
                f"number with {len(token)} characters (at most {MAX_NUMBER_CHARS})", pos
            )
        elif any(c in token for c in ".eE") and _infinite(token):
            raise JSONRefused(f"number out of range: {token}", pos)


def _infinite(token: str) -> bool:
    try:
        return math.isinf(float(token))
    except ValueError:
        return False  # not a number at all: json.loads names the problem


def _number(convert):
    """A ``json.loads`` hook reading a number, stopping at one ``_scan`` refuses."""

    def hook(token: str):
        if len(token) > MAX_NUMBER_CHARS or math.isinf(value := convert(token)):
            raise _OutOfBounds
        return value

    return hook


def _refused(token: str):
    raise _OutOfBounds  # NaN, Infinity or -Infinity


def _depth(data: object) -> int:
    """How deeply lists and objects nest in ``data`` (the brackets ``_scan`` counts)."""
    deepest, stack = 0, [(data, 1)] if isinstance(data, dict | list) else []
    while stack:
        value, depth = stack.pop()
        deepest = max(deepest, depth)
        children = value.values() if isinstance(value, dict) else value
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return deepest
