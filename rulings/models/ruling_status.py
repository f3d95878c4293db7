"""Who wrote a ruling, where it stands with the editors, and which rulings readers see."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


def public_rulings(prefix=""):
    """The condition a ruling readers see meets: published, and not withdrawn. `prefix`
    reaches rulings from another model (`"rulings__"`, `"ruling__"`)."""
    return Q(**{f"{prefix}live": True}) & ~Q(**{f"{prefix}status": RulingStatus.WITHDRAWN})


class RulingOrigin(models.TextChoices):
    """Where a ruling came from: set by whoever creates it, never guessed afterwards.

    The importer records an export, the demo loader an illustrative example, the admin an
    editor's own ruling. Readers see illustrative rulings labelled as such everywhere.
    """

    EXPORT = "export", _("Rules Q&A system export")
    EDITOR = "editor", _("Written by an editor")
    ILLUSTRATIVE = "illustrative", _("Illustrative — not from the rules Q&A system")


class RulingStatus(models.TextChoices):
    """Where a ruling stands with the editors.

    A new ruling starts unreviewed in its origin's own words: "imported" (an export, or the
    demo's illustrative example) or "written by an editor" (the admin; `first_for`). The
    database holds each to its origin. Review then moves it on.
    """

    IMPORTED = "imported", _("Imported")
    WRITTEN = "written", _("Written by an editor")
    NEEDS_REVIEW = "needs_review", _("Needs review")
    VERIFIED = "verified", _("Verified")
    CORRECTED = "corrected", _("Corrected")
    WITHDRAWN = "withdrawn", _("Withdrawn")

    @classmethod
    def first_for(cls, origin):
        """The status a new ruling of `origin` starts with."""
        return cls.WRITTEN if origin == RulingOrigin.EDITOR else cls.IMPORTED

    @classmethod
    def for_origin(cls, origin):
        """The statuses a ruling of `origin` may have: all but the other origins' first."""
        others_first = {cls.first_for(o) for o in RulingOrigin.values} - {cls.first_for(origin)}
        return [status for status in cls if status not in others_first]

    @classmethod
    def decided(cls):
        """An editor's review decisions: from then on the answer is the editor's, and a
        re-import refreshes provenance only. Writing a ruling is not reviewing it: an
        editor's own ruling is decided when an editor verifies, corrects or withdraws it."""
        return frozenset({cls.VERIFIED, cls.CORRECTED, cls.WITHDRAWN})

    @classmethod
    def reopened_by_errata(cls):
        """What readers may take as settled, and so goes back to "needs review" when a
        cited passage is superseded: imported, written, verified or corrected rulings."""
        return frozenset({cls.IMPORTED, cls.WRITTEN, cls.VERIFIED, cls.CORRECTED})
