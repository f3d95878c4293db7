"""Keeps the public history of guides in step with publishing (see `publishing`)."""

from django.dispatch import receiver
from wagtail.signals import page_published

from .models import GuidePage
from .publishing import record_publish
from .related import record_mentions


@receiver(page_published, sender=GuidePage)
def record_guide_publish(sender, instance, revision, **kwargs):
    record_publish(instance, revision)


@receiver(page_published, sender=GuidePage)
def record_related_rulings(sender, instance, revision, **kwargs):
    record_mentions(instance)
