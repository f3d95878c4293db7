"""The reader part of the legacy text export ("Ruling — …"), its answer as Markdown
(``text_provenance`` reads the rest). What is not understood is kept with a warning."""

import re

from catalogue.editions import EDITION_CODE_SHAPE, TRAILING_EDITION_CODE_RE
from rulings.importers.parsed import (
    HEADING_SEP,
    SENTENCE_END,
    ExportFormatError,
    ParsedRuling,
    Reference,
    import_limits,
    marker_warnings,
)
from rulings.importers.text_provenance import PROVENANCE_START_RE, add_provenance
from rulings.markers import MARKER_RE, find_markers

_TITLE_RE = re.compile(r"^Ruling\s*[—–-]\s*(.*)$")
_YOU_ASKED_RE = re.compile(r"^you asked:?$", re.IGNORECASE)
_ASKED_WITH_RE = re.compile(r"^asked with:\s*(.*)$", re.IGNORECASE)
_MARKER_RE = re.compile(r"^(?:you asked:?|asked with:.*)$", re.IGNORECASE)  # either of those
# Reader-side outcome wording: "Answered counted as answered"; other wordings are expected.
_LABEL_RE = re.compile(
    r"^(?:answered|abstained|needs (?:an )?editor|not answered|unanswered)\b"
    r"|^[A-Za-z]+(?: [A-Za-z]+)? counted as [A-Za-z]",
    re.IGNORECASE,
)
# Any (stripped) line shaped like "[n] KIND ..." opens the reference list; KIND is upper-case.
_REF_RE = re.compile(r"^\[(\d+)\]\s+([A-Z][A-Z0-9_-]+)\s+(.+)$")
# Once the list is open, any "[…]" + KIND, or any "[digits]" line, must be a reference.
_REF_ATTEMPT_RE = re.compile(r"^\[(?:\d+\]|[^\]\s]{1,8}\]\s+[A-Z]{2,})")
_PAGE_RE = re.compile(r"^p\.?\s*(\d+)$")
_PAGE_ATTEMPT_RE = re.compile(r"^pp?\.\s*\S*$")
_BULLET_RE = re.compile(r"^[*•\-–]\s+(.*)$")
_NUMBERED_RE = re.compile(r"^(\d+)[.)]\s+(.*)$")


class _Reader:
    """Walks the reader part (title to the 🔧 line), collecting warnings and unknown lines."""

    def __init__(self, lines: list[str], filename: str, start: int, end: int):
        self.lines, self.filename, self.start, self.end = lines, filename, start, end
        self.warnings: list[str] = []
        self.extra_lines: list[dict] = []
        self.question_lines: list[str] = []
        self.you_asked_line = None
        self.field_lines: dict[str, int] = {}  # ParsedRuling field -> 1-based line
        self.label = self.asked_with_game = self.edition_code = ""
        stripped = {i: lines[i].strip() for i in range(start, end)}
        self.ref_start = next((i for i, text in stripped.items() if _REF_RE.match(text)), end)
        # The header's last "You asked"/"Asked with:" line: unknown lines before it are kept.
        markers = (i for i in range(start, self.ref_start) if _MARKER_RE.match(stripped[i]))
        self.last_marker = max(markers, default=-1)

    def keep(self, i: int, why: str) -> None:
        self.extra_lines.append({"line": i + 1, "text": self.lines[i].strip()})
        self.warnings.append(f"line {i + 1}: {why}")

    def fail(self, index: int, message: str) -> ExportFormatError:
        return ExportFormatError(self.filename, index + 1, message)

    def header(self) -> int:
        """Read "You asked", the outcome and "Asked with:"; return where the answer starts."""
        in_question = False
        i = self.start
        while i < self.ref_start:
            text = self.lines[i].strip()
            if not text:
                if in_question:
                    self.question_lines.append("")
            elif _YOU_ASKED_RE.match(text):
                if self.you_asked_line is not None:
                    self.keep(i, "second 'You asked' line ignored")
                else:
                    self.you_asked_line, in_question = i + 1, True
            elif _ASKED_WITH_RE.match(text):
                self.asked_with(i, text)
                in_question = False
            elif len(text) <= 60 and not text.endswith(SENTENCE_END) and _LABEL_RE.match(text):
                # Even straight after "You asked": an outcome label is never a question.
                if "outcome_label" in self.field_lines:
                    self.keep(i, "second outcome line ignored")
                else:
                    self.label, self.field_lines["outcome_label"] = text, i + 1
                in_question = False
            elif in_question:
                self.question_lines.append(text)
                self.field_lines.setdefault("question", i + 1)
            elif i < self.last_marker:
                # An unknown line among the header markers: keep it, do not guess.
                self.keep(i, "unknown line in the reader header kept")
            else:
                break
            i += 1
        return i

    def asked_with(self, i: int, text: str) -> None:
        """Split "Asked with: Point Citybg-368017-en-1e" (name and code run together)."""
        if "edition_code" in self.field_lines:
            self.keep(i, "second 'Asked with:' line ignored")
            return
        value = _ASKED_WITH_RE.match(text).group(1).strip()
        code = TRAILING_EDITION_CODE_RE.search(value)
        if not code:
            expected = f"expected {EDITION_CODE_SHAPE}"
            raise self.fail(i, f"no edition code in 'Asked with:' ({expected}): {value!r}")
        self.field_lines["edition_code"] = i + 1
        self.edition_code = code.group(0)
        self.asked_with_game = value[: code.start()].strip()

    def answer(self, body_start: int) -> tuple[list[int], list[Reference], str]:
        refs: list[Reference] = []
        closing = ""
        for i in range(self.ref_start, self.end):
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
                closing, self.field_lines["closing_line"] = text, i + 1
            else:
                self.keep(i, "unknown line after the references kept")
        return list(range(body_start, self.ref_start)), refs, closing

    def reference(self, i: int, text: str) -> Reference:
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
            title = HEADING_SEP.join(parts[:page_at])
            page = int(_PAGE_RE.match(parts[page_at]).group(1))
            heading = parts[page_at + 1 :]
        if not title:
            raise self.fail(i, f"malformed reference line (no document title; {expected})")
        return Reference(n, kind, title, page, HEADING_SEP.join(h for h in heading if h), i + 1)


