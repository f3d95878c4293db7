"""Prose blocks every page type shares: headings, paragraphs, notes and worked examples."""

from django.utils.html import strip_tags
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from wagtail import blocks

INLINE_FEATURES = ["bold", "italic", "link"]
TEXT_FEATURES = ["bold", "italic", "link", "ol", "ul"]


def heading_anchor(text):
    """The anchor a heading is linked at, by its block and by links to it alike."""
    return slugify(text)


class HeadingBlock(blocks.CharBlock):
    """A section heading with an anchor, and the page's `section_notices` for it."""

    def get_context(self, value, parent_context=None):
        context = super().get_context(value, parent_context)
        context["anchor"] = anchor = heading_anchor(value)
        notices = (parent_context or {}).get("section_notices") or {}
        context["section_notice"] = notices.get(anchor, "")
        return context

    class Meta:
        icon = "title"
        label = _("Heading")
        template = "core/blocks/heading.html"


class ExampleBlock(blocks.StructBlock):
    """A worked, hypothetical example, set apart from the rules themselves."""

    title = blocks.CharBlock(
        label=_("Title"), required=False, help_text=_("Defaults to “Hypothetical example”.")
    )
    text = blocks.RichTextBlock(features=TEXT_FEATURES, label=_("Example"))

    class Meta:
        icon = "openquote"
        label = _("Hypothetical example")
        template = "core/blocks/example.html"


class NoteBlock(blocks.StructBlock):
    """A teaching tip or caveat that is not itself a rule."""

    text = blocks.RichTextBlock(features=INLINE_FEATURES, label=_("Note"))

    class Meta:
        icon = "info-circle"
        label = _("Note")
        template = "core/blocks/note.html"


class BodyStreamBlock(blocks.StreamBlock):
    """Plain prose for standard pages such as the editorial policy."""

    heading = HeadingBlock()
    paragraph = blocks.RichTextBlock(
        features=TEXT_FEATURES, label=_("Paragraph"), template="core/blocks/paragraph.html"
    )
    note = NoteBlock()


class Section:
    """A heading of a stream and the blocks up to the next heading."""

    def __init__(self, title):
        self.title = title
        self.anchor = heading_anchor(title)
        self.blocks = []

    def text(self):
        """The section's words as plain text, for comparing it with other text."""
        parts = [self.title]
        for block in self.blocks:
            parts += [strip_tags(str(t)) for t in block.block.get_searchable_content(block.value)]
        return " ".join(" ".join(parts).split())


def headings(stream):
    """The sections of a StreamField value as `sections` gives them, without their blocks:
    read from the stored data, so none of the stream's blocks is built (a page's contents)."""
    return [Section(block["value"]) for block in stream.raw_data if block["type"] == "heading"]


def sections(stream):
    """The sections of a StreamField value; blocks before the first heading are left out."""
    result = []
    for block in stream:
        if block.block_type == "heading":
            result.append(Section(block.value))
        elif result:
            result[-1].blocks.append(block)
    return result
