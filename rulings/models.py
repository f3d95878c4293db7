"""The rules knowledge: games, their editions, and the documents rules come from.

Dependencies point one way: `guides` builds on these models; nothing here imports `guides`.
"""

from django.contrib.contenttypes.fields import GenericRelation
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator, RegexValidator
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from modelcluster.fields import ParentalKey
from modelcluster.models import ClusterableModel
from wagtail.admin.panels import FieldPanel
from wagtail.fields import StreamField
from wagtail.models import Orderable, RevisionMixin
from wagtail.search import index

from .blocks import DeckTierBlock, PlayerCountSetupBlock
from .locations import format_location, make_anchor
from .provenance import timing_rows


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
    errata_checked_on = models.DateField(
        _("errata registry checked on"),
        null=True,
        blank=True,
        help_text=_("When the registry was last confirmed complete (set by imports and edits)."),
    )

    class Meta:
        ordering = ["game__name", "code"]
        verbose_name = _("edition")
        verbose_name_plural = _("editions")

    def __str__(self):
        return f"{self.game.name} · {self.label} ({self.code})"

    def get_absolute_url(self):
        return reverse("rulings:edition", kwargs={"code": self.code})

    def get_errata_url(self):
        return reverse("rulings:errata", kwargs={"code": self.code})


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

    def get_absolute_url(self):
        return reverse("rulings:document", kwargs={"code": self.edition.code, "pk": self.pk})

    @property
    def publisher_and_date(self):
        """The short "version or date" a reader needs to find the same document."""
        return self.version or (date_format(self.published_on) if self.published_on else "")


class TextOrigin(models.TextChoices):
    """Whose words a passage's text is. A reader is never shown a snippet as the rulebook.

    Exports carry only the passage search's snippet (cut to at most
    `SEARCH_SNIPPET_LIMIT` characters, often mid-word); only an editor who copied the
    rulebook's own wording may say the text is the rulebook's.
    """

    SEARCH_SNIPPET = "search_snippet", _("Passage-search snippet from a rules Q&A export")
    RULEBOOK = "rulebook", _("The rulebook's wording, copied by an editor")


SEARCH_SNIPPET_LIMIT = 300


class Passage(index.Indexed, models.Model):
    """A piece of a `Document` (page + heading path): what citations point at and search finds.

    Created by the importer from retrieval results, keyed by document, page and heading path.
    Its text, when there is one, says what it is (`text_origin`).
    """

    TextOrigin = TextOrigin

    document = models.ForeignKey(
        Document, on_delete=models.CASCADE, related_name="passages", verbose_name=_("document")
    )
    page = models.PositiveIntegerField(_("page"), null=True, blank=True)
    heading_path = models.CharField(
        _("heading path"),
        max_length=500,
        blank=True,
        help_text=_("Headings joined by “ · ”, e.g. “GAMEPLAY · Optional Flip Action”."),
    )
    text = models.TextField(_("text"), blank=True)
    text_origin = models.CharField(
        _("what the text is"),
        max_length=20,
        choices=TextOrigin.choices,
        blank=True,
        help_text=_("Required with a text: readers are told whose words they are reading."),
    )
    text_exported_at = models.DateTimeField(
        _("snippet exported at"),
        null=True,
        blank=True,
        help_text=_("When the rules Q&A export that supplied the snippet was recorded."),
    )
    anchor = models.SlugField(_("anchor"), max_length=120, editable=False)

    # Passages point only at their document; indexing that reference on every import
    # doubles the import time and tells editors nothing the document page does not.
    wagtail_reference_index_ignore = True

    search_fields = [
        index.SearchField("text"),
        index.SearchField("heading_path", boost=2),
        index.FilterField("document_id"),
    ]

    class Meta:
        ordering = ["document", "page", "heading_path"]
        verbose_name = _("passage")
        verbose_name_plural = _("passages")
        constraints = [
            models.UniqueConstraint(
                fields=["document", "page", "heading_path"], name="passage_unique_location"
            ),
            models.CheckConstraint(
                condition=(Q(text="") & Q(text_origin=""))
                | (~Q(text="") & Q(text_origin__in=TextOrigin.values)),
                name="passage_text_says_what_it_is",
                violation_error_message=_("Say what the passage's text is, or leave both empty."),
            ),
        ]

    def __str__(self):
        return f"{self.document.title} · {self.location}"

    def save(self, *args, **kwargs):
        if not self.anchor:
            self.anchor = make_anchor(self.page, self.heading_path)
        if self.text_origin != TextOrigin.SEARCH_SNIPPET:
            self.text_exported_at = None  # only a snippet comes from an export
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return f"{self.document.get_absolute_url()}#{self.anchor}"

    @property
    def location(self):
        return format_location(self.page, self.heading_path)

    @property
    def location_html(self):
        return format_location(self.page, self.heading_path, self.document.edition.language)


