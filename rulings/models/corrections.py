"""Public corrections to rulings (the shape every correction shares is in `core`)."""

from django.db import models
from modelcluster.fields import ParentalKey

from core.models import Correction

from .ruling_status import public_rulings
from .rulings import Ruling


class RulingCorrectionQuerySet(models.QuerySet):
    def public(self):
        """The corrections of the rulings readers see, newest first."""
        return (
            self.filter(public_rulings("ruling__"))
            .select_related("ruling__edition")
            .order_by("-corrected_on", "-pk")
        )


class RulingCorrection(Correction):
    """A public, dated correction to a ruling's answer."""

    ruling = ParentalKey(Ruling, on_delete=models.CASCADE, related_name="corrections")

    objects = RulingCorrectionQuerySet.as_manager()

    class Meta(Correction.Meta):
        abstract = False
        indexes = [models.Index(fields=["-corrected_on", "-id"], name="rulingcorrection_newest")]

    def save(self, *args, **kwargs):
        """A correction is news of its ruling for readers (the feed)."""
        super().save(*args, **kwargs)
        self.ruling.mark_changed_for_readers(self.dated_at)
