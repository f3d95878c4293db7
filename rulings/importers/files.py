"""One export file read from disk: bounded, decoded, parsed, then checked once for both
formats, so what the database would reject is refused with its file and line."""

import math
import re
from pathlib import Path

from catalogue.editions import EditionCode
from rulings.importers.json_export import parse_json
from rulings.importers.parsed import (
    ExportFormatError,
    ImportLimits,
    ParsedRuling,
    content_hash,
    import_limits,
)
from rulings.importers.text_export import parse_export

# One container marker of Markdown (quote, bullet, numbered item) at the start of a line.
_CONTAINER_RE = re.compile(r" {0,3}(?:>|[*+-](?=\s)|\d{1,9}[.)](?=\s))[ \t]*")
# What each kind of string may not hold: control characters and lone surrogates, but line
# breaks where text has lines. Data kept verbatim (snippets, quotes, provenance) may hold
# what the exporter's PDF extraction left (U+0007 for bullets), but not NUL.
ONE_LINE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
MULTI_LINE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
VERBATIM = re.compile(r"[\x00\ud800-\udfff]")


def parse_file(path, limits: ImportLimits | None = None) -> ParsedRuling:
    """Parse one export file: JSON for a ``.json`` name or a leading "{", else text."""
    path = Path(path)
    name = path.name
    limits = limits or import_limits()
    # At most one byte past the limit: a file growing while read is refused too.
    size = path.stat().st_size
    if size <= limits.file_bytes:
        with path.open("rb") as handle:
            raw = handle.read(limits.file_bytes + 1)
        size = len(raw)
    if size > limits.file_bytes:
        limit = f"at most {limits.file_bytes:,} are accepted (RULESAGE_IMPORT_LIMITS['file_bytes'])"
        raise ExportFormatError(name, None, f"file is {size:,} bytes; {limit}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ExportFormatError(name, line, f"not UTF-8 (byte 0x{raw[exc.start]:02x})") from None
    if found := MULTI_LINE.search(text):  # as decoded UTF-8 holds no surrogates
        start = found.start()
        line, column = text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start)
        character = f"control character U+{ord(found.group()):04X} at column {column}"
        raise ExportFormatError(name, line, f"{character} (only tab and line breaks are allowed)")
    if path.suffix.lower() == ".json" or text.lstrip().startswith("{"):
        parsed = parse_json(text, name, limits)
    else:
        parsed = parse_export(text, name, limits)
    _Checker(parsed, limits).run()
    parsed.digest = content_hash(parsed)
    return parsed


def markdown_nesting(markdown: str) -> tuple[int, int]:
    """Deepest nesting of lists and quotes, and that line's index among non-blank lines."""
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


class _Checker:
    def __init__(self, parsed: ParsedRuling, limits: ImportLimits):
        self.parsed, self.limits = parsed, limits
        self.lines = dict(parsed.field_lines)
        self.lines.update((f"references[{i}]", ref.line) for i, ref in enumerate(parsed.references))

    def fail(self, path: str, message: str, line_key: str = "") -> None:
        """Refuse at the most precise known line: ``a[3].b`` is looked up as a[3].b, a[3], a."""
        line = self.lines.get(line_key)
        while path and line is None:
            line = self.lines.get(path)
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        raise ExportFormatError(self.parsed.filename, line, message)

    def text(self, path: str, value, limit: str | float, unsafe: re.Pattern = ONE_LINE) -> None:
        """A string of at most ``limit`` characters, or the max_length of the column named."""
        max_chars = self.limits.length(limit) if isinstance(limit, str) else limit
        if not isinstance(value, str):
            self.fail(path, f"{path}: must be a string, not {type(value).__name__}")
        if len(value) > max_chars:
            self.fail(path, f"{path}: {len(value):,} characters; at most {max_chars:,} accepted")
        if bad := unsafe.search(value):
            bad = bad.group()
            if bad in "\n\r":
                what = "a line break (one-line value)"
            elif "\ud800" <= bad <= "\udfff":
                what = f"an unpaired surrogate U+{ord(bad):04X}"
            else:
                what = f"the control character U+{ord(bad):04X}"
            self.fail(path, f"{path}: contains {what}")

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

    def run(self) -> None:
        p, limits = self.parsed, self.limits
        self.text("file name", p.filename, "filename")
        for name in ("game_name", "edition_code", "outcome_label", "closing_line", "answerer"):
            self.text(name, getattr(p, name), name)  # as long as the column it is stored in
        self.text("external_edition_id", p.external_edition_id, "external_edition_id")
        free_text = {"question": limits.question_chars, "answer_markdown": limits.answer_chars}
        free_text |= dict.fromkeys(["abstain_rationale", "errata_statement"], limits.text_chars)
        for name, most in free_text.items():
            self.text(name, getattr(p, name), most, MULTI_LINE)
        low, high = limits.range("bgg_id")
        if (code := EditionCode.parse(p.edition_code)) and not low <= code.bgg_id <= high:
            problem = f"BoardGameGeek id {code.bgg_id} is out of range ({low} to {high:,})"
            self.fail("edition_code", f"edition_code: {problem}")
        depth, index = markdown_nesting(p.answer_markdown)
        if depth > limits.answer_nesting:
            problem = f"lists and quotes nested {depth} deep (at most {limits.answer_nesting})"
            self.fail("answer_markdown", f"answer_markdown: {problem}", f"answer_markdown[{index}]")
        self.count("references", p.references, limits.references)
        for i, ref in enumerate(p.references):
            self.number(f"references[{i}].n", ref.n, "citation_number", optional=False)
            self.number(f"references[{i}].page", ref.page, "page")
            for name in ("kind", "document_title", "heading_path"):
                self.text(f"references[{i}].{name}", getattr(ref, name), name)
        for name, ms in p.timings.items():
            self.text(f"timings[{name!r}]", name, limits.key_chars)
            self.number(f"timings[{name!r}]", ms, "timing_ms", optional=False)
        for name in ("tokens_in", "tokens_out"):
            self.number(name, getattr(p, name), "tokens")
        self.passages("retrieval_refs", p.retrieval_refs, limits.retrieval_refs, "snippet")
        self.passages("citations_raw", p.citations_raw, limits.references, "quote")
        self.nested_strings("provenance", p.provenance)

    def passages(self, key: str, items, most: int, text_key: str) -> None:
        self.count(key, items, most)
        for i, item in enumerate(items):
            path = f"{key}[{i}]"
            if not isinstance(item, dict):
                self.fail(path, f"{path}: must be an object, not {type(item).__name__}")
            self.number(f"{path}.page", item.get("page"), "page")
            if (heading := item.get("headingPath")) is not None:
                self.text(f"{path}.headingPath", heading, "heading_path")
            if (text := item.get(text_key)) is not None:
                self.text(f"{path}.{text_key}", text, self.limits.text_chars, VERBATIM)
            if (doc_id := item.get("sharpsignalDocId")) is not None:
                self.document_id(f"{path}.sharpsignalDocId", doc_id)
            score = item.get("score")  # a number as JSON gives one: not bool, not NaN
            if score is not None and (type(score) not in (int, float) or not math.isfinite(score)):
                self.fail(f"{path}.score", f"{path}.score: must be a number, not {score!r}")
            self.nested_strings(path, item)

    def document_id(self, path: str, value) -> None:
        if isinstance(value, bool) or not isinstance(value, int | str) or value == "":
            self.fail(path, f"{path}: must be a number or a string, not {value!r}")
        if isinstance(value, int) and value < 0:
            self.fail(path, f"{path}: must not be negative, not {value}")
        self.text(path, str(value), "document_id")
