"""The declared shape of a JSON ruling (format ``rulesage-ruling/1``), checked by pydantic.

The schema says what each key must be (a string, a whole number or null, a list of objects,
…), so the reader does not test types by hand; a value that does not fit is refused with
its path (``references[1].page``), and the reader adds the line it sits on. Strict: "3" is
not a number and true is not 1. Sizes, ranges and characters are not the schema's business:
they are checked for both formats at once in ``validation.py``, and the records the
exporting system keeps verbatim (retrieval results, raw citations, provenance) are only
required to be objects here. Pure Python, no Django.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, StringConstraints, ValidationError

from rulings.importers.read.parsed import HEADING_SEP

__all__ = ["FORMAT_ID", "JsonReference", "JsonRuling", "ValidationError", "describe_error"]

FORMAT_ID = "rulesage-ruling/1"


def _empty_if_null(value: object) -> object:
    """Null means "not given": the same as an absent key."""
    return "" if value is None else value


def _none_to(empty: object):
    def convert(value: object) -> object:
        return empty() if value is None else value

    return convert


def _joined_headings(value: object) -> object:
    """A heading path may also be given as a list of headings."""
    if value is None:
        return ""
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return HEADING_SEP.join(value)
    return value


RequiredText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
Text = Annotated[str, BeforeValidator(_empty_if_null)]
Records = Annotated[list[dict[str, Any]], BeforeValidator(_none_to(list))]


class JsonReference(BaseModel):
    """One entry of "references": what the answer's [n] points at."""

    model_config = ConfigDict(strict=True, extra="ignore")

    n: int
    kind: RequiredText
    document_title: RequiredText
    page: int | None = None
    heading_path: Annotated[str, BeforeValidator(_joined_headings)] = ""


class JsonRuling(BaseModel):
    """One ruling. Unknown keys are allowed (kept in provenance by the reader)."""

    model_config = ConfigDict(strict=True, extra="allow")

    format: str = FORMAT_ID
    game_name: RequiredText
    edition_code: RequiredText
    question: RequiredText
    outcome: str | None = None
    outcome_label: Text = ""
    answer_markdown: Text = ""
    references: Annotated[list[JsonReference], BeforeValidator(_none_to(list))] = []
    closing_line: Text = ""
    abstain_rationale: Text = ""
    answerer: Text = ""
    timings: Annotated[dict[str, int], BeforeValidator(_none_to(dict))] = {}
    tokens_in: int | None = None
    tokens_out: int | None = None
    retrieval_refs: Records = []
    citations_raw: Records = []
    recorded_at: str | None = None
    errata_statement: Text = ""
    external_edition_id: Text = ""
    provenance: Annotated[dict[str, Any], BeforeValidator(_none_to(dict))] = {}


# What each kind of pydantic error means, in the words the other refusals use.
_WORDING = {
    "missing": "is missing",
    "string_too_short": "is empty",
    "string_type": "must be a string",
    "int_type": "must be a whole number",
    "bool_type": "must be true or false",
    "list_type": "must be a list",
    "dict_type": "must be an object",
    "model_type": "must be an object",
    "model_attributes_type": "must be an object",
}


def error_path(loc: tuple[int | str, ...]) -> str:
    """``("references", 1, "page")`` as ``references[1].page``; dict keys as ``['key']``."""
    path = ""
    previous: int | str | None = None
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        elif previous is None:
            path = part
        elif isinstance(previous, int):
            path += f".{part}"
        else:
            path += f"[{part!r}]"
        previous = part
    return path


def describe_error(error: dict) -> str:
    """One pydantic error as "'path' must be …" (the value itself when that helps)."""
    path = error_path(error["loc"])
    if error["type"] == "string_unicode":
        # A lone surrogate, which no string can be stored with: worded as validation.py
        # words it for the text format, so both formats refuse it alike.
        bad = next((c for c in error["input"] if "\ud800" <= c <= "\udfff"), "\ud800")
        return f"{path}: contains an unpaired surrogate U+{ord(bad):04X}"
    wording = _WORDING.get(error["type"])
    if wording is None:
        wording = error["msg"][:1].lower() + error["msg"][1:]
    elif error["type"] not in ("missing", "string_too_short"):
        wording += f", not {_short(error.get('input'))}"
    return f"'{path}' {wording}"


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
