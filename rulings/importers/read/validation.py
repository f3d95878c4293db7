"""Check a parsed ruling against the import limits before anything is written.

Both formats end in the same ParsedRuling, so every rule about sizes, lengths, types, number
ranges and characters is checked here once, whatever the file looked like. A value the
database would reject (a NUL, a 301-character closing line, a 20-digit id) is refused here
with the file, the line and the value's path (``retrieval_refs[3].page``), never left for
PostgreSQL to turn into a traceback. Pure Python: the limits are handed in.
"""

from __future__ import annotations

import math
import re

from rulings.editions import EditionCode
from rulings.importers.read.limits import ImportLimits
from rulings.importers.read.parsed import ExportFormatError, ParsedRuling

__all__ = ["check_characters", "markdown_nesting", "validate"]

# Control characters a file may not contain anywhere: all but tab, line feed and carriage return.
_FILE_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# One container marker of Markdown (quote, bullet, numbered item) at the start of a line.
_CONTAINER_RE = re.compile(r" {0,3}(?:>|[*+-](?=\s)|\d{1,9}[.)](?=\s))[ \t]*")
# What each kind of string may hold besides printable text. Site text (a question, a title)
# is read by people: no control characters, and line breaks only where the value has lines.
# Data kept verbatim from the exporting system (retrieval snippets, quotes, provenance) keeps
# what it was sent - its PDF extraction leaves U+0007 where bullets were (the Archaeology
# seed has them) - except NUL, which PostgreSQL cannot store, and lone surrogates, which
# are not text at all.
ONE_LINE, MULTI_LINE, VERBATIM = "one-line", "multi-line", "verbatim"
# The characters each kind may not hold: control characters (Unicode category Cc, exactly
# U+0000-U+001F and U+007F-U+009F) and lone surrogates (Cs), less what the kind allows.
# One regex search per value: the checks run on every string of every imported file.
_UNSAFE = {
    ONE_LINE: re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]"),
    MULTI_LINE: re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]"),
    VERBATIM: re.compile(r"[\x00\ud800-\udfff]"),
}


def check_characters(text: str, filename: str) -> None:
    """Refuse a control character anywhere in the file, naming its line and column."""
    found = _FILE_CONTROL_RE.search(text)
    if found:
        start = found.start()
        line = text.count("\n", 0, start) + 1
        column = start - text.rfind("\n", 0, start)
        raise ExportFormatError(
            filename,
            line,
            f"control character U+{ord(found.group()):04X} at column {column} "
            "(only tab and line breaks are allowed)",
        )


def markdown_nesting(markdown: str) -> tuple[int, int]:
    """Deepest nesting of lists and quotes in ``markdown``, and the 0-based index of that
    line among the non-blank lines. Python-Markdown recurses once per level, so a line of
    "1. 1. 1. …" ends in RecursionError on the ruling page."""
    deepest, where, index = 0, 0, -1
    for line in markdown.split("\n"):
        if not line.strip():
            continue
        index += 1
        line = line.expandtabs(4)
        indent = len(line) - len(line.lstrip(" "))
        depth, rest = indent // 4, line[indent - indent % 4 :]
        while match := _CONTAINER_RE.match(rest):
            depth, rest = depth + 1, rest[match.end() :]
        if depth > deepest:
            deepest, where = depth, index
    return deepest, where


def _unsafe_character(value: str, kind: str) -> str | None:
    """The first character ``value`` may not hold as a string of ``kind``, or None."""
    found = _UNSAFE[kind].search(value)
    return found.group() if found else None


def _verbatim_throughout(value) -> bool:
    """Whether every key of ``value``'s objects is a string and no string anywhere in it
    holds what verbatim data may not: checked in one search over them all, since almost
    every file passes and building each value's path for a message costs more than the
    check itself."""
    strings = []
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str:
            strings.append(item)
        elif kind is dict:
            for key, child in item.items():
                if type(key) is not str:
                    return False
                strings.append(key)
                stack.append(child)
        elif kind is list:
            stack.extend(item)
        elif isinstance(item, str | dict | list):
            return False  # a subclass: left to the walk that names paths
    # A line break is allowed in verbatim data, so joining with one hides nothing.
    return _UNSAFE[VERBATIM].search("\n".join(strings)) is None


