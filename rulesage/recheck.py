"""What is due a re-check: rulings citing superseded passages, and guides whose sources
gained errata after they were checked or whose checked date is too old.

Derived from the data every time (nothing to keep in step), shown on the admin dashboard.
"""

from datetime import timedelta

from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from wagtail import hooks
from wagtail.admin.ui.components import Component

from guides.models import GuidePage
from rulings.models import ErrataCard, Ruling


def recheck_cutoff():
    return timezone.localdate() - timedelta(days=settings.RULESAGE_RECHECK_AFTER_DAYS)


def rulings_due():
    active = ErrataCard.objects.active()
    return (
        Ruling.objects.public()
        .filter(citations__passage__errata_cards__in=active)
        .select_related("edition")
        .distinct()
    )


def guides_due():
    """(guide, reasons) for every live guide due a re-check."""
    cutoff = recheck_cutoff()
    new_errata = Q(
        sources__document__errata_cards__status=ErrataCard.Status.ACTIVE,
        sources__document__errata_cards__created_at__date__gt=F("checked_on"),
    )
    guides = (
        GuidePage.objects.live()
        .filter(Q(checked_on__isnull=True) | Q(checked_on__lt=cutoff) | new_errata)
        .distinct()
        .order_by("checked_on")
    )
    result = []
    for guide in guides:
        reasons = []
        if guide.checked_on is None:
            reasons.append(_("never checked against its sources"))
        elif guide.checked_on < cutoff:
            reasons.append(
                _("checked more than %(days)d days ago")
                % {"days": settings.RULESAGE_RECHECK_AFTER_DAYS}
            )
        if (
            guide.checked_on
            and ErrataCard.objects.filter(
                status=ErrataCard.Status.ACTIVE,
                document__guide_sources__page=guide,
                created_at__date__gt=guide.checked_on,
            ).exists()
        ):
            reasons.append(_("a source has errata recorded after the check"))
        result.append((guide, reasons))
    return result


class RecheckPanel(Component):
    name = "recheck_due"
    order = 50
    template_name = "rulesage/admin/recheck_panel.html"

    def get_context_data(self, parent_context=None):
        return {"guides": guides_due(), "rulings": rulings_due()[:50]}


@hooks.register("construct_homepage_panels")
def add_recheck_panel(request, panels):
    panels.append(RecheckPanel())
