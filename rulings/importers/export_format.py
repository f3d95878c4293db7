"""Parser for the text export of the legacy rules Q&A system (files starting "Ruling — ").

Pure Python on purpose (no Django): management commands, the admin and the tests share it.
The format is only known from two samples, so the parser works by markers, keeps whatever it
does not understand (in ``provenance`` and ``warnings``) and refuses a file only when the
ruling cannot exist without the broken part. Sizes, lengths and ranges are checked after
parsing, for both formats at once (``validation.py``); only the nesting of the one-line JSON
fields is bounded here, because it has to be checked before that JSON is parsed.
See FORMATS.md beside this module.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime

from rulings.importers.bounded_json import JSONRefused, load_json
from rulings.importers.limits import ImportLimits
from rulings.importers.parsed import ExportFormatError, ImportRefused, ParsedRuling, Reference

__all__ = [
    "ExportFormatError",
    "ImportRefused",
    "ParsedRuling",
    "Reference",
    "answer_to_markdown",
    "find_markers",
    "normalise_outcome",
    "parse_export",
]

SEP = " · "
EDITION_CODE_RE = re.compile(r"bg-\d+-[a-z]{2}-\d+e$")
MARKER_RE = re.compile(r"\[(\d+)\]")

_TITLE_RE = re.compile(r"^Ruling\s*[—–-]\s*(.*)$")
_YOU_ASKED_RE = re.compile(r"^you asked:?$", re.IGNORECASE)
_ASKED_WITH_RE = re.compile(r"^asked with:\s*(.*)$", re.IGNORECASE)
# Reader-side outcome wording: "Answered counted as answered"; other wordings are expected.
_LABEL_RE = re.compile(
    r"^(?:answered|abstained|needs (?:an )?editor|not answered|unanswered)\b"
    r"|^[A-Za-z]+(?: [A-Za-z]+)? counted as [A-Za-z]",
    re.IGNORECASE,
)
# Anything shaped like "[n] KIND ..." opens the reference list; KIND is an upper-case word.
_REF_START_RE = re.compile(r"^\[\d+\]\s+[A-Z][A-Z0-9_-]+\s")
_REF_RE = re.compile(r"^\[(\d+)\]\s+([A-Z][A-Z0-9_-]+)\s+(.+)$")
# Once the list is open, any "[…]" + KIND, or any "[digits]" line, must be a reference.
_REF_ATTEMPT_RE = re.compile(r"^\[(?:\d+\]|[^\]\s]{1,8}\]\s+[A-Z]{2,})")
_PAGE_RE = re.compile(r"^p\.?\s*(\d+)$")
_PAGE_ATTEMPT_RE = re.compile(r"^pp?\.\s*\S*$")
_PROVENANCE_RE = re.compile(r"^(?:🔧|debug\s+—\s+where this ruling came from)")
_BULLET_RE = re.compile(r"^[*•\-–]\s+(.*)$")
_NUMBERED_RE = re.compile(r"^(\d+)[.)]\s+(.*)$")
_HEADING_END = (".", ":", ";", ",", "!", "?")
_EDITION_ID_RE = re.compile(r"\(edition (\d+)\)")
_DATE_RE = re.compile(
    r"^([A-Za-z]{3})[a-z]*\.? (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?\s*(?:UTC|GMT|Z)?$"
)
_ISO_WITH_TIME_RE = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# Provenance block titles seen in the samples; unknown titles are found by shape instead.
_KNOWN_BLOCKS = (
    "retrieval",
    "what the answerer read",
    "chosen chunks",
    "generation",
    "disposition",
    "setup-shape",
    "errata registry",
)


# --------------------------------------------------------------------------- helpers


def find_markers(text: str) -> list[int]:
    """Return the citation numbers of every ``[n]`` marker in ``text``, in order."""
    return [int(n) for n in MARKER_RE.findall(text)]


def normalise_outcome(value: str) -> str | None:
    """Map an outcome wording to answered/abstained/needs_editor; None when unrecognised.

    Accepts the provenance form ("ANSWERED — Answered") and the reader form ("Answered
    counted as answered", where the part after "counted as" is what counted).
    """
    text = value.strip().lower()
    if " counted as " in text:
        text = text.split(" counted as ", 1)[1]
    text = text.replace("_", " ")
    if re.match(r"answer(?:ed)?\b", text):
        return "answered"
    if re.match(r"abstain(?:ed)?\b", text):
        return "abstained"
    if re.match(r"needs? (?:an )?editor\b", text):
        return "needs_editor"
    return None


def canonical_key(key: str) -> str:
    """Reduce a provenance key to its stable stem: "tokens in (the prompt…)" -> "tokens in"."""
    stem = key.split(" — ", 1)[0]
    stem = re.sub(r"\s*\(.*$", "", stem)
    return stem.strip().lower()


def split_key_value(line: str) -> tuple[str, str] | None:
    """Split "key: value" at the first ": " outside parentheses; None if not that shape."""
    if "\t" in line or line[:1] in "[{#":
        return None
    depth = 0
    for i, ch in enumerate(line):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(depth - 1, 0)
        elif ch == ":" and depth == 0 and (i + 1 == len(line) or line[i + 1] == " "):
            key = line[:i].strip()
            # Long "keys" are prose that happens to contain a colon.
            if not key or len(key) > 120:
                return None
            return key, line[i + 1 :].strip()
    return None


def parse_recorded_at(value: str) -> datetime | None:
    """Parse "Sep 6, 2026 13:08 UTC" (or ISO 8601) to an aware UTC datetime."""
    value = value.strip()
    m = _DATE_RE.match(value)
    if m and m.group(1).lower() in _MONTHS:
        month = _MONTHS.index(m.group(1).lower()) + 1
        day, year, hour, minute = (int(m.group(i)) for i in (2, 3, 4, 5))
        second = int(m.group(6) or 0)
        try:
            return datetime(year, month, day, hour, minute, second, tzinfo=UTC)
        except ValueError:
            return None
    if not _ISO_WITH_TIME_RE.match(value):
        # A bare date, or a stamp cut before its minutes, would name the wrong moment.
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    # The exporting system stamps UTC; a naive ISO value is taken to be UTC too.
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)


def parse_timings(value: str) -> tuple[dict[str, int], list[str]]:
    """Parse "search 90 ms · ask 6588 ms" to {"search": 90, "ask": 6588}; also leftovers."""
    timings: dict[str, int] = {}
    leftovers: list[str] = []
    for part in re.split(r"\s*·\s*", value.strip()):
        m = re.match(r"^(.+?)\s+(\d+(?:\.\d+)?)\s*(ms|s)$", part.strip())
        if not m:
            if part.strip():
                leftovers.append(part.strip())
            continue
        factor = 1000 if m.group(3) == "s" else 1
        key = re.sub(r"\s+", "_", m.group(1).strip().lower())
        timings[key] = round(float(m.group(2)) * factor)
    return timings, leftovers


def _is_heading(text: str) -> bool:
    """A plain answer line that reads as a section title ("Setup", "Turn Sequence")."""
    return len(text) < 80 and not MARKER_RE.search(text) and not text.endswith(_HEADING_END)


def _strip_bold(text: str) -> str:
    """Drop bold wrapping a whole heading line: a Markdown heading is emphasis enough."""
    if text.startswith("**") and text.endswith("**") and len(text) > 4:
        return text[2:-2].strip()
    return text


def answer_to_markdown(lines: list[str]) -> str:
    """Turn the answer body (plain lines) into Markdown.

    Stand-alone short lines without end punctuation become "## " headings, bullets "* ",
    numbered items "N. "; bullets right after a numbered item are nested under it (the
    exports put sub-points there). Bold and [n] markers are kept verbatim.
    """
    stripped = [line.strip() for line in lines]
    blocks: list[str] = []
    in_numbered = False
    prev_kind = "blank"
    for i, text in enumerate(stripped):
        if not text:
            prev_kind = "blank"
            continue
        next_blank = i + 1 >= len(stripped) or not stripped[i + 1]
        kind, rendered, in_numbered = _render_line(text, prev_kind, next_blank, in_numbered)
        if kind == "continuation" and blocks:
            indent = "    " if blocks[-1].startswith("    ") else ""
            blocks[-1] += "\n" + indent + text
        else:
            blocks.append(rendered)
        prev_kind = "text" if kind == "continuation" else kind
    return "\n\n".join(blocks)


def _render_line(text: str, prev_kind: str, next_blank: bool, in_numbered: bool):
    """Classify one non-blank answer line; return (kind, markdown, in_numbered)."""
    bullet = _BULLET_RE.match(text)
    if bullet:
        rendered = "* " + bullet.group(1)
        return "item", ("    " + rendered if in_numbered else rendered), in_numbered
    numbered = _NUMBERED_RE.match(text)
    if numbered:
        return "item", f"{numbered.group(1)}. {numbered.group(2)}", True
    if prev_kind in ("text", "item"):
        # A line directly under text (no blank line) continues that paragraph or item.
        return "continuation", text, in_numbered
    if next_blank and _is_heading(text):
        return "heading", "## " + _strip_bold(text), False
    return "text", text, False


# --------------------------------------------------------------------------- reader part


@dataclass
class _Header:
    """What the lines between the title and the answer body said."""

    question_lines: list[str] = field(default_factory=list)
    you_asked_line: int | None = None
    question_line: int | None = None
    label: str = ""
    label_line: int | None = None
    asked_with_line: int | None = None
    asked_with_game: str = ""
    edition_code: str = ""
    body_start: int = 0


class _Reader:
    """Walks the reader part (title to the 🔧 line) of one export.

    Collects ``warnings`` and the unknown ``extra_lines`` it kept along the way.
    """

    def __init__(self, lines: list[str], filename: str, start: int, end: int):
        self.lines = lines
        self.filename = filename
        self.start = start
        self.end = end
        self.warnings: list[str] = []
        self.extra_lines: list[dict] = []
        self.closing_line_no: int | None = None

    def keep(self, i: int, why: str) -> None:
        """Keep an unknown line verbatim and say so in the warnings."""
        self.extra_lines.append({"line": i + 1, "text": self.lines[i].strip()})
        self.warnings.append(f"line {i + 1}: {why}")

    def fail(self, index: int, message: str) -> ExportFormatError:
        """Build the refusal for 0-based line ``index``."""
        return ExportFormatError(self.filename, index + 1, message)

    def header(self) -> _Header:
        """Read "You asked", the outcome label and "Asked with:", in any order."""
        h = _Header()
        state = "pre"
        i = self.start
        while i < self.end:
            text = self.lines[i].strip()
            if _REF_START_RE.match(text):
                break
            if not text:
                if state == "question":
                    h.question_lines.append("")
            elif _YOU_ASKED_RE.match(text):
                if h.you_asked_line is not None:
                    self.keep(i, "second 'You asked' line ignored")
                else:
                    h.you_asked_line, state = i + 1, "question"
            elif _ASKED_WITH_RE.match(text):
                self._asked_with(h, i, text)
                state = "pre"
            elif self._is_label(text):
                # Even straight after "You asked": a label is never a question.
                self._label(h, i, text)
                state = "pre"
            elif state == "question":
                h.question_lines.append(text)
                h.question_line = h.question_line or i + 1
            elif self._header_marker_follows(i + 1):
                # An unknown line among the header markers: keep it, do not guess.
                self.keep(i, "unknown line in the reader header kept")
            else:
                break
            i += 1
        h.body_start = i
        return h

    @staticmethod
    def _is_label(text: str) -> bool:
        """Outcome wording as the reader saw it: short, no sentence punctuation."""
        return len(text) <= 60 and not text.endswith(_HEADING_END) and bool(_LABEL_RE.match(text))

    def _label(self, h: _Header, i: int, text: str) -> None:
        if h.label_line is not None:
            self.keep(i, "second outcome line ignored")
            return
        h.label, h.label_line = text, i + 1

    def _asked_with(self, h: _Header, i: int, text: str) -> None:
        """Split "Asked with: Point Citybg-368017-en-1e" (name and code run together)."""
        if h.asked_with_line is not None:
            self.keep(i, "second 'Asked with:' line ignored")
            return
        value = _ASKED_WITH_RE.match(text).group(1).strip()
        code = EDITION_CODE_RE.search(value)
        if not code:
            raise self.fail(
                i, f"no edition code in 'Asked with:' (expected bg-<id>-<lang>-<n>e): {value!r}"
            )
        h.asked_with_line = i + 1
        h.edition_code = code.group(0)
        h.asked_with_game = value[: code.start()].strip()

    def _header_marker_follows(self, i: int) -> bool:
        """True when a "You asked"/"Asked with:" line still follows before the references."""
        for text in (line.strip() for line in self.lines[i : self.end]):
            if _REF_START_RE.match(text):
                return False
            if _YOU_ASKED_RE.match(text) or _ASKED_WITH_RE.match(text):
                return True
        return False

    def answer(self, body_start: int) -> tuple[list[int], list[Reference], str]:
        """Split the rest into body line indexes, references and the closing line."""
        ref_start = next(
            (i for i in range(body_start, self.end) if _REF_START_RE.match(self.lines[i].strip())),
            self.end,
        )
        body = list(range(body_start, ref_start))
        refs: list[Reference] = []
        closing = ""
        for i in range(ref_start, self.end):
            text = self.lines[i].strip()
            if not text:
                continue
            if _REF_ATTEMPT_RE.match(text):
                ref = self.reference(i, text)
                if any(r.n == ref.n for r in refs):
                    self.keep(i, f"duplicate reference [{ref.n}] ignored")
                else:
                    refs.append(ref)
            elif not closing:
                closing, self.closing_line_no = text, i + 1
            else:
                self.keep(i, "unknown line after the references kept")
        return body, refs, closing

    def reference(self, i: int, text: str) -> Reference:
        """Parse one reference line or refuse it as malformed."""
        expected = "expected '[n] KIND title · p.N · heading path'"
        m = _REF_RE.match(text)
        if not m:
            raise self.fail(i, f"malformed reference line ({expected}): {text!r}")
        n, kind, rest = int(m.group(1)), m.group(2), m.group(3)
        parts = [p.strip() for p in re.split(r"(?:^|\s)·(?:\s|$)", rest.strip())]
        page_at = next((k for k, p in enumerate(parts) if _PAGE_RE.match(p)), None)
        if page_at is None and any(_PAGE_ATTEMPT_RE.match(p) for p in parts):
            raise self.fail(i, f"malformed reference line (page is not a number): {text!r}")
        if page_at is None:
            # Not fatal: a non-rulebook source (FAQ, errata sheet) may have no pages.
            self.warnings.append(f"line {i + 1}: reference [{n}] has no page")
            title, page, heading = parts[0], None, parts[1:]
        else:
            title = SEP.join(parts[:page_at])
            page = int(_PAGE_RE.match(parts[page_at]).group(1))
            heading = parts[page_at + 1 :]
        if not title:
            raise self.fail(i, f"malformed reference line (no document title; {expected})")
        return Reference(n, kind, title, page, SEP.join(h for h in heading if h), i + 1)


def _has_text(lines: list[str]) -> bool:
    return any(line.strip() for line in lines)


def _join_paragraph_lines(lines: list[str]) -> str:
    """Join lines, keeping single blank lines between paragraphs."""
    text = "\n".join(line.strip() for line in lines).strip()
    return re.sub(r"\n{3,}", "\n\n", text)


def _check_markers(
    filename: str, lines: list[str], body: list[int], refs: list[Reference]
) -> list[str]:
    """Refuse markers with no reference list at all; warn about mismatches otherwise."""
    known = {r.n for r in refs}
    cited: set[int] = set()
    warnings: list[str] = []
    for i in body:
        for n in find_markers(lines[i]):
            if not refs:
                raise ExportFormatError(
                    filename, i + 1, f"the answer cites [{n}] but the export has no references"
                )
            if n not in known:
                warnings.append(f"line {i + 1}: marker [{n}] has no reference line")
            cited.add(n)
    for ref in refs:
        if ref.n not in cited:
            warnings.append(f"line {ref.line}: reference [{ref.n}] is never cited in the answer")
    return warnings


# --------------------------------------------------------------------------- provenance part


def _is_block_title(lines: list[str], i: int) -> bool:
    """A provenance block title: a known title, or a short "x — y" line standing alone."""
    text = lines[i].strip()
    if not text or "\t" in text or split_key_value(text) is not None or len(text) > 100:
        return False
    stem = text.split(" — ", 1)[0].strip().lower()
    if stem in _KNOWN_BLOCKS:
        return True
    prev_blank = i == 0 or not lines[i - 1].strip()
    next_blank = i + 1 >= len(lines) or not lines[i + 1].strip()
    return " — " in text and prev_blank and next_blank and not text.endswith(_HEADING_END)


def _read_provenance(
    lines: list[str], start: int, filename: str
) -> tuple[dict, list, list, dict[str, int]]:
    """Split the provenance part into fields, blocks and loose lines, all verbatim.

    Returns (provenance dict, entries, warnings, block title -> 1-based line); entries are
    (canonical key, value, 1-based line, block title or None) for every "key: value" line.
    """
    header = lines[start].strip()
    rest = lines[start + 1 :]
    if not _has_text(rest):
        raise ExportFormatError(
            filename, start + 1, "the provenance part starts here but the file is cut off"
        )
    fields: dict[str, str] = {}
    blocks: dict[str, list[str]] = {}
    extra: list[str] = []
    entries: list[tuple[str, str, int, str | None]] = []
    warnings: list[str] = []
    title_lines: dict[str, int] = {}
    title: str | None = None
    for offset, raw in enumerate(rest):
        lineno = start + 2 + offset
        text = raw.rstrip()
        if _is_block_title(rest, offset):
            title = _unique_title(blocks, text.strip(), lineno, warnings)
            blocks[title] = []
            title_lines[title] = lineno
            continue
        if title is not None:
            blocks[title].append(text)
        kv = split_key_value(text.strip()) if text.strip() else None
        if kv:
            entries.append((canonical_key(kv[0]), kv[1], lineno, title))
            if title is None:
                _add_field(fields, kv, lineno, warnings)
        elif title is None and text.strip():
            extra.append(text.strip())
    provenance = {
        "header": header,
        "fields": fields,
        "blocks": {t: "\n".join(b).strip("\n") for t, b in blocks.items()},
        "block_fields": _block_fields(entries),
        "extra_lines": extra,
        "text": "\n".join(lines[start:]).rstrip("\n"),
    }
    return provenance, entries, warnings, title_lines


def _empty_provenance() -> dict:
    """Same shape as a parsed provenance part, for exports that have none."""
    keys = ("fields", "blocks", "block_fields")
    return {"header": "", **{k: {} for k in keys}, "extra_lines": [], "text": ""}


def _unique_title(blocks: dict, title: str, lineno: int, warnings: list[str]) -> str:
    if title not in blocks:
        return title
    warnings.append(f"line {lineno}: repeated provenance block {title!r} kept separately")
    k = 2
    while f"{title} ({k})" in blocks:
        k += 1
    return f"{title} ({k})"


def _add_field(fields: dict, kv: tuple[str, str], lineno: int, warnings: list[str]) -> None:
    key, value = kv
    if key in fields:
        warnings.append(f"line {lineno}: repeated provenance field {key!r}; first one used")
        return
    fields[key] = value


def _block_fields(entries: list) -> dict[str, dict[str, str]]:
    """Per-block "key: value" lines, keyed by canonical key, first one wins."""
    out: dict[str, dict[str, str]] = {}
    for key, value, _line, title in entries:
        if title is not None:
            out.setdefault(title, {}).setdefault(key, value)
    return out


def _lookup(entries: list, key: str) -> tuple[str, int] | None:
    """First (value, line) for canonical ``key``: top-level fields before block fields."""
    for canon, value, line, _title in sorted(entries, key=lambda e: e[3] is not None):
        if canon == key:
            return value, line
    return None


def _json_list(entries: list, key: str, filename: str, limits: ImportLimits) -> list:
    """Parse a one-line JSON list field; a cut-off, broken or too deep line is fatal."""
    found = _lookup(entries, key)
    if found is None:
        return []
    value, line = found
    try:
        data = load_json(value, limits.json_depth)
    except JSONRefused as exc:
        column = "" if exc.pos is None else f" (column {exc.pos + 1})"
        raise ExportFormatError(filename, line, f"'{key}' JSON {exc.message}{column}") from None
    if not isinstance(data, list):
        raise ExportFormatError(filename, line, f"'{key}' JSON is not a list")
    return data


def _first_int(value: str | None) -> int | None:
    m = re.search(r"\d+", value or "")
    return int(m.group(0)) if m else None


def _errata_block(provenance: dict, entries: list, title_lines: dict) -> tuple[str, int | None]:
    """The errata registry statement and its line: a titled block, else a field."""
    for title, text in provenance["blocks"].items():
        if title.split(" — ")[0].strip().lower() == "errata registry":
            return text, title_lines.get(title)
    found = _lookup(entries, "errata registry")
    return found if found else ("", None)


# Typed ParsedRuling fields read from provenance "key: value" lines (canonical keys).
_PROVENANCE_KEYS = {
    "answerer": "answerer pin",
    "timings": "timings",
    "tokens_in": "tokens in",
    "tokens_out": "tokens out",
    "retrieval_refs": "retrieval refs",
    "citations_raw": "citations",
}


def _apply_provenance(
    ruling: ParsedRuling, entries: list, title_lines: dict, filename: str, limits: ImportLimits
) -> None:
    """Fill the typed fields of ``ruling`` from the provenance lookups."""
    for name, key in _PROVENANCE_KEYS.items():
        found = _lookup(entries, key)
        if found:
            ruling.field_lines[name] = found[1]
    answerer = _lookup(entries, "answerer pin")
    ruling.answerer = answerer[0] if answerer else ""
    timings = _lookup(entries, "timings")
    if timings:
        ruling.timings, leftovers = parse_timings(timings[0])
        for part in leftovers:
            ruling.warnings.append(f"line {timings[1]}: timing part not understood: {part!r}")
    ruling.tokens_in = _first_int((_lookup(entries, "tokens in") or ("", 0))[0])
    ruling.tokens_out = _first_int((_lookup(entries, "tokens out") or ("", 0))[0])
    ruling.retrieval_refs = _json_list(entries, "retrieval refs", filename, limits)
    ruling.citations_raw = _json_list(entries, "citations", filename, limits)
    _apply_recorded_at(ruling, entries)
    ruling.errata_statement, errata_line = _errata_block(ruling.provenance, entries, title_lines)
    if errata_line:
        ruling.field_lines["errata_statement"] = errata_line
        ruling.field_lines["external_edition_id"] = errata_line
    edition_id = _EDITION_ID_RE.search(ruling.errata_statement)
    ruling.external_edition_id = edition_id.group(1) if edition_id else ""


def _apply_recorded_at(ruling: ParsedRuling, entries: list) -> None:
    """Prefer "debug row recorded:"; "retained until:" is the only date some exports carry."""
    for key in ("debug row recorded", "debug row retained until"):
        found = _lookup(entries, key)
        if found is None:
            continue
        ruling.provenance["recorded_at_source"] = key
        ruling.field_lines["recorded_at"] = found[1]
        ruling.recorded_at = parse_recorded_at(found[0])
        if ruling.recorded_at is None:
            ruling.warnings.append(f"line {found[1]}: date not understood: {found[0]!r}")
        return


def _apply_outcome(ruling: ParsedRuling, entries: list, label_line: int | None) -> None:
    """Outcome from provenance "outcome:" first, then the reader's label; unknown -> editor."""
    found = _lookup(entries, "outcome")
    source, line = (found[0], found[1]) if found else (ruling.outcome_label, label_line)
    outcome = normalise_outcome(source) if source else None
    if outcome is None:
        problem = f"outcome not understood: {source!r}" if source else "no outcome stated"
        ruling.warnings.append(f"line {line or '?'}: {problem}")
        outcome = "needs_editor"
    reader = normalise_outcome(ruling.outcome_label) if ruling.outcome_label else None
    if found and reader and reader != outcome:
        ruling.warnings.append(
            f"line {label_line}: reader outcome {reader!r} differs from provenance {outcome!r}"
        )
    ruling.outcome = outcome
    rationale = _lookup(entries, "abstain rationale")
    if outcome != "answered" and rationale and not rationale[0].lower().startswith("n/a"):
        ruling.abstain_rationale = rationale[0]


# --------------------------------------------------------------------------- entry point


def _located(**lines: int | None) -> dict[str, int]:
    return {name: line for name, line in lines.items() if line}


def _split_lines(text: str) -> list[str]:
    """Split on \\n only: str.splitlines() would also split on exotic separators and shift
    the line numbers the errors report."""
    return [line.rstrip("\r") for line in text.lstrip("\ufeff").split("\n")]


def _title(lines: list[str], filename: str) -> tuple[int, str]:
    """Find the "Ruling — <game>" first line; return (index, game name)."""
    index = next((i for i, line in enumerate(lines) if line.strip()), None)
    if index is None:
        raise ExportFormatError(filename, 1, "empty file: expected a 'Ruling — <game>' line")
    m = _TITLE_RE.match(lines[index].strip())
    if not m or not m.group(1).strip():
        raise ExportFormatError(filename, index + 1, "first line must be 'Ruling — <game name>'")
    return index, m.group(1).strip()


def _check_header(h: _Header, reader: _Reader, title_index: int) -> str:
    """Refuse a header without a question or edition; return the question text."""
    if h.you_asked_line is None:
        raise reader.fail(title_index + 1, "no question: the file has no 'You asked' line")
    question = _join_paragraph_lines(h.question_lines)
    if not question:
        raise reader.fail(h.you_asked_line - 1, "no question: 'You asked' is followed by nothing")
    if h.asked_with_line is None:
        at = min(h.body_start, len(reader.lines) - 1)
        raise reader.fail(at, "no 'Asked with:' line, so no edition code (expected before here)")
    return question


def parse_export(
    text: str, filename: str = "<string>", limits: ImportLimits | None = None
) -> ParsedRuling:
    """Parse one text export; raise ExportFormatError when the ruling cannot exist."""
    limits = limits or ImportLimits()
    lines = _split_lines(text)
    title_index, game_name = _title(lines, filename)
    prov_start = next(
        (i for i in range(title_index + 1, len(lines)) if _PROVENANCE_RE.match(lines[i].strip())),
        None,
    )
    reader = _Reader(
        lines, filename, title_index + 1, len(lines) if prov_start is None else prov_start
    )
    h = reader.header()
    question = _check_header(h, reader, title_index)
    body, refs, closing = reader.answer(h.body_start)
    if prov_start is None and not refs and not closing and not _has_text([lines[i] for i in body]):
        raise reader.fail(
            len(lines) - 1,
            "nothing follows the question: no answer, references or provenance (cut off?)",
        )
    warnings = reader.warnings + _check_markers(filename, lines, body, refs)
    if h.asked_with_game and h.asked_with_game != game_name:
        warnings.append(
            f"line {h.asked_with_line}: 'Asked with:' names {h.asked_with_game!r}, "
            f"the title {game_name!r}"
        )
    ruling = ParsedRuling(
        filename=filename,
        game_name=game_name,
        edition_code=h.edition_code,
        question=question,
        outcome_label=h.label,
        answer_markdown=answer_to_markdown([lines[i] for i in body]),
        references=refs,
        closing_line=closing,
        warnings=warnings,
    )
    ruling.field_lines.update(
        _located(
            game_name=title_index + 1,
            edition_code=h.asked_with_line,
            question=h.question_line,
            outcome_label=h.label_line,
            answer_markdown=next((i + 1 for i in body if lines[i].strip()), None),
            closing_line=reader.closing_line_no,
        )
    )
    # Each non-blank body line becomes one non-blank Markdown line, in order.
    text_lines = (i for i in body if lines[i].strip())
    ruling.field_lines.update((f"answer_markdown[{k}]", i + 1) for k, i in enumerate(text_lines))
    entries: list = []
    if prov_start is None:
        ruling.provenance = _empty_provenance()
        ruling.warnings.append(f"line {len(lines)}: no provenance part ('🔧 debug' line)")
    else:
        ruling.provenance, entries, prov_warnings, title_lines = _read_provenance(
            lines, prov_start, filename
        )
        ruling.field_lines["provenance"] = prov_start + 1
        ruling.warnings.extend(prov_warnings)
        _apply_provenance(ruling, entries, title_lines, filename, limits)
    if reader.extra_lines:
        ruling.provenance["reader_extra_lines"] = reader.extra_lines
    _apply_outcome(ruling, entries, h.label_line)
    return ruling
