"""The rules knowledge: games, their editions, and the documents rules come from.

Dependencies point one way: `guides` builds on these models; nothing here imports `guides`.
"""

from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator, RegexValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from modelcluster.models import ClusterableModel
from wagtail.fields import StreamField

from .blocks import DeckTierBlock, PlayerCountSetupBlock


class Game(ClusterableModel):
    """A board game. Has many `Edition`s; the guides app attaches a GamePage to it.

    Its setup figures are stored here once, as data, so every language's guide renders
    the same numbers ("cards used" and "cards returned to the box" both derive from them).
    """

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=200, unique=True)
    bgg_id = models.PositiveIntegerField(_("BoardGameGeek id"), unique=True, null=True, blank=True)
    publisher = models.CharField(_("publisher"), max_length=200, blank=True)
    min_players = models.PositiveSmallIntegerField(
        _("minimum players"), default=1, validators=[MinValueValidator(1)]
    )
    max_players = models.PositiveSmallIntegerField(
        _("maximum players"), default=4, validators=[MinValueValidator(1)]
    )
    deck_tiers = StreamField(
        [("tier", DeckTierBlock())],
        blank=True,
        verbose_name=_("deck tiers"),
        help_text=_("How many cards of each tier come in the box."),
    )
    player_setups = StreamField(
        [("setup", PlayerCountSetupBlock())],
        blank=True,
        verbose_name=_("setup per player count"),
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.CheckConstraint(
                condition=Q(max_players__gte=F("min_players")),
                name="game_player_range_ordered",
                violation_error_message=_("The maximum players cannot be below the minimum."),
            )
        ]

    def __str__(self):
        return self.name

    def clean(self):
        super().clean()
        tiers = len(self.deck_tiers)
        totals = [tier.value["total_cards"] for tier in self.deck_tiers]
        for setup in self.player_setups:
            used = list(setup.value["cards_used"])
            if len(used) != tiers:
                raise ValidationError(
                    {
                        "player_setups": _("Give one “cards used” figure per deck tier (%(n)d).")
                        % {"n": tiers}
                    }
                )
            if any(u > total for u, total in zip(used, totals, strict=True)):
                raise ValidationError(
                    {"player_setups": _("A tier cannot use more cards than the box holds.")}
                )

    def setup_rows(self):
        """Setup per player count with derived figures, the one source for every language."""
        totals = [tier.value["total_cards"] for tier in self.deck_tiers]
        rows = []
        for setup in self.player_setups:
            value = setup.value
            used = list(value["cards_used"])
            low, high = value["min_players"], value["max_players"]
            rows.append(
                {
                    "players": str(low) if low == high else f"{low}–{high}",
                    "cards_used": used,
                    "cards_returned": [total - u for total, u in zip(totals, used, strict=False)],
                    "civic_tokens": value.get("civic_tokens"),
                    "turns_per_player": value.get("turns_per_player"),
                    "market_cards_left": value.get("market_cards_left"),
                }
            )
        return rows

    @property
    def tier_numbers(self):
        return [tier.value["number"] for tier in self.deck_tiers]

    @property
    def player_range(self):
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}–{self.max_players}"


class Edition(models.Model):
    """One printing of a `Game` in one language, e.g. `bg-368017-en-1e`.

    Owns the `Document`s that rules are taken from (and, later, errata and rulings).
    """

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="editions", verbose_name=_("game")
    )
    code = models.CharField(
        _("edition code"),
        max_length=40,
        unique=True,
        validators=[
            RegexValidator(
                r"^bg-\d+-[a-z]{2}-\d+e$",
                _("Use the form bg-<BGG id>-<language>-<edition>e, e.g. bg-368017-en-1e."),
            )
        ],
        help_text=_("BoardGameGeek id, language and edition number, e.g. bg-368017-en-1e."),
    )
    language = models.CharField(_("language"), max_length=10, default="en")
    label = models.CharField(
        _("label"), max_length=200, help_text=_("How readers know it, e.g. “First edition”.")
    )
    external_id = models.CharField(
        _("exporting system's id"),
        max_length=40,
        blank=True,
        help_text=_("The id the rules Q&A export gives this edition, kept for re-imports."),
    )

    class Meta:
        ordering = ["game__name", "code"]
        verbose_name = _("edition")
        verbose_name_plural = _("editions")

    def __str__(self):
        return f"{self.game.name} · {self.label} ({self.code})"


class DocumentQuerySet(models.QuerySet):
    def for_game(self, game):
        return self.filter(edition__game=game)


class Document(models.Model):
    """A source of rules for one `Edition`: rulebook, errata sheet, FAQ, product page…"""

    class Kind(models.TextChoices):
        RULEBOOK = "rulebook", _("Rulebook")
        ERRATA = "errata", _("Errata")
        FAQ = "faq", _("FAQ")
        PRODUCT_PAGE = "product_page", _("Product page")
        REFERENCE = "reference", _("Reference sheet")

    edition = models.ForeignKey(
        Edition, on_delete=models.CASCADE, related_name="documents", verbose_name=_("edition")
    )
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices, default=Kind.RULEBOOK)
    title = models.CharField(_("title"), max_length=300)
    published_on = models.DateField(_("publication date"), null=True, blank=True)
    version = models.CharField(_("version"), max_length=60, blank=True)
    url = models.URLField(_("source URL"), blank=True)
    external_id = models.CharField(
        _("exporting system's id"),
        max_length=40,
        blank=True,
        help_text=_("The corpus document id in rules Q&A exports, e.g. 1035."),
    )

    objects = DocumentQuerySet.as_manager()

    class Meta:
        ordering = ["edition__code", "kind", "title"]
        verbose_name = _("document")
        verbose_name_plural = _("documents")
        constraints = [
            models.UniqueConstraint(
                fields=["edition", "external_id"],
                condition=~Q(external_id=""),
                name="document_external_id_unique_per_edition",
            )
        ]

    def __str__(self):
        return f"{self.title} ({self.get_kind_display()})"

    @property
    def publisher_and_date(self):
        """The short "version or date" a reader needs to find the same document."""
        return self.version or (self.published_on.isoformat() if self.published_on else "")
