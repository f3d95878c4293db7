"""StreamField blocks that make up a guide: the shared prose blocks, steps and setup tables."""

from django.utils.translation import gettext_lazy as _
from wagtail import blocks
from wagtail.snippets.blocks import SnippetChooserBlock

# HeadingBlock is not used here, but the early migrations name it as guides.blocks's.
from core.blocks import INLINE_FEATURES, BodyStreamBlock, ExampleBlock, HeadingBlock  # noqa: F401

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
