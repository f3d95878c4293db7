"""The rulings readers see, the review queue and the flags, as conditions on a query.

One definition of each, used by every listing, count and figure that asks it.
"""

from django.db import connection, models
from django.db.models import Q
from django.db.models.functions import Coalesce

from catalogue.models.errata import ErrataCard

from .citations import Citation
from .ruling_status import RulingStatus, public_rulings

# A ruling's date of record (`Ruling.dated_at`) in a query: a filter, an order, a count
# by month.
DATED_AT = Coalesce("answered_at", "created_at")


class RulingQuerySet(models.QuerySet):
    def public(self):
        """What readers see: published rulings, but not withdrawn ones. A draft (never
        published, or unpublished) is an editor's alone."""
        return self.filter(public_rulings())

    def needing_review(self):
        """What waits for an editor's review decision: every ruling not yet verified,
        corrected or withdrawn (imported, written by an editor, or sent back to "needs
        review" by errata). The one definition the review queue lists and the editors'
        figures count."""
        return self.exclude(status__in=RulingStatus.decided())

    def flagged(self, code=None):
        """Rulings carrying the review flag `code`, or any flag when `code` is None: what
        the editors' figures count and the listings' flag filter shows."""
        if code is None:
            return self.filter(flag_count__gt=0)
        return self.filter(carries_flag(code))

    def citing_books_of(self, game):
        """Public rulings that cite a document of `game` (an expansion's rulings are asked
        on its base game and cite both games' books)."""
        cites = Citation.objects.filter(ruling=models.OuterRef("pk"), document__edition__game=game)
        return self.public().filter(models.Exists(cites))

    def citing_superseded(self):
        """Public rulings that cite a passage an active errata card supersedes (one query)."""
        superseded = ErrataCard.objects.active().filter(
            passage__citations__ruling=models.OuterRef("pk")
        )
        return self.public().filter(models.Exists(superseded))


def superseding_cards(rulings):
    """{ruling id: [the errata cards in force over a passage it cites]} for `rulings`, in
    one query, the cards ready to be named (edition, location, issue date)."""
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


def carries_flag(code):
    """The condition "has the review flag `code`", for a filter or a count (on SQLite, the
    demo's database, which cannot look inside JSON, found as text in it)."""
    if connection.features.supports_json_field_contains:
        return Q(flags__contains=[{"code": code}])
    return Q(flags__icontains=f'"{code}"')