class _Checker:
    """Walks one ParsedRuling; the first problem found is raised as ExportFormatError."""

    def __init__(self, parsed: ParsedRuling, limits: ImportLimits):
        self.parsed = parsed
        self.limits = limits
        self.lines = {
            **parsed.field_lines,
            **{f"references[{i}]": ref.line for i, ref in enumerate(parsed.references)},
        }

    def fail(self, path: str, message: str, line_keys: tuple[str, ...] = ()) -> None:
        raise ExportFormatError(self.parsed.filename, self.line_of(path, *line_keys), message)

    def line_of(self, path: str, *more: str) -> int | None:
        """The most precise known line: ``a[3].b`` is looked up as a[3].b, a[3], then a."""
        lines = self.lines
        for key in more:
            if key in lines:
                return lines[key]
        while path:
            if path in lines:
                return lines[path]
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return None

    # ------------------------------------------------------------------ values

    def text(self, path: str, value, max_chars: float, kind: str = ONE_LINE) -> None:
        if not isinstance(value, str):
            self.fail(path, f"{path}: must be a string, not {type(value).__name__}")
        if len(value) > max_chars:
            self.fail(path, f"{path}: {len(value):,} characters; at most {max_chars:,} accepted")
        bad = _unsafe_character(value, kind)
        if bad is not None:
            if bad in "\n\r":
                what = "a line break (one-line value)"
            elif "\ud800" <= bad <= "\udfff":
                what = f"an unpaired surrogate U+{ord(bad):04X}"
            else:
                what = f"the control character U+{ord(bad):04X}"
            self.fail(path, f"{path}: contains {what}")

    def line_text(self, path: str, value, stored_as: str) -> None:
        """A one-line value stored in a column: its max_length is the limit."""
        self.text(path, value, self.limits.length(stored_as))

    def number(self, path: str, value, range_name: str, optional: bool = True) -> None:
        if value is None and optional:
            return
        low, high = self.limits.range(range_name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(path, f"{path}: must be a whole number from {low} to {high:,}, not {value!r}")

    def count(self, path: str, items, most: int) -> None:
        if len(items) > most:
            self.fail(path, f"{path}: {len(items):,} entries; at most {most:,} accepted")

    def nested_strings(self, path: str, value) -> None:
        """Every key and string inside data kept verbatim: no NUL, no lone surrogate."""
        if _verbatim_throughout(value):
            return
        # Something is wrong: walk again, naming each value's path, to say what and where.
        stack = [(path, value)]
        while stack:
            where, item = stack.pop()
            if isinstance(item, dict):
                for key, child in item.items():
                    self.text(f"{where}[{key!r}]", key, math.inf, VERBATIM)
                    stack.append((f"{where}[{key!r}]", child))
            elif isinstance(item, list):
                stack.extend((f"{where}[{i}]", child) for i, child in enumerate(item))
            elif isinstance(item, str):
                self.text(where, item, math.inf, VERBATIM)

    # ------------------------------------------------------------------ the ruling

    def run(self) -> None:
        p, limits = self.parsed, self.limits
        self.line_text("file name", p.filename, "filename")
        self.line_text("game_name", p.game_name, "game_name")
        self.line_text("edition_code", p.edition_code, "edition_code")
        code = EditionCode.parse(p.edition_code)
        if code:
            low, high = limits.range("bgg_id")
            if not low <= code.bgg_id <= high:
                self.fail(
                    "edition_code",
                    f"edition_code: BoardGameGeek id {code.bgg_id} is out of range "
                    f"({low} to {high:,})",
                )
        self.text("question", p.question, limits.question_chars, kind=MULTI_LINE)
        self.line_text("outcome_label", p.outcome_label, "outcome_label")
        self.answer()
        self.references()
        self.line_text("closing_line", p.closing_line, "closing_line")
        self.text("abstain_rationale", p.abstain_rationale, limits.text_chars, kind=MULTI_LINE)
        self.line_text("answerer", p.answerer, "answerer")
        self.timings()
        self.number("tokens_in", p.tokens_in, "tokens")
        self.number("tokens_out", p.tokens_out, "tokens")
        self.passages("retrieval_refs", p.retrieval_refs, limits.retrieval_refs, "snippet")
        self.passages("citations_raw", p.citations_raw, limits.references, "quote")
        self.text("errata_statement", p.errata_statement, limits.text_chars, kind=MULTI_LINE)
        self.line_text("external_edition_id", p.external_edition_id, "external_edition_id")
        self.nested_strings("provenance", p.provenance)

    def answer(self) -> None:
        answer = self.parsed.answer_markdown
        self.text("answer_markdown", answer, self.limits.answer_chars, kind=MULTI_LINE)
        depth, index = markdown_nesting(answer)
        if depth > self.limits.answer_nesting:
            self.fail(
                "answer_markdown",
                f"answer_markdown: lists and quotes nested {depth} deep "
                f"(at most {self.limits.answer_nesting})",
                (f"answer_markdown[{index}]",),
            )

    def references(self) -> None:
        refs = self.parsed.references
        self.count("references", refs, self.limits.references)
        for i, ref in enumerate(refs):
            path = f"references[{i}]"
            self.number(f"{path}.n", ref.n, "citation_number", optional=False)
            self.line_text(f"{path}.kind", ref.kind, "kind")
            self.line_text(f"{path}.document_title", ref.document_title, "document_title")
            self.number(f"{path}.page", ref.page, "page")
            self.line_text(f"{path}.heading_path", ref.heading_path, "heading_path")

    def timings(self) -> None:
        timings = self.parsed.timings
        if not isinstance(timings, dict):
            self.fail("timings", "timings: must map names to milliseconds")
        for name, ms in timings.items():
            self.text(f"timings[{name!r}]", name, self.limits.key_chars)
            self.number(f"timings[{name!r}]", ms, "timing_ms", optional=False)

    def passages(self, key: str, items, most: int, text_key: str) -> None:
        """Retrieval results and raw citations: the fields the store reads from each."""
        if not isinstance(items, list):
            self.fail(key, f"{key}: must be a list of objects")
        self.count(key, items, most)
        for i, item in enumerate(items):
            path = f"{key}[{i}]"
            if not isinstance(item, dict):
                self.fail(path, f"{path}: must be an object, not {type(item).__name__}")
            self.number(f"{path}.page", item.get("page"), "page")
            heading = item.get("headingPath")
            if heading is not None:
                self.line_text(f"{path}.headingPath", heading, "heading_path")
            text = item.get(text_key)
            if text is not None:
                self.text(f"{path}.{text_key}", text, self.limits.text_chars, VERBATIM)
            self.document_id(f"{path}.sharpsignalDocId", item.get("sharpsignalDocId"))
            score = item.get("score")
            if score is not None and (
                isinstance(score, bool)
                or not isinstance(score, int | float)
                or not math.isfinite(score)
            ):
                self.fail(f"{path}.score", f"{path}.score: must be a number, not {score!r}")
            self.nested_strings(path, item)

    def document_id(self, path: str, value) -> None:
        if value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int | str) or value == "":
            self.fail(path, f"{path}: must be a number or a string, not {value!r}")
        if isinstance(value, int) and value < 0:
            self.fail(path, f"{path}: must not be negative, not {value}")
        self.line_text(path, str(value), "document_id")


def validate(parsed: ParsedRuling, limits: ImportLimits) -> None:
    """Raise ExportFormatError for the first value outside ``limits``; return when all fit."""
    _Checker(parsed, limits).run()
