"""The provenance part of a text export, from the "🔧 debug" line on, kept verbatim."""

import re
from itertools import count

from rulings.importers.parsed import (
    RETAINED_UNTIL,
    RETENTION_LINE,
    SENTENCE_END,
    ExportFormatError,
    ImportLimits,
    ParsedRuling,
    load_or_refuse,
    normalise_outcome,
    outcome_of,
    parse_recorded_at,
)

PROVENANCE_START_RE = re.compile(r"^(?:🔧|debug\s+—\s+where this ruling came from)")
_EDITION_ID_RE = re.compile(r"\(edition (\d+)\)")
# Block titles seen in the samples; unknown titles are found by shape instead.
_KNOWN_BLOCKS = {
    *("retrieval", "what the answerer read", "chosen chunks", "generation", "disposition"),
    *("setup-shape", "errata registry"),
}


def canonical_key(key: str) -> str:
    """A provenance key's stable stem: "tokens in (the prompt…)" -> "tokens in"."""
    return re.sub(r"\s*\(.*$", "", key.split(" — ", 1)[0]).strip().lower()


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
            return (key, line[i + 1 :].strip()) if key and len(key) <= 120 else None
    return None


def parse_timings(value: str) -> tuple[dict[str, int], list[str]]:
    """Parse "search 90 ms · ask 6588 ms" to {"search": 90, "ask": 6588}, and leftovers."""
    timings: dict[str, int] = {}
    leftovers: list[str] = []
    for part in re.split(r"\s*·\s*", value.strip()):
        if m := re.match(r"^(.+?)\s+(\d+(?:\.\d+)?)\s*(ms|s)$", part.strip()):
            key = re.sub(r"\s+", "_", m.group(1).strip().lower())
            timings[key] = round(float(m.group(2)) * (1000 if m.group(3) == "s" else 1))
        elif part.strip():
            leftovers.append(part.strip())
    return timings, leftovers


def _is_block_title(lines: list[str], i: int) -> bool:
    """A provenance block title: a known title, or a short "x — y" line standing alone."""
    text = lines[i].strip()
    if not text or "\t" in text or split_key_value(text) is not None or len(text) > 100:
        return False
    if text.split(" — ", 1)[0].strip().lower() in _KNOWN_BLOCKS:
        return True
    prev_blank = i == 0 or not lines[i - 1].strip()
    next_blank = i + 1 >= len(lines) or not lines[i + 1].strip()
    return " — " in text and prev_blank and next_blank and not text.endswith(SENTENCE_END)


def _read_provenance(lines: list[str], start: int | None, ruling: ParsedRuling):
    """The provenance part (from line index ``start``) split into fields, blocks and loose
    lines; with each canonical key's first (value, 1-based line), top-level fields before
    block fields, and each block title's line."""
    kept = dict(header="", fields={}, blocks={}, block_fields={}, extra_lines=[], text="")
    if start is None:
        ruling.warnings.append(f"line {len(lines)}: no provenance part ('🔧 debug' line)")
        return kept, {}, {}
    rest = lines[start + 1 :]
    if not any(line.strip() for line in rest):
        message = "the provenance part starts here but the file is cut off"
        raise ExportFormatError(ruling.filename, start + 1, message)
    blocks: dict[str, list[str]] = {}
    first, in_blocks, title_lines, title = {}, {}, {}, None
    for offset, raw in enumerate(rest):
        lineno, text = start + 2 + offset, raw.rstrip()
        if _is_block_title(rest, offset):
            title = text.strip()
            if title in blocks:
                repeated = f"line {lineno}: repeated provenance block {title!r}"
                ruling.warnings.append(f"{repeated} kept separately")
                title = next(f"{title} ({k})" for k in count(2) if f"{title} ({k})" not in blocks)
            blocks[title], title_lines[title] = [], lineno
            continue
        if title is not None:
            blocks[title].append(text)
        if (kv := split_key_value(text.strip())) and title is not None:
            kept["block_fields"].setdefault(title, {}).setdefault(canonical_key(kv[0]), kv[1])
            in_blocks.setdefault(canonical_key(kv[0]), (kv[1], lineno))
        elif kv:
            first.setdefault(canonical_key(kv[0]), (kv[1], lineno))
            if kv[0] in kept["fields"]:
                repeated = f"line {lineno}: repeated provenance field {kv[0]!r}"
                ruling.warnings.append(f"{repeated}; first one used")
            else:
                kept["fields"][kv[0]] = kv[1]
        elif title is None and text.strip():
            kept["extra_lines"].append(text.strip())
    ruling.field_lines["provenance"] = start + 1
    kept["header"] = lines[start].strip()
    kept["blocks"] = {t: "\n".join(b).strip("\n") for t, b in blocks.items()}
    kept["text"] = "\n".join(lines[start:]).rstrip("\n")
    return kept, {**in_blocks, **first}, title_lines


