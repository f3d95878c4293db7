"""Citations: the numbered sources a ruling's answer refers to ([n])."""

from django.db import models
from django.utils.translation import gettext_lazy as _
from modelcluster.fields import ParentalKey
from wagtail.models import Orderable

from catalogue.locations import Located
from catalogue.models.games import Document, Passage
from core.fields import optional_link


class Citation(Located, Orderable):
    """[n] of a ruling: a passage, or a document's page and heading not in the corpus."""

    ruling = ParentalKey("rulings.Ruling", on_delete=models.CASCADE, related_name="citations")
    n = models.PositiveSmallIntegerField(_("number"))
    passage = optional_link(Passage, related_name="citations", verbose_name=_("passage"))
    document = optional_link(Document, related_name="citations", verbose_name=_("document"))
    document_title = models.CharField(
        _("document as cited"), max_length=300, blank=True, help_text=_("Kept as exported.")
    )
    page = models.PositiveIntegerField(_("page"), null=True, blank=True)
    heading_path = models.CharField(_("heading path"), max_length=500, blank=True)
    quote = models.TextField(_("quote"), blank=True)

    class Meta(Orderable.Meta):
        verbose_name = _("citation")
        verbose_name_plural = _("citations")
        constraints = [
            models.UniqueConstraint(fields=["ruling", "n"], name="citation_unique_number")
        ]

    def __str__(self):
        return f"[{self.n}] {self.cited_title} · {self.location}"

    def save(self, *args, **kwargs):
        """A cited passage says where it is, whichever way the citation was saved."""
        if self.passage_id:
            self.document_id = self.passage.document_id
            self.page, self.heading_path = self.passage.page, self.passage.heading_path
        super().save(*args, **kwargs)

    @property
    def cited_title(self):
        return self.title_of(self.document if self.document_id else None, self.document_title)

    @staticmethod
    def title_of(document, document_title):
        """The title a citation names: its document's, in the reader's language, when the
        catalogue holds it, else the title as cited (for a citation read as a row)."""
        return document.title if document is not None else document_title

    @property
    def location_language(self):
        return self.ruling.edition.language

    @property
    def anchor(self):
        return f"cite-{self.n}"
