"""A guide's public history: its versions, its change log, and where translations stand."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.fields import optional_link
from core.freshness import TranslationState, text_changed, translation_status
from core.translated_fields import shown_in_english


class GuideVersionQuerySet(models.QuerySet):
    def current_published_at(self, page):
        """When `page`'s current version was published (its date of record), as a subquery."""
        newest = self.filter(page=page).order_by("-number").values("published_at")[:1]
        return models.Subquery(newest)


class GuideVersion(models.Model):
    """A public version of a guide and the revision it is read from."""

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
        """The original's lines and those of `language`."""
        return self.filter(models.Q(language="") | models.Q(language=language))

    def with_names(self):
        """Each line with its author's names, as text: the cached page keeps no user record."""
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
        """Who made the change, from the names `with_names()` reads."""
        full = f"{self.by_first_name or ''} {self.by_last_name or ''}".strip()
        return full or self.by_username or ""


def followed_version(versions, record):
    """The first version whose revision is at or after the mark's (else the current one);
    None for a translation nobody marked."""
    if record is None or record.follows_id is None or not versions:
        return None
    later = [v for v in versions if v.revision_id and v.revision_id >= record.follows_id]
    if later:
        return min(later, key=lambda version: version.number)
    return max(versions, key=lambda version: version.number)


def guide_status(page, language, versions, record):
    """Missing, behind (a later version affects translations) or current."""
    followed = followed_version(versions, record)

    def moved_on():
        later = [v for v in versions if followed and v.number > followed.number]
        return any(version.affects_translations for version in later)

    return translation_status(page, language, record, moved_on)


def translation_state(page, language, versions, record, changes=None, corrections=None):
    """`guide_status` with the versions followed and current and what readers see in
    English; callers pass what they read, so listings can prefetch it."""
    followed = followed_version(versions, record)
    items = {
        "corrections": corrections or [],
        "change_log": [change for change in changes or [] if not change.language],
    }
    return TranslationState(
        page,
        language,
        guide_status(page, language, versions, record),
        record,
        follows=followed.number if followed else None,
        current=max((version.number for version in versions), default=None),
        shown_in_english=shown_in_english(page, language, items),
    )


def followed_text(versions, record):
    """The guide as of the version its translation follows (unmarked: the first), or None."""
    version = followed_version(versions, record)
    if version is None and record is None:
        version = min(versions, key=lambda v: v.number, default=None)
    revision = getattr(version, "revision", None)
    return revision.as_object() if revision else None


def translation_changed_since(page, language, versions, record):
    """Whether the `language` text changed since the followed version."""
    return text_changed(followed_text(versions, record), page, language)
