"""The provenance part of a text export: from the "🔧 debug" line to the end of the file.

Everything in it is kept verbatim (fields, titled blocks, loose lines, the whole text), and
the values the site uses are looked up in it by canonical key: who answered, timings, token
counts, the retrieval and citation records (one line of JSON each), the timestamp, the
outcome and the errata registry statement. See docs/import-format.md. Pure Python, no Django.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulings.importers.read.answer_markdown import SENTENCE_END
from rulings.importers.read.bounded_json import JSONRefused, load_json
from rulings.importers.read.exported_values import (
    RETAINED_UNTIL,
    RETENTION_LINE,
    normalise_outcome,
    parse_recorded_at,
)
from rulings.importers.read.limits import ImportLimits
from rulings.importers.read.parsed import ExportFormatError, ParsedRuling

__all__ = [
    "PROVENANCE_START_RE",
    "ProvenancePart",
    "apply_outcome",
    "apply_provenance",
    "canonical_key",
    "empty_provenance",
    "has_text",
    "parse_timings",
    "read_provenance",
    "split_key_value",
]

PROVENANCE_START_RE = re.compile(r"^(?:🔧|debug\s+—\s+where this ruling came from)")
_EDITION_ID_RE = re.compile(r"\(edition (\d+)\)")
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


def has_text(lines: list[str]) -> bool:
    return any(line.strip() for line in lines)


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
    return " — " in text and prev_blank and next_blank and not text.endswith(SENTENCE_END)


# One "key: value" line: (canonical key, value, 1-based line, block title or None).
Entry = tuple[str, str, int, str | None]


@dataclass
class ProvenancePart:
    """The provenance part as read: what is kept verbatim, and where each value sits."""

    provenance: dict
    entries: list[Entry] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    title_lines: dict[str, int] = field(default_factory=dict)  # block title -> 1-based line

    def __post_init__(self) -> None:
        # First (value, line) per canonical key, top-level fields before block fields.
        self._first: dict[str, tuple[str, int]] = {}
        for in_block in (False, True):
            for canon, value, line, title in self.entries:
                if (title is not None) == in_block:
                    self._first.setdefault(canon, (value, line))

    def lookup(self, key: str) -> tuple[str, int] | None:
        """First (value, line) for canonical ``key``, or None."""
        return self._first.get(key)


def empty_provenance() -> ProvenancePart:
    """Same shape as a parsed provenance part, for exports that have none."""
    keys = ("fields", "blocks", "block_fields")
    return ProvenancePart({"header": "", **{k: {} for k in keys}, "extra_lines": [], "text": ""})


def read_provenance(lines: list[str], start: int, filename: str) -> ProvenancePart:
    """Split the provenance part (from 0-based line ``start``) into fields, blocks and loose
    lines, all verbatim; refuse a part that starts but holds nothing."""
    header = lines[start].strip()
    rest = lines[start + 1 :]
    if not has_text(rest):
        raise ExportFormatError(
            filename, start + 1, "the provenance part starts here but the file is cut off"
        )
    fields: dict[str, str] = {}
    blocks: dict[str, list[str]] = {}
    extra: list[str] = []
    entries: list[Entry] = []
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
    return ProvenancePart(provenance, entries, warnings, title_lines)


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


def _block_fields(entries: list[Entry]) -> dict[str, dict[str, str]]:
    """Per-block "key: value" lines, keyed by canonical key, first one wins."""
    out: dict[str, dict[str, str]] = {}
    for key, value, _line, title in entries:
        if title is not None:
            out.setdefault(title, {}).setdefault(key, value)
    return out


def _json_list(part: ProvenancePart, key: str, filename: str, limits: ImportLimits) -> list:
    """Parse a one-line JSON list field; a cut-off, broken or too deep line is fatal."""
    found = part.lookup(key)
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


def _first_int(found: tuple[str, int] | None) -> int | None:
    m = re.search(r"\d+", found[0]) if found else None
    return int(m.group(0)) if m else None


def _errata_block(part: ProvenancePart) -> tuple[str, int | None]:
    """The errata registry statement and its line: a titled block, else a field."""
    for title, text in part.provenance["blocks"].items():
        if title.split(" — ")[0].strip().lower() == "errata registry":
            return text, part.title_lines.get(title)
    found = part.lookup("errata registry")
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


def apply_provenance(
    ruling: ParsedRuling, part: ProvenancePart, filename: str, limits: ImportLimits
) -> None:
    """Fill the typed fields of ``ruling`` from the provenance lookups."""
    for name, key in _PROVENANCE_KEYS.items():
        found = part.lookup(key)
        if found:
            ruling.field_lines[name] = found[1]
    answerer = part.lookup("answerer pin")
    ruling.answerer = answerer[0] if answerer else ""
    timings = part.lookup("timings")
    if timings:
        ruling.timings, leftovers = parse_timings(timings[0])
        for piece in leftovers:
            ruling.warnings.append(f"line {timings[1]}: timing part not understood: {piece!r}")
    ruling.tokens_in = _first_int(part.lookup("tokens in"))
    ruling.tokens_out = _first_int(part.lookup("tokens out"))
    ruling.retrieval_refs = _json_list(part, "retrieval refs", filename, limits)
    ruling.citations_raw = _json_list(part, "citations", filename, limits)
    _apply_recorded_at(ruling, part)
    ruling.errata_statement, errata_line = _errata_block(part)
    if errata_line:
        ruling.field_lines["errata_statement"] = errata_line
        ruling.field_lines["external_edition_id"] = errata_line
    edition_id = _EDITION_ID_RE.search(ruling.errata_statement)
    ruling.external_edition_id = edition_id.group(1) if edition_id else ""


def _apply_recorded_at(ruling: ParsedRuling, part: ProvenancePart) -> None:
    """The answer's date comes from "debug row recorded:" alone.

    Some exports carry only "debug row retained until:", a retention deadline, usually in
    the future: it says nothing of when the answer was given. It is kept as provenance
    (``retained_until``, ISO 8601), where identity still tells two answers apart by it
    (``reimport.Identity``), and never becomes ``recorded_at``.
    """
    recorded = part.lookup("debug row recorded")
    if recorded is not None:
        ruling.provenance["recorded_at_source"] = "debug row recorded"
        ruling.field_lines["recorded_at"] = recorded[1]
        ruling.recorded_at = parse_recorded_at(recorded[0])
        if ruling.recorded_at is None:
            ruling.warnings.append(f"line {recorded[1]}: date not understood: {recorded[0]!r}")
        return
    retained = part.lookup(RETENTION_LINE)
    if retained is not None:
        deadline = parse_recorded_at(retained[0])
        if deadline is None:
            ruling.warnings.append(f"line {retained[1]}: date not understood: {retained[0]!r}")
        else:
            ruling.provenance[RETAINED_UNTIL] = deadline.isoformat()


def apply_outcome(ruling: ParsedRuling, part: ProvenancePart, label_line: int | None) -> None:
    """Outcome from provenance "outcome:" first, then the reader's label; unknown -> editor."""
    found = part.lookup("outcome")
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
    rationale = part.lookup("abstain rationale")
    if outcome != "answered" and rationale and not rationale[0].lower().startswith("n/a"):
        ruling.abstain_rationale = rationale[0]
