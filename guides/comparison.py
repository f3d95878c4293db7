"""What changed in a guide between two states, in the words a reader of one language sees,
field by field, section by section and row by row, marked word by word."""

import difflib
from dataclasses import dataclass, field

from django.template.loader import render_to_string
from django.utils.formats import date_format
from django.utils.text import capfirst
from django.utils.translation import gettext

from core.reader_text import Segment, has_changes, text_changes, visible_strings, visible_text
from core.translated_fields import (
    SOURCE_LANGUAGE,
    fallback_language,
    field_label,
    is_blank,
    reader_fields,
    stored,
)


@dataclass(frozen=True)
class Change:
    """One changed field, section or row; `*_lang`: a text's language, if not the reader's."""

    label: str
    status: str  # "changed", "added" or "removed"
    segments: list = field(default_factory=list)
    old_lang: str = ""
    new_lang: str = ""


def shown(obj, name, language):
    """A field as readers of `language` see it: their own text, else the English."""
    value = stored(obj, name, language)
    return stored(obj, name, SOURCE_LANGUAGE) if is_blank(value) else value


def changes_between(before, page, language):
    """The changes from `before` to `page` as readers of `language` meet them."""
    if before is None:
        return []
    changes = []
    model = type(page)
    for name in reader_fields(model):
        label = capfirst(field_label(model, name))
        old, new = shown(before, name, language), shown(page, name, language)
        langs = shown_in(before, page, name, language)
        if hasattr(new, "stream_block") or hasattr(old, "stream_block"):
            stream_block = model._meta.get_field(name).stream_block
            changes += stream_changes(label, old, new, stream_block, langs)
        else:
            changes += text_change(label, visible_text(old), visible_text(new), langs)
    for relation in getattr(page, "compared_relations", ()):
        old_rows, new_rows = getattr(before, relation).all(), getattr(page, relation).all()
        changes += row_changes(old_rows, new_rows, language)
    return changes


def shown_in(before, after, name, language):
    """The languages `name` is shown in from `before` and `after` when not `language`."""
    return tuple(
        fallback_language(obj, name, language) if obj is not None else "" for obj in (before, after)
    )


def text_change(label, old, new, langs):
    languages = {"old_lang": langs[0], "new_lang": langs[1]}
    if old == new:
        return []
    if not old:
        return [Change(label, "added", [Segment("insert", new)], **languages)]
    if not new:
        return [Change(label, "removed", [Segment("delete", old)], **languages)]
    segments = text_changes(old, new)
    return [Change(label, "changed", segments, **languages)] if has_changes(segments) else []


def block_text(stream_block, block):
    """A stored block's words as a reader meets them: fields in order, choices by label."""
    child = stream_block.child_blocks.get(block["type"])
    if child is None:
        return "\n".join(visible_strings(block["value"]))
    parts = child.get_searchable_content(child.to_python(block["value"]))
    return "\n".join(text for text in map(visible_text, parts) if text)


def stream_changes(label, old, new, stream_block, langs):
    """Changed, added and removed blocks in reading order, named by kind and section."""
    old_blocks, new_blocks = ([] if s is None else s.get_prep_value() for s in (old, new))
    old_texts = [block_text(stream_block, block) for block in old_blocks]
    new_texts = [block_text(stream_block, block) for block in new_blocks]
    prior = paired_blocks(old_blocks, new_blocks, old_texts, new_texts)
    paired = set(prior.values())
    removed = [index for index in range(len(old_blocks)) if index not in paired]
    old_headings, heading = [], ""
    for block, text in zip(old_blocks, old_texts, strict=True):
        heading = text if block["type"] == "heading" else heading
        old_headings.append(heading)
    changes, heading = [], ""

    def gone(before=None):
        while removed and (before is None or removed[0] < before):
            index = removed.pop(0)
            name = block_label(label, stream_block, old_blocks[index]["type"], old_headings[index])
            changes.extend(text_change(name, old_texts[index], "", langs))

    # Before each later block, what was removed ahead of the next block kept.
    ahead, upcoming = [], None
    for index in reversed(range(len(new_blocks))):
        upcoming = prior.get(index, upcoming)
        ahead.insert(0, upcoming)
    for index, block in enumerate(new_blocks):
        if ahead[index] is not None:
            gone(before=ahead[index])
        if block["type"] == "heading":
            heading = new_texts[index]
        name = block_label(label, stream_block, block["type"], heading)
        earlier = old_texts[prior[index]] if index in prior else ""
        changes += text_change(name, earlier, new_texts[index], langs)
    gone()
    return changes


