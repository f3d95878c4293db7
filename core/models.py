"""Models every app shares: the shape of a public, dated correction, and the record of
which English text a translation follows."""

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from wagtail.admin.panels import FieldPanel
from wagtail.models import Orderable

from .dates import moment_on
from .fields import optional_link


class Correction(Orderable):
    """A public, dated note of what something got wrong and what it says now; every
    correction also shows in the site-wide log."""

    corrected_on = models.DateField(_("corrected on"), default=timezone.localdate)
    # To the second: the date above is the editor's to state (the day the error was put
    # right); this orders the corrections of that day (`dated_at`).
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
        """The correction's date of record as a moment: `recorded_at` when on that day,
        else the start of `corrected_on`."""
        return moment_on(self.corrected_on, self.recorded_at)

    def clean(self):
        super().clean()
        if self.corrected_on and self.corrected_on > timezone.localdate():
            raise ValidationError({"corrected_on": _("A correction cannot be dated after today.")})

    @property
    def byline(self):
        """Who made the correction: a name as written, or the editorial team, translated."""
        return self.corrected_by or gettext("Rulesage editors")


class ContentState(models.Model):
    """One row: a token every committed change readers see renews, kept in Redis too;
    when they differ (a restore, a change while Redis was away) cached pages are stale."""

    token = models.CharField(max_length=32, default="")

    class Meta:
        verbose_name = _("content state")

    def __str__(self):
        return self.token


class TranslationMark(models.Model):
    """The revision whose English an object's translation into `language` says: a statement
    publishing an older draft must not undo. An emptied `follows` counts as behind."""

    content_type = models.ForeignKey(ContentType, on_delete=models.CASCADE, related_name="+")
    object_id = models.PositiveBigIntegerField()
    content_object = GenericForeignKey("content_type", "object_id")
    language = models.CharField(_("language"), max_length=10)
    follows = models.ForeignKey(
        "wagtailcore.Revision",
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("follows the English of revision"),
    )
    note = models.CharField(
        _("reason"),
        max_length=255,
        blank=True,
        help_text=_("Why the translation needed no change, when it was not edited."),
    )
    marked_by = optional_link(
        settings.AUTH_USER_MODEL, related_name="+", verbose_name=_("marked up to date by")
    )
    marked_at = models.DateTimeField(_("marked up to date at"), default=timezone.now)

    class Meta:
        verbose_name = _("translation record")
        verbose_name_plural = _("translation records")
        default_permissions = ("view",)
        permissions = [("mark_translation_up_to_date", _("Can mark a translation up to date"))]
        constraints = [
            models.UniqueConstraint(
                fields=["content_type", "object_id", "language"],
                name="translation_mark_one_per_language",
            )
        ]

    def __str__(self):
        return f"{self.content_type.model} {self.object_id} [{self.language}]"


class TranslationStatus(models.TextChoices):
    MISSING = "missing", _("Missing")
    BEHIND = "behind", _("Behind")
    CURRENT = "current", _("Up to date")


class TranslationStatusRecord(models.Model):
    """An object the translators' dashboard lists in `language`, with its translation's
    status as `core.freshness` last decided it: counted and paged by the database instead
    of deciding every object's status on each request. No row: not listed."""

    content_type = models.ForeignKey(ContentType, on_delete=models.CASCADE, related_name="+")
    object_id = models.PositiveBigIntegerField()
    language = models.CharField(_("language"), max_length=10)
    status = models.CharField(
        _("status"),
        max_length=10,
        choices=TranslationStatus.choices,
    )

    class Meta:
        verbose_name = _("translation status")
        verbose_name_plural = _("translation statuses")
        default_permissions = ()
        constraints = [
            models.UniqueConstraint(
                fields=["content_type", "object_id", "language"],
                name="translation_status_one_per_language",
            )
        ]
        indexes = [
            models.Index(
                fields=["content_type", "language", "status"], name="translation_status_counted"
            )
        ]

    def __str__(self):
        return f"{self.content_type.model} {self.object_id} [{self.language}]: {self.status}"
