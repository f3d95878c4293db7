"""A game's setup figures per range of player counts, stored once on the game so every
language's guide renders the same numbers (only the component's name is translated)."""

from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from modelcluster.fields import ParentalKey
from modeltranslation.utils import build_localized_fieldname
from wagtail.models import Orderable

from core.translated_fields import SOURCE_LANGUAGE

SOURCE_COMPONENT = build_localized_fieldname("component", SOURCE_LANGUAGE)


class SetupGroup(models.TextChoices):
    """Which setup table a figure belongs in; a guide's setup block shows one group."""

    DECK = "deck", _("Deck: cards used, counted against the box")
    SUPPLY = "supply", _("Shared supply")
    EACH_PLAYER = "each_player", _("Each player")
    GAME_END = "game_end", _("Length and end of the game")


class SetupFigure(Orderable):
    """How many of one component a game uses for a range of player counts (e.g. 1–2)."""

    game = ParentalKey(
        "catalogue.Game",
        on_delete=models.CASCADE,
        related_name="setup_figures",
        verbose_name=_("game"),
    )
    min_players = models.PositiveSmallIntegerField(
        _("from players"), validators=[MinValueValidator(1)]
    )
    max_players = models.PositiveSmallIntegerField(
        _("to players"), validators=[MinValueValidator(1)]
    )
    group = models.CharField(_("table"), max_length=20, choices=SetupGroup.choices)
    component = models.CharField(
        _("component"),
        max_length=100,
        help_text=_("What is counted, e.g. “Tier 1” or “Civic tokens”: the column heading."),
    )
    quantity = models.PositiveSmallIntegerField(_("quantity"))
    in_box = models.PositiveSmallIntegerField(
        _("in the box"),
        null=True,
        blank=True,
        help_text=_("How many the box holds; readers can then be told how many go back."),
    )

    class Meta(Orderable.Meta):
        verbose_name = _("setup figure")
        verbose_name_plural = _("setup figures")
        constraints = [
            models.CheckConstraint(
                condition=Q(min_players__gte=1),
                name="setup_figure_players_from_one",
                violation_error_message=_("Player counts start at one."),
            ),
            models.CheckConstraint(
                condition=Q(max_players__gte=F("min_players")),
                name="setup_figure_player_range_ordered",
                violation_error_message=_("“To players” cannot be below “From players”."),
            ),
            models.CheckConstraint(
                condition=Q(quantity__gte=0) & (Q(in_box__isnull=True) | Q(in_box__gte=0)),
                name="setup_figure_quantities_not_negative",
                violation_error_message=_("Quantities cannot be negative."),
            ),
            models.CheckConstraint(
                condition=Q(in_box__isnull=True) | Q(quantity__lte=F("in_box")),
                name="setup_figure_within_the_box",
                violation_error_message=_("A game cannot use more than the box holds."),
            ),
            # On the source-language name, which the admin form edits (the plain `component`
            # column only mirrors it), so the inline refuses a duplicate row before saving.
            models.UniqueConstraint(
                fields=["game", "min_players", SOURCE_COMPONENT],
                name="setup_figure_one_per_component_and_player_count",
                violation_error_message=_(
                    "This component already has a figure for that player count."
                ),
            ),
        ]

    def __str__(self):
        return f"{self.component} ({self.players}): {self.quantity}"

    @property
    def players(self):
        """The player count as readers see it: "3", or a range "1–2"."""
        return player_range(self.min_players, self.max_players)


def player_range(low, high):
    return str(low) if low == high else f"{low}–{high}"
