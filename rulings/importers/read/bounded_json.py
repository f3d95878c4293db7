"""JSON parsing that refuses, with a position, what would crash ``json.loads`` (recursion,
huge integers) or the database (NaN, 1e999)."""

import json
import math
import re

from rulings.importers.read.parsed import ExportFormatError

# Outside strings: a whole string, an unterminated one (a lone quote), a bracket, or a bare
# number or constant. A string is matched once from its opening quote: the scan is linear.
_TOKEN_RE = re.compile(r'"(?:[^"\\]|\\.)*"|"|[\[\]{}]|-?(?:Infinity|NaN)\b|-?\d[\d.eE+-]*', re.S)


class JSONRefused(ValueError):
    """JSON that cannot be read; ``pos`` is the character offset of the problem, or None."""

    def __init__(self, message: str, pos: int | None):
        super().__init__(message)
        self.message, self.pos = message, pos


def load_json(text: str, max_depth: int, max_number_chars: int) -> object:
    """Parse ``text`` as JSON; raise JSONRefused with a position. The scan runs first, so
    ``json.loads`` never meets what it would crash on or read as a float jsonb refuses."""
    _scan(text, max_depth, max_number_chars)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise JSONRefused(f"does not parse (cut off?): {exc.msg}", exc.pos) from None
    except (ValueError, RecursionError) as exc:  # the scan should have caught these
        raise JSONRefused(f"does not parse: {exc}", None) from None


def load_or_refuse(text: str, limits, filename: str, key: str = "", line=None):
    """``load_json`` within ``limits``, refusing the file at the problem's line (or column)."""
    try:
        return load_json(text, limits.json_depth, limits.json_number_chars)
    except JSONRefused as exc:
        where = "" if exc.pos is None or not key else f" (column {exc.pos + 1})"
        if exc.pos is not None and not key:
            line = text.count("\n", 0, exc.pos) + 1
        what = f"'{key}' JSON" if key else "JSON"
        raise ExportFormatError(filename, line, f"{what} {exc.message}{where}") from None


def _scan(text: str, max_depth: int, max_number_chars: int) -> None:
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
        elif len(token) > max_number_chars:
            message = f"number with {len(token)} characters (at most {max_number_chars})"
            raise JSONRefused(message, pos)
        elif any(c in token for c in ".eE") and _infinite(token):
            raise JSONRefused(f"number out of range: {token}", pos)


def _infinite(token: str) -> bool:
    try:
        return math.isinf(float(token))
    except ValueError:
        return False  # not a number at all: json.loads names the problem
