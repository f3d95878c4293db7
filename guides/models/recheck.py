"""Which guides are due a re-check, as a queryset method the admin's re-check panel
combines with the rulings citing superseded passages (``guides/wagtail_hooks.py``)."""

import datetime

from django.conf import settings
from django.db.models import BooleanField, Exists, ExpressionWrapper, OuterRef, Q, Subquery
from django.db.models.functions import Length, Substr
from django.utils import timezone
from wagtail.models import Page
from wagtail.query import PageQuerySet

from rulings.models import ErrataCard


class GuidePageQuerySet(PageQuerySet):
    def due_for_recheck(self, after_days=None):
        """Live guides due a re-check, in one query, each annotated with why.

        `never_checked`; `checked_long_ago` (more than `after_days`, by default
        RULESAGE_RECHECK_AFTER_DAYS, before today); `errata_since_check` (a source document
        gained an active errata card after the guide was checked); and `game_title`.
        """
        after_days = settings.RULESAGE_RECHECK_AFTER_DAYS if after_days is None else after_days
        cutoff = timezone.localdate() - datetime.timedelta(days=after_days)
        errata_since_check = ErrataCard.objects.filter(
            status=ErrataCard.Status.ACTIVE,
            document__guide_sources__page=OuterRef("pk"),
            created_at__date__gt=OuterRef("checked_on"),
        )
        parent = Page.objects.filter(
            path=Substr(OuterRef("path"), 1, Length(OuterRef("path")) - Page.steplen)
        )
        return (
            self.live()
            .annotate(
                never_checked=ExpressionWrapper(Q(checked_on__isnull=True), BooleanField()),
                checked_long_ago=ExpressionWrapper(Q(checked_on__lt=cutoff), BooleanField()),
                errata_since_check=Exists(errata_since_check),
                game_title=Subquery(parent.values("title")[:1]),
            )
            .filter(Q(never_checked=True) | Q(checked_long_ago=True) | Q(errata_since_check=True))
            .order_by("checked_on", "pk")
        )