def paired_blocks(old_blocks, new_blocks, old_texts, new_texts):
    """{later index: earlier index} of blocks that are versions of each other: by id, else by
    place among the unmatched ones, with the same kind and mostly the same words."""
    earlier = {block.get("id"): index for index, block in enumerate(old_blocks) if block.get("id")}
    pairs = {
        index: earlier[block.get("id")]
        for index, block in enumerate(new_blocks)
        if block.get("id") in earlier
    }
    taken = set(pairs.values())
    old_left = [index for index in range(len(old_blocks)) if index not in taken]
    new_left = [index for index in range(len(new_blocks)) if index not in pairs]
    old_keys = [(old_blocks[i]["type"], old_texts[i]) for i in old_left]
    new_keys = [(new_blocks[j]["type"], new_texts[j]) for j in new_left]
    matcher = difflib.SequenceMatcher(None, old_keys, new_keys, autojunk=False)
    for operation, i1, i2, j1, j2 in matcher.get_opcodes():
        if operation not in ("equal", "replace"):
            continue
        for i, j in zip(old_left[i1:i2], new_left[j1:j2], strict=False):
            same_kind = old_blocks[i]["type"] == new_blocks[j]["type"]
            if operation == "equal" or (same_kind and alike(old_texts[i], new_texts[j])):
                pairs[j] = i
    return pairs


def alike(old, new):
    """Mostly the same words: one text edited into the other rather than replaced."""
    return difflib.SequenceMatcher(None, old.split(), new.split()).ratio() >= 0.5


def block_label(label, stream_block, kind, heading):
    child = stream_block.child_blocks.get(kind)
    kind_label = capfirst(child.label) if child is not None else kind
    if heading and kind != "heading":
        return gettext("%(field)s › %(section)s › %(block)s") % {
            "field": label,
            "section": heading,
            "block": kind_label,
        }
    return gettext("%(field)s › %(block)s") % {"field": label, "block": kind_label}


def row_changes(old_rows, new_rows, language):
    """Changes to child rows' text in `language`; rows matched by key, English text, place."""
    earlier = list(old_rows)
    pairs = []
    for row in new_rows:
        prior = next((old for old in earlier if old.pk and old.pk == row.pk), None)
        prior = prior or next((old for old in earlier if english(old) == english(row)), None)
        if prior is not None:
            earlier.remove(prior)
        pairs.append([prior, row])
    for pair in pairs:
        if pair[0] is None and earlier and not earlier[0].pk:
            pair[0] = earlier.pop(0)
    changes = []
    for position, (prior, row) in enumerate([*pairs, *((old, None) for old in earlier)], 1):
        either = row or prior
        for name in reader_fields(type(either)):
            old = visible_text(shown(prior, name, language)) if prior else ""
            new = visible_text(shown(row, name, language)) if row else ""
            langs = shown_in(prior, row, name, language)
            changes += text_change(row_label(either, position, name), old, new, langs)
    return changes


def english(row):
    """A row's English text, field by field, as a reader sees it."""
    return [visible_text(stored(row, name, SOURCE_LANGUAGE)) for name in reader_fields(type(row))]


def row_label(row, position, name):
    kind = capfirst(row._meta.verbose_name)
    when = getattr(row, "corrected_on", None)
    where = date_format(when) if when else str(position)
    return gettext("%(kind)s %(where)s › %(field)s") % {
        "kind": kind,
        "where": where,
        "field": capfirst(field_label(type(row), name)),
    }


def render_changes(changes, heading_level=3):
    """The changes as HTML for the admin, insertions and deletions marked in words."""
    return render_to_string(
        "guides/admin/english_changes.html",
        {"changes": changes, "heading_tag": f"h{heading_level}"},
    )
