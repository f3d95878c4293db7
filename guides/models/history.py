"""A guide's public history: its versions, the change-log lines every publish leaves (so no
change to a live guide is silent), and where translations stand."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.fields import optional_link


class GuideVersionQuerySet(models.QuerySet):
    def current_published_at(self, page):
        """When the current version of `page` (a page's id, or an `OuterRef` to one) was
        published: a guide's date of record, as an expression for lists of pages."""
        newest = self.filter(page=page).order_by("-number").values("published_at")[:1]
        return models.Subquery(newest)


class GuideVersion(models.Model):
    """A public version of a guide and the revision it is read from: a substantive publish
    starts one, a minor one moves the current version's revision forward."""

    page = models.ForeignKey("guides.GuidePage", on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField(_("version"))
    published_at = models.DateTimeField(_("published at"))
    affects_translations = models.BooleanField(
        _("affects translations"),
        default=True,
        help_text=_("Unticked when this version was published as not needing translators."),
    )
    revision = models.ForeignKey(
        "wagtailcore.Revision", on_delete=models.SET_NULL, null=True, related_name="+"
    )

    objects = GuideVersionQuerySet.as_manager()

    class Meta:
        ordering = ["page", "number"]
        verbose_name = _("guide version")
        constraints = [
            models.UniqueConstraint(fields=["page", "number"], name="guide_version_unique_number")
        ]

    def __str__(self):
        return f"{self.page.title} v{self.number}"


class GuideChangeQuerySet(models.QuerySet):
    def for_readers_of(self, language):
        """The lines a reader of `language` sees: the original's, and their language's own."""
        return self.filter(models.Q(language="") | models.Q(language=language))

    def with_names(self):
        """Each line with the name of who made it (`by`), read in the same query and kept
        as text: the cached page keeps no user record."""
        return self.annotate(
            by_first_name=models.F("user__first_name"),
            by_last_name=models.F("user__last_name"),
            by_username=models.F("user__username"),
        )


class GuideChange(models.Model):
    """One dated line of a guide's change log; one with a `language` is for its readers only."""

    class Kind(models.TextChoices):
        FIRST = "first", _("First published")
        SUBSTANTIVE = "substantive", _("New version")
        MINOR = "minor", _("Minor edit")
        TRANSLATION = "translation", _("Translation")

    page = models.ForeignKey("guides.GuidePage", on_delete=models.CASCADE, related_name="changes")
    version = models.ForeignKey(GuideVersion, on_delete=models.CASCADE, related_name="changes")
    kind = models.CharField(_("kind of change"), max_length=20, choices=Kind.choices)
    language = models.CharField(
        _("language"),
        max_length=10,
        blank=True,
        help_text=_("Empty for a change to the original, shown in every language."),
    )
    note = models.CharField(_("note"), max_length=255)
    published_at = models.DateTimeField(_("published at"), default=timezone.now)
    revision = models.ForeignKey(
        "wagtailcore.Revision", on_delete=models.SET_NULL, null=True, related_name="+"
    )
    user = optional_link(settings.AUTH_USER_MODEL, related_name="+", verbose_name=_("by"))

    objects = GuideChangeQuerySet.as_manager()

    class Meta:
        ordering = ["-published_at", "-pk"]
        verbose_name = _("change-log line")
        verbose_name_plural = _("change log")

    def __str__(self):
        return f"{self.page.title} v{self.version.number}: {self.note}"

    @property
    def by(self):
        """Who made the change, as readers see it: from `with_names()`, else from the user."""
        if not hasattr(self, "by_username"):
            user = self.user
            names = (user.first_name, user.last_name, user.get_username()) if user else ("",) * 3
            self.by_first_name, self.by_last_name, self.by_username = names
        full = f"{self.by_first_name or ''} {self.by_last_name or ''}".strip()
        return full or self.by_username or ""


class GuideTranslation(models.Model):
    """The English version a guide's translation into `language` was last brought up to date with.

    Kept outside the page's revisions on purpose: marking a translation up to date is a
    translator's statement about the published text, made by an explicit action, and must
    not be undone when an older draft of the page is published.
    """

    page = models.ForeignKey(
        "guides.GuidePage",
        on_delete=models.CASCADE,
        related_name="translations",
        verbose_name=_("guide"),
    )
    language = models.CharField(_("language"), max_length=10)
    follows = models.ForeignKey(
        GuideVersion,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("follows version"),
    )
    marked_by = optional_link(
        settings.AUTH_USER_MODEL, related_name="+", verbose_name=_("marked up to date by")
    )
    marked_at = models.DateTimeField(_("marked up to date at"), default=timezone.now)

    class Meta:
        verbose_name = _("guide translation")
        verbose_name_plural = _("guide translations")
        default_permissions = ("view",)
        permissions = [("mark_translation_up_to_date", _("Can mark a translation up to date"))]
        constraints = [
            models.UniqueConstraint(
                fields=["page", "language"], name="guide_translation_one_per_language"
            )
        ]

    def __str__(self):
        return f"{self.page.title} [{self.language}] v{self.follows.number}"
