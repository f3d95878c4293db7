"""The rules catalogue: games, their editions, the documents rules come from, and passages,
the unit citations point at and search finds."""

import re

from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator, RegexValidator
from django.db import models
from django.db.models import F, Q, Subquery
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.functional import cached_property
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from modelcluster.models import ClusterableModel
from wagtail.search import index

from core.text_search import (
    search_vector_field,
    search_vector_index,
    site_languages,
    trigram_index,
)
from core.translated_fields import SOURCE_LANGUAGE, settle_in_language

from ..editions import EDITION_CODE_PATTERN
from ..locations import Located, make_anchor
from .setup import player_range

SUFFIX_RE = re.compile(r"-\d+")  # the "-N" that tells apart slugs of one name


class Game(ClusterableModel):
    """A board game, with its editions and setup figures; the guides give it a GamePage."""

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
    # An expansion is a product of its own (editions, rulebooks, errata) played with its
    # base game: a ruling on the base game may cite both games' books.
    expansion_of = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="expansions",
        verbose_name=_("expansion of"),
        help_text=_("For an expansion: the base game it is played with."),
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        # What readers type into the game and edition boxes (catalogue.lookup).
        indexes = [trigram_index("game", f"name_{code}") for code in site_languages()]
        constraints = [
            models.CheckConstraint(
                condition=Q(max_players__gte=F("min_players")),
                name="game_player_range_ordered",
                violation_error_message=_("The maximum players cannot be below the minimum."),
            ),
            models.CheckConstraint(
                condition=~Q(expansion_of=F("pk")),
                name="game_not_its_own_expansion",
                violation_error_message=_("A game cannot be an expansion of itself."),
            ),
        ]

    def __str__(self):
        return self.name

    def clean(self):
        super().clean()
        base = self.expansion_of
        if base is not None and base.expansion_of_id is not None:
            raise ValidationError(
                {
                    "expansion_of": _("Choose the base game: %(game)s is itself an expansion.")
                    % {"game": base.name}
                }
            )
        if base is not None and self.pk and self.expansions.exists():
            raise ValidationError(
                {"expansion_of": _("A game with expansions of its own cannot be an expansion.")}
            )

    @cached_property
    def setup(self):
        """The setup figures in editing order, read once however many tables show them."""
        return list(self.setup_figures.all())

    @property
    def player_range(self):
        return player_range(self.min_players, self.max_players)

    @classmethod
    def free_slug(cls, name):
        """The slug of ``name``, or the next free "-N" after it, for a new game."""
        room = cls._meta.get_field("slug").max_length - 10  # room for a "-N" suffix
        base = (slugify(name) or "game")[:room].rstrip("-")
        taken = cls.objects.filter(slug__startswith=base).values_list("slug", flat=True)
        return next_free_slug(base, set(taken))


def next_free_slug(base, taken):
    """``base``, or ``base-N`` with N one past the highest suffix in ``taken`` (the slugs
    that start with ``base``): every new game's and ruling's slug."""
    if base not in taken:
        return base
    suffixes = [
        int(slug[len(base) + 1 :]) for slug in taken if SUFFIX_RE.fullmatch(slug[len(base) :])
    ]
    return f"{base}-{max([1, *suffixes]) + 1}"


class Edition(models.Model):
    """One printing of a `Game` in one language, e.g. `bg-368017-en-1e`."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="editions", verbose_name=_("game")
    )
    code = models.CharField(
        _("edition code"),
        max_length=40,
        unique=True,
        validators=[
            RegexValidator(
                EDITION_CODE_PATTERN,
                _("Use the form bg-<BGG id>-<language>-<edition>e, e.g. bg-368017-en-1e."),
            )
        ],
        help_text=_("BoardGameGeek id, language and edition number, e.g. bg-368017-en-1e."),
    )
    language = models.CharField(_("language"), max_length=10, default=SOURCE_LANGUAGE)
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
        indexes = [
            trigram_index("edition", column)
            for column in ["code", *(f"label_{code}" for code in site_languages())]
        ]

    def __str__(self):
        return f"{self.game.name} · {self.label} ({self.code})"

    def save(self, *args, **kwargs):
        new = self._state.adding
        super().save(*args, **kwargs)
        # Its passages are written in its language, and searched in it: they follow a
        # change (in one UPDATE, which their generated vectors follow). A new edition has
        # none yet.
        update_fields = kwargs.get("update_fields")
        if not new and (update_fields is None or "language" in update_fields):
            Passage.objects.filter(document__edition=self).exclude(language=self.language).update(
                language=self.language
            )

    # Its page (get_absolute_url) is its rulings' list: ABSOLUTE_URL_OVERRIDES in the settings.

    def get_errata_url(self):
        return reverse("catalogue:errata", kwargs={"code": self.code})


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

    def save(self, *args, **kwargs):
        # Its title is stored in its edition's language, as a ruling's text is: typed in
        # the first box or given by an export, it moves there when that box is empty.
        settle_in_language(self, self.edition.language)
        new = self._state.adding
        super().save(*args, **kwargs)
        # Moved to another edition, its passages take that edition's language.
        update_fields = kwargs.get("update_fields")
        if not new and (update_fields is None or "edition" in update_fields):
            language = Subquery(Edition.objects.filter(pk=self.edition_id).values("language"))
            self.passages.exclude(language=language).update(language=language)

    def get_absolute_url(self):
        return reverse("catalogue:document", kwargs={"code": self.edition.code, "pk": self.pk})

    @property
    def language(self):
        """The language it is written in: its edition's."""
        return self.edition.language

    @property
    def publisher_and_date(self):
        """The short "version or date" a reader needs to find the same document."""
        return self.version or (date_format(self.published_on) if self.published_on else "")


