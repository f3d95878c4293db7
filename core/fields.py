"""Field factories every app's models share."""

from django.db import models


def optional_link(to, *, related_name, verbose_name, **options):
    """A link that may be empty and is emptied, not cascaded, when its target goes.

    Citations and errata cards point at passages and documents this way: deleting a
    passage must never delete the ruling's citation or the card that corrects it.
    """
    return models.ForeignKey(
        to,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name=related_name,
        verbose_name=verbose_name,
        **options,
    )
