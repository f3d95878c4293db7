"""Where published pages name a ruling, so its page can link back (written by guides)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.cache_tags import gathered

from .rulings import Ruling


class RulingMentionQuerySet(models.QuerySet):
    def public(self, language):
        return (
            self.filter(page__live=True, language=language)
            .select_related("page")
            .order_by("page__path", "position")
        )


class RulingMention(models.Model):
    ruling = models.ForeignKey(
        Ruling, on_delete=models.CASCADE, related_name="mentions", verbose_name=_("ruling")
    )
    page = models.ForeignKey(
        "wagtailcore.Page", on_delete=models.CASCADE, related_name="+", verbose_name=_("page")
    )
    language = models.CharField(_("language"), max_length=7)
    section = models.CharField(_("section"), max_length=255)
    anchor = models.CharField(_("anchor"), max_length=255)
    position = models.PositiveSmallIntegerField(_("position"), default=0)

    objects = RulingMentionQuerySet.as_manager()

    class Meta:
        verbose_name = _("ruling named by a page section")
        verbose_name_plural = _("rulings named by page sections")
        constraints = [
            models.UniqueConstraint(
                fields=["ruling", "page", "language", "anchor"], name="ruling_mention_unique"
            )
        ]

    def __str__(self):
        return f"{self.page_id}#{self.anchor} → {self.ruling_id}"


def replace_mentions(page, mentions):
    """Make `mentions` [(ruling_id, language, section, anchor), …] the page's only rows;
    saved with their signals, so the rulings' pages go stale."""
    existing = set(
        Ruling.objects.filter(pk__in={m[0] for m in mentions}).values_list("pk", flat=True)
    )
    seen = set()
    with gathered():
        RulingMention.objects.filter(page=page).delete()
        for position, (ruling_id, language, section, anchor) in enumerate(mentions):
            if ruling_id in existing and (ruling_id, language, anchor) not in seen:
                seen.add((ruling_id, language, anchor))
                RulingMention.objects.create(
                    ruling_id=ruling_id,
                    page=page,
                    language=language,
                    section=section[:255],
                    anchor=anchor[:255],
                    position=min(position, 32767),
                )
