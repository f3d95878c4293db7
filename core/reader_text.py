"""The words a reader sees in a stored value, and how two such texts differ: Wagtail
re-serialises rich text on save, so markup, block ids and spacing are not part of it."""

import difflib
import html
import re
from dataclasses import dataclass

from django.utils.html import strip_tags

# Ends of block-level elements stand for the space a reader sees between blocks.
BLOCK_END = re.compile(r"</(?:p|li|h[1-6]|blockquote|ul|ol|div|td|th)>|<br\s*/?>", re.IGNORECASE)
# Words, runs of spacing and single other characters: the units a difference is told in.
TOKENS = re.compile(r"\w+|\s+|[^\w\s]", re.UNICODE)


def visible_text(markup):
    """`markup` (HTML or plain text) as the words a reader sees, single-spaced."""
    if not markup:
        return ""
    text = BLOCK_END.sub(" ", str(markup))
    return " ".join(html.unescape(strip_tags(text)).split())


def visible(value):
    """A stored stream value reduced to its visible text, block ids left out."""
    if isinstance(value, dict):
        return {key: visible(item) for key, item in value.items() if key != "id"}
    if isinstance(value, list):
        return [visible(item) for item in value]
    if isinstance(value, str):
        return visible_text(value)
    return value


def visible_strings(value):
    """Every visible string in a stored stream value, in reading order."""
    if isinstance(value, dict):
        value = [item for key, item in value.items() if key != "id"]
    if isinstance(value, list):
        return [text for item in value for text in visible_strings(item)]
    # Numbers in a stream are references (chosen rulings) or choices, not words to read.
    text = visible_text(value) if isinstance(value, str) else ""
    return [text] if text else []


@dataclass(frozen=True)
class Segment:
    """A run of text in both texts, or only in the later or the earlier."""

    kind: str  # "equal", "insert" or "delete"
    text: str

    @property
    def is_insert(self):
        return self.kind == "insert"

    @property
    def is_delete(self):
        return self.kind == "delete"


def text_changes(before, after):
    """How `after` differs from `before`, whole word by word, as `Segment`s."""
    old, new = TOKENS.findall(before or ""), TOKENS.findall(after or "")
    segments = []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for operation, i1, i2, j1, j2 in matcher.get_opcodes():
        if operation == "equal":
            add(segments, "equal", "".join(old[i1:i2]))
            continue
        if operation in ("delete", "replace"):
            add(segments, "delete", "".join(old[i1:i2]))
        if operation in ("insert", "replace"):
            add(segments, "insert", "".join(new[j1:j2]))
    return joined(segments)


def joined(segments):
    """Changes separated only by spacing read as one change."""
    result, run = [], []

    def flush():
        for kind in ("delete", "insert"):
            text = "".join(s.text for s in run if s.kind in (kind, "space"))
            if text.strip():
                add(result, kind, text)
        run.clear()

    for index, segment in enumerate(segments):
        between = 0 < index < len(segments) - 1 and segment.kind == "equal"
        if between and not segment.text.strip() and run:
            run.append(Segment("space", segment.text))
        elif segment.kind == "equal":
            flush()
            add(result, "equal", segment.text)
        else:
            run.append(segment)
    flush()
    return result


def add(segments, kind, text):
    if not text:
        return
    if segments and segments[-1].kind == kind:
        segments[-1] = Segment(kind, segments[-1].text + text)
    else:
        segments.append(Segment(kind, text))


def has_changes(segments):
    return any(segment.kind != "equal" for segment in segments)
