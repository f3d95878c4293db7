"""StreamField blocks that make up a guide, and the rulings its sections name, recorded on
publish so rulings can link back."""

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from wagtail import blocks
from wagtail.snippets.blocks import SnippetChooserBlock

# HeadingBlock is not used here, but the early migrations name it as guides.blocks's.
from core.blocks import INLINE_FEATURES, BodyStreamBlock, ExampleBlock, HeadingBlock, sections  # noqa: F401
from rulings.models import Ruling
from rulings.models.mentions import replace_mentions
from rulings.recall import answered_before

from .setup_figures import SetupView, setup_table


class StepsBlock(blocks.StructBlock):
    """Numbered steps a player follows in order."""

    title = blocks.CharBlock(label=_("Title"), required=False)
    steps = blocks.ListBlock(
        blocks.RichTextBlock(features=INLINE_FEATURES, label=_("Step")), label=_("Steps")
    )

    class Meta:
        icon = "list-ol"
        label = _("Numbered steps")
        template = "guides/blocks/steps.html"


class SetupRowBlock(blocks.StructBlock):
    players = blocks.CharBlock(label=_("Players"), help_text=_("e.g. “1–2” or “4”"))
    values = blocks.ListBlock(blocks.CharBlock(label=_("Value")), label=_("Values"))


class SetupTableBlock(blocks.StructBlock):
    """A setup table: one row per player count, one column per component."""

    caption = blocks.CharBlock(label=_("Caption"))
    columns = blocks.ListBlock(
        blocks.CharBlock(label=_("Column heading")),
        label=_("Column headings"),
        help_text=_("Headings after the “Players” column, e.g. Tier 1, Tier 2, Tier 3."),
    )
    rows = blocks.ListBlock(SetupRowBlock(), label=_("Rows"))

    class Meta:
        icon = "table"
        label = _("Setup table")
        help_text = _(
            "For the game's own setup figures (cards, tokens and turns per player count) use "
            "“Setup figures of the game”, so that no language can state different numbers."
        )
        template = "guides/blocks/setup_table.html"


class SetupFactsBlock(blocks.StructBlock):
    """A view of the game's stored setup figures (the page's `game`), never typed in a guide."""

    show = blocks.ChoiceBlock(
        choices=SetupView.choices,
        default=SetupView.CARDS_USED,
        label=_("Show"),
        help_text=_(
            "The figures come from the game's setup data (Rules › Games), the same in every "
            "language."
        ),
    )
    caption = blocks.CharBlock(
        label=_("Caption"),
        required=False,
        help_text=_("Leave empty for the standard caption of what is shown."),
    )

    def get_context(self, value, parent_context=None):
        context = super().get_context(value, parent_context)
        parent_context = parent_context or {}
        game, game_page = parent_context.get("game"), parent_context.get("game_page")
        context["table"] = setup_table(game, value["show"], value["caption"]) if game else None
        context["game"] = game
        context["checklist_links"] = (
            game_page.checklist_links(parent_context.get("request")) if game_page else []
        )
        return context

    class Meta:
        icon = "table"
        label = _("Setup figures of the game")
        template = "guides/blocks/setup_facts.html"


class RelatedRulingsBlock(blocks.StructBlock):
    """Rulings answering questions about its section, of the page's public `related_rulings`."""

    rulings = blocks.ListBlock(
        SnippetChooserBlock("rulings.Ruling", label=_("Ruling")), label=_("Rulings")
    )

    def get_context(self, value, parent_context=None):
        context = super().get_context(value, parent_context)
        public = (parent_context or {}).get("related_rulings") or {}
        context["rulings"] = [public[r.pk] for r in value["rulings"] if r and r.pk in public]
        return context

    class Meta:
        icon = "help"
        label = _("Related rulings")
        help_text = _(
            "Rulings that answer questions about this section, listed under it. The panel "
            "“Suggested related rulings” lists candidates for each section."
        )
        template = "guides/blocks/related_rulings.html"


class GuideStreamBlock(BodyStreamBlock):
    """A guide's sections: the standard pages' prose, and the teaching blocks of a guide."""

    steps = StepsBlock()
    example = ExampleBlock()
    setup_table = SetupTableBlock()
    setup_facts = SetupFactsBlock()
    related_rulings = RelatedRulingsBlock()


BLOCK_TYPE = "related_rulings"
SUGGESTIONS_PER_SECTION = 5


def ruling_ids(block_value):
    """The ruling ids a related-rulings block's stored value names, in order."""
    items = (block_value or {}).get("rulings") or []
    values = (item.get("value") if isinstance(item, dict) else item for item in items)
    return [value for value in values if isinstance(value, int)]


def section_ids(section):
    """The ruling ids the related-rulings blocks of `section` name."""
    return [
        ruling_id
        for block in section.blocks
        if block.block_type == BLOCK_TYPE
        for ruling_id in ruling_ids(block.block.get_prep_value(block.value))
    ]


def public_rulings(stream):
    """{id: ruling} for the public rulings `stream` names, with their editions: one query."""
    ids = [
        ruling_id
        for block in stream.raw_data
        if block["type"] == BLOCK_TYPE
        for ruling_id in ruling_ids(block["value"])
    ]
    return Ruling.objects.public().select_related("edition").in_bulk(ids) if ids else {}


def record_mentions(page):
    """On publish: record which sections, in each language, name which rulings."""
    mentions = []
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            for section in sections(page.body):
                mentions += [
                    (pk, code, section.title, section.anchor) for pk in section_ids(section)
                ]
    replace_mentions(page, mentions)


def suggestions(page, game):
    """[(section, [ruling with .score and .named, …])]: the game's rulings most like each
    section's text, best first."""
    if game is None:
        return []
    editions = list(game.editions.all())
    result = []
    for section in sections(page.body):
        named, text = set(section_ids(section)), section.text()
        # Any ruling sharing a stemmed word with the section is a candidate.
        found = [
            ruling
            for edition in editions
            for ruling in answered_before(
                edition, text, limit=SUGGESTIONS_PER_SECTION, threshold=0.0, method="fulltext"
            )
        ]
        found.sort(key=lambda ruling: -ruling.score)
        for ruling in found:
            ruling.named = ruling.pk in named
        result.append((section, found[:SUGGESTIONS_PER_SECTION]))
    return result
