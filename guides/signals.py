"""Keeps the public history of guides in step with publishing (see `publishing`)."""

from django.dispatch import receiver
from wagtail.signals import page_published

from .models import GuidePage
from .publishing import record_publish


@receiver(page_published, sender=GuidePage)
def record_guide_publish(sender, instance, revision, **kwargs):
    record_publish(instance, revision)
