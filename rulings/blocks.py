"""Structured setup figures of a game, edited as blocks and stored once for all languages."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from wagtail import blocks


class DeckTierBlock(blocks.StructBlock):
    number = blocks.IntegerBlock(label=_("Tier"), min_value=1)
    total_cards = blocks.IntegerBlock(label=_("Cards in the box"), min_value=0)

    class Meta:
        icon = "table"
        label = _("Deck tier")


class PlayerCountSetupBlock(blocks.StructBlock):
    min_players = blocks.IntegerBlock(label=_("From players"), min_value=1)
    max_players = blocks.IntegerBlock(label=_("To players"), min_value=1)
    cards_used = blocks.ListBlock(
        blocks.IntegerBlock(min_value=0),
        label=_("Cards used per tier"),
        help_text=_("One figure per deck tier, in tier order. Cards returned are derived."),
    )
    civic_tokens = blocks.IntegerBlock(label=_("Civic tokens"), required=False, min_value=0)
    turns_per_player = blocks.IntegerBlock(label=_("Turns per player"), required=False)
    market_cards_left = blocks.IntegerBlock(
        label=_("Market cards left at the end"), required=False, min_value=0
    )

    def clean(self, value):
        value = super().clean(value)
        if value["max_players"] < value["min_players"]:
            raise ValidationError(_("“To players” cannot be below “From players”."))
        return value

    class Meta:
        icon = "group"
        label = _("Setup for a player count")
