"""A ruling's origin and review status, and the one definition of each condition the
listings, counts and figures ask."""

from django.db import connection, models
from django.db.models import Q
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

from catalogue.models.errata import ErrataCard

from .citations import Citation

# A ruling's date of record (`Ruling.dated_at`) in a query.
DATED_AT = Coalesce("answered_at", "created_at")


def public_rulings(prefix=""):
    """Published and not withdrawn; `prefix` reaches rulings from another model."""
    return Q(**{f"{prefix}live": True}) & ~Q(**{f"{prefix}status": RulingStatus.WITHDRAWN})


def carries_flag(code):
    """Has the review flag `code` (on SQLite, found as text in the JSON)."""
    if connection.features.supports_json_field_contains:
        return Q(flags__contains=[{"code": code}])
    return Q(flags__icontains=f'"{code}"')


class RulingOrigin(models.TextChoices):
    """Where a ruling came from; illustrative ones are labelled as such everywhere."""

    EXPORT = "export", _("Rules Q&A system export")
    EDITOR = "editor", _("Written by an editor")
    ILLUSTRATIVE = "illustrative", _("Illustrative — not from the rules Q&A system")


class RulingStatus(models.TextChoices):
    """A new ruling starts unreviewed in its origin's words (`first_for`); review moves it on."""

    IMPORTED = "imported", _("Imported")
    WRITTEN = "written", _("Written by an editor")
    NEEDS_REVIEW = "needs_review", _("Needs review")
    VERIFIED = "verified", _("Verified")
    CORRECTED = "corrected", _("Corrected")
    WITHDRAWN = "withdrawn", _("Withdrawn")

    @classmethod
    def first_for(cls, origin):
        return cls.WRITTEN if origin == RulingOrigin.EDITOR else cls.IMPORTED

    @classmethod
    def for_origin(cls, origin):
        """The statuses a ruling of `origin` may have: all but the other origins' first."""
        others_first = {cls.first_for(o) for o in RulingOrigin.values} - {cls.first_for(origin)}
        return [status for status in cls if status not in others_first]

    @classmethod
    def decided(cls):
        """After these the answer is the editor's: a re-import refreshes provenance only."""
        return frozenset({cls.VERIFIED, cls.CORRECTED, cls.WITHDRAWN})

    @classmethod
    def reopened_by_errata(cls):
        return frozenset({cls.IMPORTED, cls.WRITTEN, cls.VERIFIED, cls.CORRECTED})


class RulingQuerySet(models.QuerySet):
    def public(self):
        return self.filter(public_rulings())

    def needing_review(self):
        return self.exclude(status__in=RulingStatus.decided())

    def flagged(self, code=None):
        """Rulings carrying the review flag `code`, or any flag when `code` is None."""
        if code is None:
            return self.filter(flag_count__gt=0)
        return self.filter(carries_flag(code))

    def citing_books_of(self, game):
        """Public rulings citing a document of `game` (an expansion's cite both games')."""
        cites = Citation.objects.filter(ruling=models.OuterRef("pk"), document__edition__game=game)
        return self.public().filter(models.Exists(cites))

    def citing_superseded(self):
        superseded = ErrataCard.objects.active().filter(
            passage__citations__ruling=models.OuterRef("pk")
        )
        return self.public().filter(models.Exists(superseded))


def superseding_cards(rulings):
    """{ruling id: [active errata cards over a passage it cites]}, in one query."""
    cards = (
        ErrataCard.objects.active()
        .filter(passage__citations__ruling__in=rulings)
        .annotate(citing_ruling_id=models.F("passage__citations__ruling_id"))
        .select_related("edition", "passage")
        .defer("passage__search_en", "passage__search_es")  # search vectors, not shown
        .order_by("-issued_on", "pk")
    )
    listed = {}
    for card in cards:
        ruling_cards = listed.setdefault(card.citing_ruling_id, [])
        if card not in ruling_cards:  # a ruling citing one passage twice
            ruling_cards.append(card)
    return listed