def parse_export(text: str, filename: str = "<string>", limits=None) -> ParsedRuling:
    # Split on \n only: str.splitlines() splits on exotic separators too, shifting lines.
    lines = [line.rstrip("\r") for line in text.lstrip("\ufeff").split("\n")]
    title_index = next((i for i, line in enumerate(lines) if line.strip()), None)
    if title_index is None:
        raise ExportFormatError(filename, 1, "empty file: expected a 'Ruling — <game>' line")
    title = _TITLE_RE.match(lines[title_index].strip())
    if not title or not title.group(1).strip():
        message = "first line must be 'Ruling — <game name>'"
        raise ExportFormatError(filename, title_index + 1, message)
    game_name = title.group(1).strip()
    after_title = range(title_index + 1, len(lines))
    prov_start = next((i for i in after_title if PROVENANCE_START_RE.match(lines[i].strip())), None)
    end = len(lines) if prov_start is None else prov_start
    reader = _Reader(lines, filename, title_index + 1, end)
    body_start = reader.header()
    if reader.you_asked_line is None:
        raise reader.fail(title_index + 1, "no question: the file has no 'You asked' line")
    # Lines joined, keeping single blank lines between paragraphs.
    question = re.sub(r"\n{3,}", "\n\n", "\n".join(reader.question_lines).strip())
    if not question:
        message = "no question: 'You asked' is followed by nothing"
        raise reader.fail(reader.you_asked_line - 1, message)
    if "edition_code" not in reader.field_lines:
        message = "no 'Asked with:' line, so no edition code (expected before here)"
        raise reader.fail(min(body_start, len(lines) - 1), message)
    body, refs, closing = reader.answer(body_start)
    if prov_start is None and not refs and not closing and not any(lines[i].strip() for i in body):
        message = "nothing follows the question: no answer, references or provenance (cut off?)"
        raise reader.fail(len(lines) - 1, message)
    placed = [(n, i + 1) for i in body for n in find_markers(lines[i])]
    words = ("export", "reference line")
    warnings = reader.warnings + marker_warnings(filename, placed, refs, words)
    if (named := reader.asked_with_game) and named != game_name:
        line = reader.field_lines["edition_code"]
        warnings.append(f"line {line}: 'Asked with:' names {named!r}, the title {game_name!r}")
    ruling = ParsedRuling(
        filename=filename,
        game_name=game_name,
        edition_code=reader.edition_code,
        question=question,
        outcome_label=reader.label,
        answer_markdown=answer_to_markdown([lines[i] for i in body]),
        references=refs,
        closing_line=closing,
        warnings=warnings,
    )
    # Each non-blank body line becomes one non-blank Markdown line, in order.
    text_lines = [i + 1 for i in body if lines[i].strip()]
    ruling.field_lines.update(reader.field_lines, game_name=title_index + 1)
    ruling.field_lines.update((f"answer_markdown[{k}]", line) for k, line in enumerate(text_lines))
    if text_lines:
        ruling.field_lines["answer_markdown"] = text_lines[0]
    add_provenance(ruling, lines, prov_start, limits or import_limits())
    if reader.extra_lines:
        ruling.provenance["reader_extra_lines"] = reader.extra_lines
    return ruling


def answer_to_markdown(lines: list[str]) -> str:
    """The answer body as Markdown: a short line standing alone is a heading; bullets right
    after a numbered item nest under it (the exports put sub-points there)."""
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
    if bullet := _BULLET_RE.match(text):
        rendered = "* " + bullet.group(1)
        return "item", ("    " + rendered if in_numbered else rendered), in_numbered
    if numbered := _NUMBERED_RE.match(text):
        return "item", f"{numbered.group(1)}. {numbered.group(2)}", True
    if prev_kind in ("text", "item"):
        # A line directly under text (no blank line) continues that paragraph or item.
        return "continuation", text, in_numbered
    is_heading = len(text) < 80 and not MARKER_RE.search(text) and not text.endswith(SENTENCE_END)
    if next_blank and is_heading:
        # Bold wrapping a whole heading is dropped: a Markdown heading is emphasis enough.
        if text.startswith("**") and text.endswith("**") and len(text) > 4:
            text = text[2:-2].strip()
        return "heading", "## " + text, False
    return "text", text, False
