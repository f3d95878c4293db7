"""Field factories every app's models share."""

from django.db import models


def optional_link(to, *, related_name, verbose_name, **options):
    """A link emptied, not cascaded, when its target goes: deleting a passage must never
    delete the citation or errata card that points at it."""
    return models.ForeignKey(
        to,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name=related_name,
        verbose_name=verbose_name,
        **options,
    )
