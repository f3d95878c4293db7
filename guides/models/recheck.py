"""Which guides are due a re-check, and the errata a guide's check predates: one rule for the
editors' re-check panel and the readers' notices."""

import datetime

from django.conf import settings
from django.db.models import (
    BooleanField,
    Exists,
    ExpressionWrapper,
    F,
    OuterRef,
    Q,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce, Length, Substr
from django.utils import timezone
from wagtail.models import Page
from wagtail.query import PageQuerySet

from catalogue.models import ErrataCard

from .games import shown_title

# Above any page number: where a source that names no last page, or no pages, reaches.
LAST_POSSIBLE_PAGE = 2**31 - 1


def errata_since_check(guide, checked_on):
    """Active errata cards, issued or entered after `checked_on`, on a document a source of
    `guide` names, within that source's pages (a card whose page is unknown counts).
    `guide` (a page id) and `checked_on` are values or `OuterRef`s."""
    source = "document__guide_sources__"
    first = Coalesce(F(f"{source}first_page"), Value(0))
    last = Coalesce(F(f"{source}last_page"), F(f"{source}first_page"), Value(LAST_POSSIBLE_PAGE))
    return (
        ErrataCard.objects.active()
        .new_since(checked_on)
        .annotate(corrected_page=Coalesce("passage__page", "page"))
        # One filter() call: the page bounds are those of the very source row matched.
        .filter(
            Q(**{f"{source}page": guide})
            & (
                Q(corrected_page__isnull=True)
                | Q(corrected_page__gte=first, corrected_page__lte=last)
            )
        )
    )


class GuidePageQuerySet(PageQuerySet):
    def due_for_recheck(self, after_days=None):
        """Live guides due a re-check, in one query, each annotated with why
        (`never_checked`, `checked_long_ago`, `errata_since_check`) and `game_title`."""
        after_days = settings.RULESAGE_RECHECK_AFTER_DAYS if after_days is None else after_days
        cutoff = timezone.localdate() - datetime.timedelta(days=after_days)
        parent = Page.objects.filter(
            path=Substr(OuterRef("path"), 1, Length(OuterRef("path")) - Page.steplen)
        )
        return (
            self.live()
            .annotate(
                never_checked=ExpressionWrapper(Q(checked_on__isnull=True), BooleanField()),
                checked_long_ago=ExpressionWrapper(Q(checked_on__lt=cutoff), BooleanField()),
                errata_since_check=Exists(
                    errata_since_check(OuterRef("pk"), OuterRef("checked_on"))
                ),
                # One column: the translated `title` would read several.
                game_title=Subquery(parent.annotate(shown=shown_title()).values("shown")[:1]),
            )
            .filter(Q(never_checked=True) | Q(checked_long_ago=True) | Q(errata_since_check=True))
            .order_by("checked_on", "pk")
        )
