"""Errata change what a ruling can be trusted for: re-flag the rulings that cite the passage.
A ruling published tells the readers whose questions it answers."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import timezone
from wagtail.signals import published

from catalogue.models import ErrataCard

from .flags import SUPERSEDED_PASSAGE
from .models import Ruling
from .reader_mail import ruling_published


@receiver(published, sender=Ruling)
def tell_readers_once_published(sender, instance, **kwargs):
    ruling_published(instance)


@receiver(post_save, sender=ErrataCard)
@receiver(post_delete, sender=ErrataCard)
def errata_changed(sender, instance, **kwargs):
    passage_ids = {instance.passage_id}
    if instance.supersedes_id:
        passage_ids.add(instance.supersedes.passage_id)
    passage_ids.discard(None)
    rulings = Ruling.objects.filter(citations__passage_id__in=passage_ids).distinct()
    for ruling in rulings:
        was_flagged = ruling.has_flag(SUPERSEDED_PASSAGE)
        ruling.refresh_flags()
        if ruling.has_flag(SUPERSEDED_PASSAGE) and not was_flagged:
            # A reviewed ruling that now cites superseded text must be looked at again.
            Ruling.objects.filter(
                pk=ruling.pk, status__in=Ruling.Status.reopened_by_errata()
            ).update(status=Ruling.Status.NEEDS_REVIEW)
    edition = instance.edition
    if kwargs.get("created"):
        edition.errata_checked_on = timezone.localdate()
        edition.save(update_fields=["errata_checked_on"])
