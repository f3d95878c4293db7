"""Prose blocks every page type shares: headings, paragraphs, notes and worked examples.

Guides add their own blocks (numbered steps, setup tables) to these in `guides.blocks`;
standard pages such as the editorial policy use `BodyStreamBlock` as it is.
"""

from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from wagtail import blocks

INLINE_FEATURES = ["bold", "italic", "link"]
TEXT_FEATURES = ["bold", "italic", "link", "ol", "ul"]


class HeadingBlock(blocks.CharBlock):
    """A section heading; the template gives it an anchor readers can link to."""

    def get_context(self, value, parent_context=None):
        context = super().get_context(value, parent_context)
        context["anchor"] = slugify(value)
        return context

    class Meta:
        icon = "title"
        label = _("Heading")
        template = "core/blocks/heading.html"


def paragraph_block():
    """A paragraph of rich text with lists (a fresh block for each stream that uses it)."""
    return blocks.RichTextBlock(
        features=TEXT_FEATURES, label=_("Paragraph"), template="core/blocks/paragraph.html"
    )


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
    paragraph = paragraph_block()
    note = NoteBlock()
