"""Abstract models every app shares: the shape of a public, dated correction."""

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from wagtail.admin.panels import FieldPanel
from wagtail.models import Orderable

from .dates import moment_on


class Correction(Orderable):
    """A public, dated note of what something got wrong and what it says now.

    Abstract: rulings keep theirs with the ruling, guides theirs with the page (revisioned
    with it). Every correction also shows in the site-wide log.
    """

    corrected_on = models.DateField(_("corrected on"), default=timezone.localdate)
    # When the correction was recorded, to the second: the date above is the editor's to
    # state (a correction may be dated the day the error was put right); this orders the
    # corrections of that day (`dated_at`).
    recorded_at = models.DateTimeField(_("recorded at"), default=timezone.now, editable=False)
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
    def dated_at(self):
        """The correction's date of record as a moment, for feeds and structured data: the
        day its page shows (`corrected_on`), at the moment it was recorded when that was
        the same day, else at the start of that day (a correction dated earlier, as the
        demo's are, is news of that day, not of the day it was typed in)."""
        return moment_on(self.corrected_on, self.recorded_at)

    def clean(self):
        super().clean()
        if self.corrected_on and self.corrected_on > timezone.localdate():
            raise ValidationError({"corrected_on": _("A correction cannot be dated after today.")})

    @property
    def byline(self):
        """Who made the correction, as readers of the active language read it.

        A name is the same in every language; the editorial team is a role the
        interface names, so it is stored as an empty name and translated here.
        """
        return self.corrected_by or gettext("Rulesage editors")


class ContentState(models.Model):
    """One row: a token that changes whenever a change to what readers see is committed.

    The page cache (core.cache_tags) keeps the same token in Redis. When the two differ,
    the database holds content the cache has not seen: restored from a backup (an earlier
    state than the cached pages show), or changed while Redis could not be reached. The
    site then makes every cached page stale. Kept in the database, the token is backed up
    and restored with the content it describes.
    """

    token = models.CharField(max_length=32, default="")

    class Meta:
        verbose_name = _("content state")

    def __str__(self):
        return self.token
