"""Whether a translation is missing, behind its English original, or up to date.

Guides and rulings both record which English state a translation was brought up to date
with (`guides.GuideTranslation`, `rulings.RulingTranslation`) and tell translators and
readers the same three statuses, compared the same way: by what a reader of each language
sees (`core.translated_fields.language_snapshot`), never by stored markup.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from .translated_fields import language_snapshot


class TranslationStatus(models.TextChoices):
    MISSING = "missing", _("Missing")
    BEHIND = "behind", _("Behind")
    CURRENT = "current", _("Up to date")


# Behind first: that is the work waiting for translators.
STATUS_ORDER = [TranslationStatus.BEHIND, TranslationStatus.MISSING, TranslationStatus.CURRENT]


def text_changed(before, after, language):
    """True when readers of `language` read something else in `after` than in `before`.

    `before` None (no earlier state is known) counts as changed.
    """
    return before is None or language_snapshot(before, language) != language_snapshot(
        after, language
    )


def changed_fields(before, after, language):
    """The names of the fields (and compared relations) whose `language` text differs."""
    then, now = language_snapshot(before, language), language_snapshot(after, language)
    return [name for name, value in now.items() if then.get(name) != value]
