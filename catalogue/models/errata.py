"""An edition's errata registry: cards that supersede a passage, or an earlier card."""

from django.contrib.contenttypes.fields import GenericRelation
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from wagtail.models import RevisionMixin

from core.dates import start_of_day
from core.fields import optional_link

from ..locations import format_location
from .games import Document, Edition, Passage


class ErrataCardQuerySet(models.QuerySet):
    # Beyond this many passages (an import asks about hundreds), every card in force is read
    # and sorted here: a list of hundreds of keys costs more to query than the few cards.
    LISTED = 50

    def superseding(self, passage_ids):
        """{passage id: card id} for each of `passage_ids` an active card supersedes."""
        passage_ids = {pk for pk in passage_ids if pk}
        if not passage_ids:
            return {}
        cards = self.active().filter(passage__isnull=False)
        if len(passage_ids) <= self.LISTED:
            cards = cards.filter(passage_id__in=passage_ids)
        return {
            passage_id: pk
            for passage_id, pk in cards.values_list("passage_id", "pk")
            if passage_id in passage_ids
        }

    def new_since(self, day):
        """Cards a check made on `day` (a date or an `OuterRef`) could not take into account:
        issued, or entered in the registry (errata may reach us late), after it."""
        return self.filter(models.Q(issued_on__gt=day) | models.Q(created_at__date__gt=day))

    def active(self):
        """Cards in force: active, and not superseded by a later active card."""
        return self.filter(status=ErrataCard.Status.ACTIVE).exclude(
            superseded_by__status=ErrataCard.Status.ACTIVE
        )


class ErrataCard(RevisionMixin, models.Model):
    """One entry of an edition's errata registry: the passage it supersedes and the rule now;
    a later card may supersede an earlier one."""

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
    passage = optional_link(
        Passage,
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
        # Adding a card and amending one are one action (catalogue.permissions); a card is
        # withdrawn, not deleted, so deleting it is left to superusers.
        default_permissions = ("view",)
        permissions = [("issue_erratacard", _("Can issue or amend an errata card"))]

    def __str__(self):
        return f"{self.edition.code}: {self.location}"

    def get_absolute_url(self):
        return f"{self.edition.get_errata_url()}#{self.anchor}"

    @property
    def revisions(self):
        return self._revisions

    @property
    def _place(self):
        """The corrected passage when it is in the corpus, else the card's own page and heading."""
        return self.passage if self.passage_id else self

    @property
    def location(self):
        return format_location(self._place.page, self._place.heading_path)

    @property
    def location_html(self):
        return format_location(self._place.page, self._place.heading_path, self.edition.language)

    @property
    def anchor(self):
        return f"erratum-{self.pk}"

    @property
    def dated_at(self):
        """The card's date of record, as its registry entry shows it: the day it was issued
        (not the day it was entered here)."""
        return start_of_day(self.issued_on)

    @property
    def recorded_on(self):
        """The day the card was entered in the registry (in the site's time zone)."""
        return timezone.localdate(self.created_at) if self.created_at else None

    def clean(self):
        super().clean()
        if self.issued_on and self.issued_on > timezone.localdate():
            raise ValidationError({"issued_on": _("An errata card cannot be issued after today.")})
        if self.document_id and self.document.edition_id != self.edition_id:
            raise ValidationError({"document": _("Choose a document of this card's edition.")})
        if self.passage_id and self.passage.document_id != self.document_id:
            raise ValidationError({"passage": _("Choose a passage of the corrected document.")})
