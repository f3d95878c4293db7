"""The answer body of a text export (plain lines: short lines standing alone as headings,
"* " and "1. " lists, sub-points after a numbered item) as the Markdown the page renders."""

import re

from rulings.markers import MARKER_RE

_BULLET_RE = re.compile(r"^[*•\-–]\s+(.*)$")
_NUMBERED_RE = re.compile(r"^(\d+)[.)]\s+(.*)$")
# A line ending in one of these is a sentence or a lead-in, never a heading.
SENTENCE_END = (".", ":", ";", ",", "!", "?")


def answer_to_markdown(lines: list[str]) -> str:
    """The answer body as Markdown. Bullets right after a numbered item nest under it (the
    exports put sub-points there); bold and [n] markers are kept verbatim."""
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
