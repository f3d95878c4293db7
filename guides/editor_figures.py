"""The editors' figures on the admin's home page: how the rules desk stands today.

Each figure is counted in the database (an aggregate per figure, a handful of queries in
all, whatever the catalogue's size): rulings answered and abstained per month, flagged
rulings by kind of flag, the review backlog and its oldest item, reader questions waiting
and the oldest, guides whose translation is behind, and re-checks due. The monthly chart
is an SVG drawn here, with the same numbers in a table beside it (no charting script).

Translations behind are counted by the translators' own rule (`translation_status`), over
the published guides, three queries whatever their number. A ruling's translation is
behind when what readers see of its English differs from the revision it followed, which
only a comparison ruling by ruling tells, not an aggregate: the panel links to the
translators' dashboard, which counts those, rather than loop over rulings on every visit
to the admin's home.
"""

import datetime
from collections import Counter
from dataclasses import dataclass

from django.db import connection
from django.db.models import Count, Min, Q
from django.db.models.functions import TruncMonth
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from wagtail.admin.ui.components import Component
from wagtail.admin.utils import set_query_params

from core.freshness import TranslationStatus
from core.translated_fields import target_languages
from rulings.flags import FLAG_LABELS
from rulings.models import ReaderQuestion, Ruling

from .models import GuidePage
from .translation_listing import guide_statuses
from .views import language_name, once_per_request

MONTHS = 12
RULINGS_LISTING = "wagtailsnippets_rulings_ruling:list"
REVIEW_QUEUE = "wagtailsnippets_rulings_ruling:review_queue"
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
    return {
        "bars": bars,
        "bar_width": BAR_WIDTH,
        "width": len(months) * (2 * BAR_WIDTH + GAP),
        "height": HEIGHT,
    }


@dataclass
class FlagCount:
    code: str
    label: str
    count: int

    @property
    def url(self):
        """The rulings listing filtered to this flag."""
        return set_query_params(reverse(RULINGS_LISTING), {"flag": self.code})


def flag_counts():
    """(public rulings flagged, [FlagCount per kind of flag]), one aggregate query; where
    the database cannot look inside JSON (SQLite, the demo), only the total is counted."""
    flagged = Ruling.objects.public().filter(flag_count__gt=0)
    if not connection.features.supports_json_field_contains:
        return flagged.count(), []
    counts = flagged.aggregate(
        total=Count("pk"),
        **{code: Count("pk", filter=Q(flags__contains=[{"code": code}])) for code in FLAG_LABELS},
    )
    total = counts.pop("total")
    return total, [FlagCount(code, label, counts[code]) for code, label in FLAG_LABELS.items()]


def waiting(queryset, field):
    """How many, and the oldest `field` among them (one query, the count and the minimum
    aggregated together)."""
    found = queryset.aggregate(count=Count("pk"), oldest=Min(field))
    return found["count"], found["oldest"]


# The re-check panel lists this many guides, in the order `due_for_recheck` gives.
RECHECK_LISTED = 20


def due_guides(request=None):
    """How many guides are due a re-check and the first RECHECK_LISTED of them (without
    their bodies), read once for the figures and the re-check panel: a catalogue can have
    thousands due, and the panel is on every editor's home page."""

    def read():
        due = GuidePage.objects.due_for_recheck()
        return due.count(), list(due.defer_streamfields()[:RECHECK_LISTED])

    return once_per_request(request, "due_guides", read)


def translation_counts(language, request=None):
    """How many published guides' `language` translations are missing, behind or current,
    by the translators' rule read lightly (`guide_statuses`): the editors' figures and the
    translators' home panel need only these counts, read once for both on the admin's
    home page."""
    return once_per_request(
        request,
        f"translation_counts_{language}",
        lambda: Counter(status for status, _game, _page in guide_statuses(language)),
    )


def editor_figures(today=None, request=None):
    """Every figure of the panel, with where each is worked on: the review queue, the
    waiting reader questions, the translators' dashboard."""
    months = monthly_outcomes(today)
    flagged, by_flag = flag_counts()
    backlog_count, backlog_oldest = waiting(Ruling.objects.needing_review(), "created_at")
    questions_count, questions_oldest = waiting(ReaderQuestion.objects.waiting(), "created_at")
    language = target_languages()[0]
    return {
        "months": months,
        "chart": chart(months),
        "flagged": flagged,
        "by_flag": by_flag,
        "backlog": backlog_count,
        "backlog_oldest": backlog_oldest,
        "queue_url": reverse(REVIEW_QUEUE),
        "questions": questions_count,
        "questions_oldest": questions_oldest,
        "questions_url": set_query_params(
            reverse("reader_questions:index"), {"status": ReaderQuestion.Status.NEW}
        ),
        "language_name": language_name(language),
        "translations_url": reverse("guides_translations"),
        "translations_behind": translation_counts(language, request)[TranslationStatus.BEHIND],
        "guides_due": due_guides(request)[0],
        "rulings_due": Ruling.objects.citing_superseded().count(),
    }


class EditorFiguresPanel(Component):
    """The figures above, on the admin's home page of those who edit rulings."""

    name = "editor_figures"
    order = 40
    template_name = "guides/admin/editor_figures_panel.html"

    def get_context_data(self, parent_context=None):
        return editor_figures(request=(parent_context or {}).get("request"))
