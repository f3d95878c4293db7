"""Which English text a ruling's translation was last brought up to date with."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.fields import optional_link

from .rulings import Ruling


class RulingTranslation(models.Model):
    """The ruling's revision whose English the translation into `language` says.

    A ruling has no version numbers: the revision saved when a translator marked the
    translation up to date stands for the English it then had. Once the English differs
    from that revision's (an editor's correction), the translation is behind. Kept outside
    the ruling's revisions, as a guide's is: a translator's statement, made by an explicit
    action. `follows` is emptied if that revision is ever purged, which counts as behind.
    """

    ruling = models.ForeignKey(
        Ruling, on_delete=models.CASCADE, related_name="translations", verbose_name=_("ruling")
    )
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
        verbose_name = _("ruling translation")
        verbose_name_plural = _("ruling translations")
        default_permissions = ("view",)
        permissions = [("mark_translation_up_to_date", _("Can mark a translation up to date"))]
        constraints = [
            models.UniqueConstraint(
                fields=["ruling", "language"], name="ruling_translation_one_per_language"
            )
        ]

    def __str__(self):
        return f"{self.ruling} [{self.language}]"