class TextOrigin(models.TextChoices):
    """Whose words a passage's text is: exports carry only the passage search's snippet (at
    most `SEARCH_SNIPPET_LIMIT` characters, often cut mid-word), never shown as the rulebook."""

    SEARCH_SNIPPET = "search_snippet", _("Passage-search snippet from a rules Q&A export")
    RULEBOOK = "rulebook", _("The rulebook's wording, copied by an editor")


SEARCH_SNIPPET_LIMIT = 300
PASSAGE_SEARCHED = {"heading_path": "A", "text": "B"}
# A language as edition codes write it (EDITION_CODE_PATTERN): two lower-case letters.
LANGUAGE_CODE_PATTERN = r"^[a-z]{2}$"


class Passage(Located, index.Indexed, models.Model):
    """A piece of a `Document` (page + heading path): what citations point at and search finds."""

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
    # Its edition's language, copied here so that the database can keep its search vector
    # in that language alone (a generated column sees only its own row). Every write fills
    # it: save() here, the importer's and the catalogue loader's bulk writes, and
    # Edition.save() when an edition's language changes.
    language = models.CharField(
        _("language"), max_length=10, default=SOURCE_LANGUAGE, editable=False
    )

    # Passages point only at their document; indexing that reference on every import
    # doubles the import time and tells editors nothing the document page does not.
    wagtail_reference_index_ignore = True
    # Searched in its own columns, in the admin too: not copied into Wagtail's admin index
    # (core.admin_search_backend).
    admin_search_index = False

    # Every boost is explicit: Wagtail multiplies each named field's rank by its boost, and
    # a missing one (None) makes every result's relevance NULL.
    search_fields = [
        index.SearchField("heading_path", boost=2),
        index.SearchField("text", boost=1),
        index.FilterField("id"),
        index.FilterField("document_id"),
        index.FilterField("language"),
    ]
    # Text-search vectors kept by PostgreSQL (core.text_search), each NULL unless the
    # passage is written in its language: a passage is searched only in its own language
    # (pages/search.py), and each language's index holds only that language's passages.
    search_en = search_vector_field("en", PASSAGE_SEARCHED, only_where={"language": "en"})
    search_es = search_vector_field("es", PASSAGE_SEARCHED, only_where={"language": "es"})

    class Meta:
        ordering = ["document", "page", "heading_path"]
        verbose_name = _("passage")
        verbose_name_plural = _("passages")
        indexes = [
            search_vector_index("passage", code, condition=Q(language=code))
            for code in site_languages()
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(language__regex=LANGUAGE_CODE_PATTERN),
                name="passage_language_is_a_code",
            ),
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
        self.language = self.document.edition.language
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return self.url_on(self.document.get_absolute_url())

    def url_on(self, document_url):
        """Its address, given its document's (relative or absolute): a list citing many
        passages of one document makes that document's address once."""
        return self.url_of(document_url, self.anchor)

    @staticmethod
    def url_of(document_url, anchor):
        """The address of the passage with `anchor` on the document at `document_url`: for a
        passage known by its row alone (a list reading its citations as rows)."""
        # The document's page that holds it is found when followed (DocumentView).
        return f"{document_url}?passage={anchor}#{anchor}"

    @property
    def location_language(self):
        return self.language
