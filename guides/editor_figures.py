"""The editors' figures on the admin's home page: how the rules desk stands today.

Each figure is counted in the database (an aggregate per figure, a handful of queries in
all, whatever the catalogue's size): rulings answered and abstained per month, flagged
rulings by kind of flag, the review backlog and its oldest item, reader questions waiting
and the oldest, guides whose translation is behind, and re-checks due. The monthly chart
is an SVG drawn here, with the same numbers in a table beside it (no charting script).
"""

import datetime
from dataclasses import dataclass

from django.db import connection
from django.db.models import Count, Min, Q
from django.db.models.functions import TruncMonth
from django.utils import timezone
from django.utils.formats import date_format
from wagtail.admin.ui.components import Component

from core.freshness import TranslationStatus
from core.translated_fields import target_languages
from rulings.flags import FLAG_LABELS
from rulings.models import ReaderQuestion, Ruling

from .models import GuidePage
from .views import guide_states

MONTHS = 12
# The chart's drawing box, in SVG units.
BAR_WIDTH, GAP, HEIGHT = 10, 8, 120


@dataclass
class Month:
    start: datetime.date
    answered: int = 0
    abstained: int = 0

    @property
    def label(self):
        return date_format(self.start, "M Y")


def months_back(today, count):
    """The first days of the last `count` months, oldest first, this month last."""
    year, month = today.year, today.month
    firsts = []
    for _step in range(count):
        firsts.append(datetime.date(year, month, 1))
        year, month = (year, month - 1) if month > 1 else (year - 1, 12)
    return firsts[::-1]


def monthly_outcomes(today=None):
    """Rulings answered and abstained in each of the last MONTHS months (one query)."""
    today = today or timezone.localdate()
    months = [Month(first) for first in months_back(today, MONTHS)]
    by_start = {month.start: month for month in months}
    since = timezone.make_aware(datetime.datetime.combine(months[0].start, datetime.time.min))
    rows = (
        Ruling.objects.public()
        .filter(answered_at__gte=since, outcome__in=["answered", "abstained"])
        .annotate(month=TruncMonth("answered_at"))
        .values("month", "outcome")
        .annotate(count=Count("pk"))
        .order_by()  # grouped by month and outcome only, not by the listing's order
    )
    for row in rows:
        month = by_start.get(timezone.localtime(row["month"]).date().replace(day=1))
        if month is not None:
            setattr(month, row["outcome"], row["count"])
    return months


def chart(months):
    """Bars to draw: for each month an answered and an abstained bar, scaled to the
    tallest, with the SVG's width."""
    tallest = max([1, *(max(m.answered, m.abstained) for m in months)])
    bars = []
    for index, month in enumerate(months):
        x = index * (2 * BAR_WIDTH + GAP)
        for offset, kind, value in (
            (0, "answered", month.answered),
            (1, "abstained", month.abstained),
        ):
            height = round(HEIGHT * value / tallest)
            bars.append(
                {
                    "x": x + offset * BAR_WIDTH,
                    "y": HEIGHT - height,
                    "height": height,
                    "kind": kind,
                    "value": value,
                    "label": month.label,
                }
            )
    return {"bars": bars, "width": len(months) * (2 * BAR_WIDTH + GAP), "height": HEIGHT}


def flag_counts():
    """(flag code, public rulings carrying it), one aggregate query; where the database
    cannot look inside JSON (SQLite, the demo), only the total is counted."""
    flagged = Ruling.objects.public().filter(flag_count__gt=0)
    if not connection.features.supports_json_field_contains:
        return flagged.count(), []
    counts = flagged.aggregate(
        total=Count("pk"),
        **{code: Count("pk", filter=Q(flags__contains=[{"code": code}])) for code in FLAG_LABELS},
    )
    return counts.pop("total"), [(label, counts[code]) for code, label in FLAG_LABELS.items()]


def waiting(queryset, field):
    """How many, and the oldest `field` among them (one query)."""
    found = queryset.aggregate(count=Count("pk"), oldest=Min(field))
    return found["count"], found["oldest"]


def editor_figures(today=None):
    months = monthly_outcomes(today)
    flagged, by_flag = flag_counts()
    backlog = Ruling.objects.needing_review()
    backlog_count, backlog_oldest = waiting(backlog, "created_at")
    questions = ReaderQuestion.objects.filter(status=ReaderQuestion.Status.NEW)
    questions_count, questions_oldest = waiting(questions, "created_at")
    language = target_languages()[0]
    states = [state for state, _game in guide_states(language)]
    return {
        "months": months,
        "chart": chart(months),
        "flagged": flagged,
        "by_flag": by_flag,
        "backlog": backlog_count,
        "backlog_oldest": backlog_oldest,
        "questions": questions_count,
        "questions_oldest": questions_oldest,
        "translations_behind": sum(s.status == TranslationStatus.BEHIND for s in states),
        "guides_due": GuidePage.objects.due_for_recheck().count(),
        "rulings_due": Ruling.objects.citing_superseded().count(),
    }


class EditorFiguresPanel(Component):
    """The figures above, on the admin's home page of those who edit rulings."""

    name = "editor_figures"
    order = 40
    template_name = "guides/admin/editor_figures_panel.html"

    def get_context_data(self, parent_context=None):
        return editor_figures()