def _json_list(found: tuple[str, int] | None, key: str, filename: str, limits: ImportLimits):
    if found is None:
        return []
    data = load_or_refuse(found[0], limits, filename, key, found[1])
    if not isinstance(data, list):
        raise ExportFormatError(filename, found[1], f"'{key}' JSON is not a list")
    return data


def _first_int(found: tuple[str, int] | None) -> int | None:
    m = re.search(r"\d+", found[0]) if found else None
    return int(m.group(0)) if m else None


def add_provenance(ruling: ParsedRuling, lines: list[str], start, limits: ImportLimits) -> None:
    ruling.provenance, first, title_lines = _read_provenance(lines, start, ruling)

    def lookup(key: str, name: str = "") -> tuple[str, int] | None:
        if (found := first.get(key)) and name:
            ruling.field_lines[name] = found[1]
        return found

    ruling.answerer = (lookup("answerer pin", "answerer") or ("",))[0]
    if timings := lookup("timings", "timings"):
        ruling.timings, leftovers = parse_timings(timings[0])
        for piece in leftovers:
            ruling.warnings.append(f"line {timings[1]}: timing part not understood: {piece!r}")
    ruling.tokens_in = _first_int(lookup("tokens in", "tokens_in"))
    ruling.tokens_out = _first_int(lookup("tokens out", "tokens_out"))
    for name, key in (("retrieval_refs", "retrieval refs"), ("citations_raw", "citations")):
        setattr(ruling, name, _json_list(lookup(key, name), key, ruling.filename, limits))
    # The retention deadline is not when the answer was given: kept as provenance only.
    if recorded := lookup("debug row recorded", "recorded_at"):
        ruling.provenance["recorded_at_source"] = "debug row recorded"
        ruling.recorded_at = parse_recorded_at(recorded[0])
        if ruling.recorded_at is None:
            ruling.warnings.append(f"line {recorded[1]}: date not understood: {recorded[0]!r}")
    elif retained := lookup(RETENTION_LINE):
        if deadline := parse_recorded_at(retained[0]):
            ruling.provenance[RETAINED_UNTIL] = deadline.isoformat()
        else:
            ruling.warnings.append(f"line {retained[1]}: date not understood: {retained[0]!r}")
    # The errata registry statement: a titled block, else a field.
    blocks = ruling.provenance["blocks"]
    titled = next((t for t in blocks if t.split(" — ")[0].strip().lower() == "errata registry"), "")
    errata = (blocks[titled], title_lines[titled]) if titled else lookup("errata registry")
    ruling.errata_statement, errata_line = errata or ("", None)
    if errata_line:
        ruling.field_lines.update(errata_statement=errata_line, external_edition_id=errata_line)
    edition_id = _EDITION_ID_RE.search(ruling.errata_statement)
    ruling.external_edition_id = edition_id.group(1) if edition_id else ""
    # The outcome: provenance "outcome:" first, then the reader's label; unknown -> editor.
    label_line = ruling.field_lines.get("outcome_label")
    found = first.get("outcome")
    source, line = found if found else (ruling.outcome_label, label_line)
    ruling.outcome = outcome = outcome_of(source, line, ruling.warnings)
    reader = normalise_outcome(ruling.outcome_label)
    if found and reader and reader != outcome:
        differs = f"reader outcome {reader!r} differs from provenance {outcome!r}"
        ruling.warnings.append(f"line {label_line}: {differs}")
    rationale = first.get("abstain rationale")
    if outcome != "answered" and rationale and not rationale[0].lower().startswith("n/a"):
        ruling.abstain_rationale = rationale[0]