class ErrataCardQuerySet(models.QuerySet):
    def active(self):
        """Cards in force: active, and not superseded by a later active card."""
        return self.filter(status=ErrataCard.Status.ACTIVE).exclude(
            superseded_by__status=ErrataCard.Status.ACTIVE
        )


class ErrataCard(RevisionMixin, models.Model):
    """One entry of an edition's errata registry: the passage it corrects and the rule now.

    A card supersedes the passage it corrects; a later card may supersede an earlier one.
    """

    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    edition = models.ForeignKey(
        Edition, on_delete=models.CASCADE, related_name="errata_cards", verbose_name=_("edition")
    )
    document = models.ForeignKey(
        Document,
        on_delete=models.PROTECT,
        related_name="errata_cards",
        verbose_name=_("corrected document"),
    )
    passage = models.ForeignKey(
        Passage,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="errata_cards",
        verbose_name=_("corrected passage"),
        help_text=_("Leave empty when the passage is not in the corpus; give page and heading."),
    )
    page = models.PositiveIntegerField(_("page"), null=True, blank=True)
    heading_path = models.CharField(_("heading path"), max_length=500, blank=True)
    corrected_rule = models.TextField(_("corrected rule"))
    issued_on = models.DateField(_("issued on"))
    issued_by = models.CharField(
        _("issued by"), max_length=200, blank=True, help_text=_("e.g. the publisher's FAQ")
    )
    source_url = models.URLField(_("source URL"), blank=True)
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.ACTIVE
    )
    supersedes = models.OneToOneField(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="superseded_by",
        verbose_name=_("supersedes card"),
    )
    created_at = models.DateTimeField(_("recorded at"), auto_now_add=True)
    _revisions = GenericRelation("wagtailcore.Revision", related_query_name="errata_card")

    objects = ErrataCardQuerySet.as_manager()

    class Meta:
        ordering = ["edition", "-issued_on", "pk"]
        verbose_name = _("errata card")
        verbose_name_plural = _("errata cards")

    def __str__(self):
        return f"{self.edition.code}: {self.location}"

    def get_absolute_url(self):
        return f"{self.edition.get_errata_url()}#{self.anchor}"

    @property
    def revisions(self):
        return self._revisions

    @property
    def location(self):
        if self.passage_id:
            return self.passage.location
        return format_location(self.page, self.heading_path)

    @property
    def location_html(self):
        if self.passage_id:
            return format_location(
                self.passage.page, self.passage.heading_path, self.edition.language
            )
        return format_location(self.page, self.heading_path, self.edition.language)

    @property
    def anchor(self):
        return f"erratum-{self.pk}"

    def clean(self):
        super().clean()
        if self.document_id and self.document.edition_id != self.edition_id:
            raise ValidationError({"document": _("Choose a document of this card's edition.")})
        if self.passage_id and self.passage.document_id != self.document_id:
            raise ValidationError({"passage": _("Choose a passage of the corrected document.")})


class RulingQuerySet(models.QuerySet):
    def public(self):
        """What readers see: everything but withdrawn rulings."""
        return self.exclude(status=Ruling.Status.WITHDRAWN)

    def review_queue(self):
        """Rulings an editor has not settled yet, most flags first."""
        return self.filter(
            status__in=[Ruling.Status.IMPORTED, Ruling.Status.NEEDS_REVIEW]
        ).order_by("-flag_count", "-answered_at")


class RulingOrigin(models.TextChoices):
    """Where a ruling came from: set by whoever creates it, never guessed afterwards.

    The importer records an export, the demo loader an illustrative example, the admin an
    editor's own ruling. Readers see illustrative rulings labelled as such everywhere.
    """

    EXPORT = "export", _("Rules Q&A system export")
    EDITOR = "editor", _("Written by an editor")
    ILLUSTRATIVE = "illustrative", _("Illustrative — not from the rules Q&A system")


