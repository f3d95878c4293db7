"""A guide's sources and corrections: page children, revisioned with the page."""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from modelcluster.fields import ParentalKey
from wagtail.admin.panels import FieldPanel, FieldRowPanel
from wagtail.models import Orderable

from core.models import Correction


class GuideSource(Orderable):
    """A document a guide was checked against (a `rulings.Document` of the game's editions)."""

    page = ParentalKey("guides.GuidePage", on_delete=models.CASCADE, related_name="sources")
    document = models.ForeignKey(
        "catalogue.Document",
        on_delete=models.PROTECT,
        related_name="guide_sources",
        verbose_name=_("document"),
    )
    # Page numbers are the same in every language; only the section is translated.
    first_page = models.PositiveIntegerField(_("first page"), null=True, blank=True)
    last_page = models.PositiveIntegerField(
        _("last page"), null=True, blank=True, help_text=_("Leave empty for a single page.")
    )
    section = models.CharField(
        _("section"),
        max_length=120,
        blank=True,
        help_text=_("Only where page numbers do not say it, e.g. “the solo mode appendix”."),
    )

    panels = [
        FieldPanel("document"),
        FieldRowPanel([FieldPanel("first_page"), FieldPanel("last_page")]),
        FieldPanel("section"),
    ]
    original_fields = ["document_id", "first_page", "last_page"]

    class Meta(Orderable.Meta):
        verbose_name = _("source")
        verbose_name_plural = _("sources")
        constraints = [
            models.CheckConstraint(
                condition=Q(last_page__isnull=True)
                | Q(first_page__isnull=False, last_page__gte=F("first_page")),
                name="guide_source_page_range_ordered",
                violation_error_message=_(
                    "Give the first page, and a last page no lower than the first."
                ),
            )
        ]

    @property
    def pages(self):
        """“pages 4–11” or “page 4” in the active language; empty without a first page."""
        if self.first_page is None:
            return ""
        if self.last_page in (None, self.first_page):
            return gettext("page %(page)s") % {"page": self.first_page}
        return gettext("pages %(first)s–%(last)s") % {
            "first": self.first_page,
            "last": self.last_page,
        }


class GuideCorrectionQuerySet(models.QuerySet):
    def public(self):
        """Corrections as published: rows exist only for the live content of live guides."""
        return self.filter(page__live=True).select_related("page").order_by("-corrected_on", "-pk")


class GuideCorrection(Correction):
    """A correction to a guide, kept with the page so it is revisioned with it."""

    page = ParentalKey("guides.GuidePage", on_delete=models.CASCADE, related_name="corrections")

    objects = GuideCorrectionQuerySet.as_manager()
    original_fields = ["corrected_on", "corrected_by"]

    class Meta(Correction.Meta):
        abstract = False