class Ruling(RevisionMixin, ClusterableModel):
    """An answered rules question about one `Edition`, with numbered `Citation`s.

    The answer is Markdown (sanitised when rendered). Provenance from the exporting
    system is kept verbatim as data. Review flags are recomputed on every save.
    """

    class Outcome(models.TextChoices):
        ANSWERED = "answered", _("Answered")
        ABSTAINED = "abstained", _("Abstained")
        NEEDS_EDITOR = "needs_editor", _("Needs an editor")

    Origin = RulingOrigin

    class Status(models.TextChoices):
        IMPORTED = "imported", _("Imported")
        NEEDS_REVIEW = "needs_review", _("Needs review")
        VERIFIED = "verified", _("Verified")
        CORRECTED = "corrected", _("Corrected")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    edition = models.ForeignKey(
        Edition, on_delete=models.PROTECT, related_name="rulings", verbose_name=_("edition")
    )
    slug = models.SlugField(_("slug"), max_length=120)
    question = models.TextField(_("question"))
    answer = models.TextField(_("answer"), blank=True, help_text=_("Markdown; [n] cites n."))
    outcome = models.CharField(
        _("outcome"), max_length=20, choices=Outcome.choices, default=Outcome.ANSWERED
    )
    outcome_label = models.CharField(_("outcome as exported"), max_length=200, blank=True)
    abstain_rationale = models.TextField(_("abstain rationale"), blank=True)
    closing_line = models.CharField(_("closing line"), max_length=300, blank=True)
    answerer = models.CharField(_("answered by"), max_length=300, blank=True)
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)
    timings = models.JSONField(_("timings (ms)"), default=dict, blank=True)
    tokens_in = models.PositiveIntegerField(_("tokens in"), null=True, blank=True)
    tokens_out = models.PositiveIntegerField(_("tokens out"), null=True, blank=True)
    retrieval = models.JSONField(
        _("retrieval results"), default=list, blank=True, help_text=_("Kept verbatim.")
    )
    provenance = models.JSONField(_("provenance"), default=dict, blank=True)
    errata_statement = models.TextField(_("errata registry statement"), blank=True)
    origin = models.CharField(
        _("origin"),
        max_length=20,
        choices=RulingOrigin.choices,
        default=RulingOrigin.EDITOR,
        help_text=_("Set by the importer (export) and the demo loader (illustrative)."),
    )
    source_file = models.CharField(_("imported from"), max_length=300, blank=True)
    # Identity across re-imports (see rulings/importers/reimport.py): edition + question +
    # the exporting system's timestamp, and edition + question alone for copies without one.
    import_key = models.CharField(max_length=64, unique=True, null=True, editable=False)
    question_key = models.CharField(max_length=64, null=True, editable=False, db_index=True)
    import_hash = models.CharField(max_length=64, blank=True, editable=False)
    status = models.CharField(
        _("review status"), max_length=20, choices=Status.choices, default=Status.IMPORTED
    )
    reviewed_at = models.DateTimeField(_("reviewed at"), null=True, blank=True)
    reviewed_by = models.CharField(_("reviewed by"), max_length=150, blank=True)
    flags = models.JSONField(_("review flags"), default=list, blank=True, editable=False)
    flag_count = models.PositiveSmallIntegerField(_("flags"), default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    _revisions = GenericRelation("wagtailcore.Revision", related_query_name="ruling")

    objects = RulingQuerySet.as_manager()

    class Meta:
        ordering = ["-answered_at", "pk"]
        verbose_name = _("ruling")
        verbose_name_plural = _("rulings")
        constraints = [
            models.UniqueConstraint(fields=["edition", "slug"], name="ruling_unique_slug"),
            models.CheckConstraint(
                condition=Q(origin__in=RulingOrigin.values),
                name="ruling_origin_known",
            ),
            # An imported ruling says so; an illustrative one claims no export at all.
            models.CheckConstraint(
                condition=Q(import_key__isnull=True) | Q(origin=RulingOrigin.EXPORT),
                name="ruling_imported_is_export",
            ),
            models.CheckConstraint(
                condition=~Q(origin=RulingOrigin.ILLUSTRATIVE) | Q(source_file=""),
                name="ruling_illustrative_has_no_source_file",
            ),
        ]

    def __str__(self):
        return f"{self.edition.code}: {self.question[:80]}"

    def save(self, *args, **kwargs):
        if not self.slug:
            self.slug = unique_slug(self)
        super().save(*args, **kwargs)
        self.refresh_flags()

    def get_absolute_url(self):
        return reverse("rulings:ruling", kwargs={"code": self.edition.code, "slug": self.slug})

    @property
    def revisions(self):
        return self._revisions

    def refresh_flags(self):
        """Recompute the review flags and store them (after children are saved)."""
        from .flags import compute_flags

        flags = [flag.as_dict() for flag in compute_flags(self)]
        if flags != self.flags:
            self.flags, self.flag_count = flags, len(flags)
            type(self).objects.filter(pk=self.pk).update(flags=flags, flag_count=len(flags))

    def has_flag(self, code):
        return any(flag["code"] == code for flag in self.flags)

    @property
    def is_illustrative(self):
        return self.origin == self.Origin.ILLUSTRATIVE

    @property
    def timing_rows(self):
        return timing_rows(self.timings)


def unique_slug(ruling):
    base = slugify(ruling.question)[:80].strip("-") or "ruling"
    slug, n = base, 2
    siblings = Ruling.objects.filter(edition_id=ruling.edition_id).exclude(pk=ruling.pk)
    while siblings.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


class Citation(Orderable):
    """Citation [n] of a ruling: a passage, or a document page and heading not in the corpus."""

    ruling = ParentalKey(Ruling, on_delete=models.CASCADE, related_name="citations")
    n = models.PositiveSmallIntegerField(_("number"))
    passage = models.ForeignKey(
        Passage,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="citations",
        verbose_name=_("passage"),
    )
    document = models.ForeignKey(
        Document,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="citations",
        verbose_name=_("document"),
    )
    document_title = models.CharField(
        _("document as cited"), max_length=300, blank=True, help_text=_("Kept as exported.")
    )
    page = models.PositiveIntegerField(_("page"), null=True, blank=True)
    heading_path = models.CharField(_("heading path"), max_length=500, blank=True)
    quote = models.TextField(_("quote"), blank=True)

    panels = [
        FieldPanel("n"),
        FieldPanel("passage"),
        FieldPanel("document"),
        FieldPanel("page"),
        FieldPanel("heading_path"),
        FieldPanel("quote"),
    ]

    class Meta(Orderable.Meta):
        verbose_name = _("citation")
        verbose_name_plural = _("citations")
        constraints = [
            models.UniqueConstraint(fields=["ruling", "n"], name="citation_unique_number")
        ]

    def __str__(self):
        return f"[{self.n}] {self.cited_title} · {self.location}"

    @property
    def cited_title(self):
        if self.document_id:
            return self.document.title
        return self.document_title

    @property
    def location(self):
        return format_location(self.page, self.heading_path)

    @property
    def location_html(self):
        return format_location(self.page, self.heading_path, self.ruling.edition.language)

    @property
    def anchor(self):
        return f"cite-{self.n}"


class RulingCorrectionQuerySet(models.QuerySet):
    def public(self):
        return (
            self.exclude(ruling__status=Ruling.Status.WITHDRAWN)
            .select_related("ruling__edition")
            .order_by("-corrected_on", "-pk")
        )


class Correction(Orderable):
    """A public, dated note of what something got wrong and what it says now.

    Abstract: rulings keep theirs here, guides theirs with the page (`guides` builds on
    this; `rulings` never imports `guides`). Every correction also shows in the site-wide log.
    """

    corrected_on = models.DateField(_("corrected on"), default=timezone.localdate)
    what_was_wrong = models.TextField(_("what was wrong"))
    what_it_says_now = models.TextField(_("what it says now"))
    corrected_by = models.CharField(
        _("corrected by"),
        max_length=120,
        blank=True,
        help_text=_(
            "A person's name, shown as written in every language. Leave empty when the "
            "editorial team made the correction: readers see “Rulesage editors” in their "
            "own language."
        ),
    )

    panels = [
        FieldPanel("corrected_on"),
        FieldPanel("what_was_wrong"),
        FieldPanel("what_it_says_now"),
        FieldPanel("corrected_by"),
    ]

    class Meta(Orderable.Meta):
        abstract = True
        verbose_name = _("correction")
        verbose_name_plural = _("corrections")

    @property
    def anchor(self):
        return f"correction-{self.pk}"

    @property
    def byline(self):
        """Who made the correction, as readers of the active language read it.

        A name is the same in every language; the editorial team is a role the
        interface names, so it is stored as an empty name and translated here.
        """
        return self.corrected_by or gettext("Rulesage editors")


class RulingCorrection(Correction):
    """A public, dated correction to a ruling's answer."""

    ruling = ParentalKey(Ruling, on_delete=models.CASCADE, related_name="corrections")

    objects = RulingCorrectionQuerySet.as_manager()

    class Meta(Correction.Meta):
        abstract = False
