"""The editors' and translators' desk in the admin: the home-page panels, their figures, and
every guide in one listing, which narrows to those due a re-check."""

import datetime
from collections import namedtuple
from dataclasses import dataclass

import django_filters
from django.conf import settings
from django.db.models import Count, Min
from django.db.models.functions import TruncMonth
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from wagtail.admin.ui.components import Component
from wagtail.admin.ui.tables import DateColumn
from wagtail.admin.utils import set_query_params
from wagtail.admin.views.pages.listing import IndexView, PageFilterSet
from wagtail.admin.viewsets.pages import PageListingViewSet

from core.cache_tags import LISTS
from core.freshness import TranslationStatus, status_counts
from core.page_cache import remembered
from core.translated_fields import target_languages
from rulings.flags import ANY_FLAG, FLAG_LABELS, SUPERSEDED_PASSAGE
from rulings.models import DATED_AT, ReaderQuestion, Ruling, carries_flag
from rulings.models.ruling_status import superseding_cards
from rulings.translation_admin import language_name

from .models import GuidePage

MONTHS = 12
REVIEW_QUEUE = "wagtailsnippets_rulings_ruling:review_queue"
# The chart's SVG units: bars, month labels below them, a margin for wide labels.
BAR_WIDTH, GAP, HEIGHT, LABELS, MARGIN = 10, 8, 120, 26, 6
DUE = "due"


@dataclass
class Month:
    start: datetime.date
    answered: int = 0
    abstained: int = 0

    @property
    def label(self):
        return date_format(self.start, "YEAR_MONTH_FORMAT")


def once_per_request(request, key, compute):
    """`compute()`, remembered on `request`: two home-page panels read the same figures."""
    if request is None:
        return compute()
    memo = request.__dict__.setdefault("rulesage_once_per_request", {})
    if key not in memo:
        memo[key] = compute()
    return memo[key]


def months_back(today, count):
    """The first days of the last `count` months, oldest first, this month last."""
    last = today.year * 12 + today.month - 1
    return [datetime.date(m // 12, m % 12 + 1, 1) for m in range(last - count + 1, last + 1)]


def monthly_outcomes():
    """Rulings answered and abstained in each of the last MONTHS months (site time zone),
    remembered until a list changes."""
    site_zone = timezone.get_default_timezone()
    today = timezone.localdate(timezone=site_zone)
    return remembered(f"editor-months:{today}", lambda: count_outcomes(today, site_zone), [LISTS])


def count_outcomes(today, site_zone):
    months = [Month(first) for first in months_back(today, MONTHS)]
    by_start = {month.start: month for month in months}
    first = months[0].start
    since = datetime.datetime(first.year, first.month, 1, tzinfo=site_zone)
    rows = (
        Ruling.objects.public()
        .annotate(dated_at=DATED_AT)
        .filter(dated_at__gte=since, outcome__in=["answered", "abstained"])
        .annotate(month=TruncMonth("dated_at", tzinfo=site_zone))
        .values("month", "outcome")
        .annotate(count=Count("pk"))
        .order_by()  # grouped by month and outcome only, not by the listing's order
    )
    for row in rows:
        month = by_start.get(row["month"].astimezone(site_zone).date())
        if month is not None:
            setattr(month, row["outcome"], row["count"])
    return months


def chart(months):
    """Each month's answered and abstained bars, scaled to the tallest, and its label."""
    tallest = max([1, *(max(m.answered, m.abstained) for m in months)])
    bars, labels, step = [], [], 2 * BAR_WIDTH + GAP
    for index, month in enumerate(months):
        year = month.start.year if index == 0 or month.start.month == 1 else ""
        labels.append(
            dict(x=index * step + BAR_WIDTH, month=date_format(month.start, "M"), year=year)
        )
        for offset, kind in enumerate(("answered", "abstained")):
            value = getattr(month, kind)
            height = round(HEIGHT * value / tallest)
            x, y = index * step + offset * BAR_WIDTH, HEIGHT - height
            bars.append(dict(x=x, y=y, height=height, kind=kind, value=value, label=month.label))
    sizes = dict(bar_width=BAR_WIDTH, left=-MARGIN, height=HEIGHT, full_height=HEIGHT + LABELS)
    return dict(bars=bars, labels=labels, width=len(months) * step + 2 * MARGIN, **sizes)


def queue_url(flag):
    """The review queue filtered to rulings with `flag` (ANY_FLAG: with any)."""
    return set_query_params(reverse(REVIEW_QUEUE), {"flag": flag})


FlagCount = namedtuple("FlagCount", "code label count url")


def review_figures():
    """Rulings awaiting review: (how many carry a flag, {flag code: how many}, how many in
    all, the oldest's date), remembered until a list changes."""

    def count():
        awaiting = Ruling.objects.needing_review()
        flags = {code: Count("pk", filter=carries_flag(code)) for code in FLAG_LABELS}
        flagged = awaiting.flagged().aggregate(total=Count("pk"), **flags)
        backlog = awaiting.aggregate(count=Count("pk"), oldest=Min("created_at"))
        return flagged.pop("total"), flagged, backlog["count"], backlog["oldest"]

    return remembered("editor-review", count, [LISTS])


RECHECK_LISTED = 20


def due_guides(request=None):
    """How many guides are due a re-check, and the first of them: remembered until a list
    changes (a guide published, an errata card, a passage) or the day does."""
    after_days = settings.RULESAGE_RECHECK_AFTER_DAYS
    key = f"recheck-guides:{timezone.localdate()}:{after_days}:{get_language()}"

    def read():
        due = GuidePage.objects.due_for_recheck(after_days)
        return due.count(), list(due.defer_streamfields()[:RECHECK_LISTED])

    return once_per_request(request, "due_guides", lambda: remembered(key, read, [LISTS]))


def rulings_citing_superseded():
    """The first rulings citing a passage an active errata card supersedes, each with those
    cards, remembered until a list changes."""

    def read():
        rulings = list(Ruling.objects.citing_superseded().select_related("edition")[:50])
        cards = superseding_cards(rulings)
        for ruling in rulings:
            ruling.superseding_cards = cards.get(ruling.pk, [])
        return rulings

    return remembered("recheck-rulings", read, [LISTS])


def translation_counts(language, request=None):
    """Published guides' `language` translations by status, read once a request."""
    key = f"translation_counts_{language}"
    return once_per_request(request, key, lambda: status_counts(GuidePage, language))


def editor_figures(request=None):
    months = monthly_outcomes()
    flagged, by_code, backlog_count, backlog_oldest = review_figures()
    by_flag = [
        FlagCount(code, label, by_code[code], queue_url(code))
        for code, label in FLAG_LABELS.items()
    ]
    questions = ReaderQuestion.objects.waiting().aggregate(
        count=Count("pk"), oldest=Min("created_at")
    )
    language = target_languages()[0]
    behind = TranslationStatus.BEHIND
    return {
        "months": months,
        "chart": chart(months),
        "flagged": flagged,
        "flagged_url": queue_url(ANY_FLAG),
        "by_flag": by_flag,
        "backlog": backlog_count,
        "backlog_oldest": backlog_oldest,
        "queue_url": reverse(REVIEW_QUEUE),
        "questions": questions["count"],
        "questions_oldest": questions["oldest"],
        "questions_url": set_query_params(
            reverse("reader_questions:index"), {"status": ReaderQuestion.Status.NEW}
        ),
        "language_name": language_name(language),
        "translations_url": set_query_params(
            reverse("guides_translations"), {"language": language, "status": behind}
        ),
        "translations_behind": translation_counts(language, request)[behind],
        "guides_due": due_guides(request)[0],
        "guides_due_url": recheck_url(),
        "rulings_due": next(f.count for f in by_flag if f.code == SUPERSEDED_PASSAGE),
        "rulings_due_url": queue_url(SUPERSEDED_PASSAGE),
    }


def recheck_url():
    """The guides listing narrowed to the guides due a re-check."""
    return set_query_params(reverse("guides:index"), {"recheck": DUE})


class GuideFilterSet(PageFilterSet):
    recheck = django_filters.ChoiceFilter(
        label=_("Re-check"),
        choices=[(DUE, _("Due a re-check"))],
        empty_label=_("Any"),
        method="filter_recheck",
    )

    class Meta:
        model = GuidePage
        fields = []

    def filter_recheck(self, guides, name, value):
        due = GuidePage.objects.due_for_recheck().order_by().values("pk")
        return guides.filter(pk__in=due)


class GuideListingViewSet(PageListingViewSet):
    model = GuidePage
    name = "guides"
    icon = "doc-full"
    filterset_class = GuideFilterSet
    columns = [
        *IndexView.base_columns,
        DateColumn("checked_on", label=_("Checked on"), sort_key="checked_on", width="12%"),
    ]


class EditorFiguresPanel(Component):
    """The figures above, for those who edit rulings."""

    name = "editor_figures"
    order = 40
    template_name = "guides/admin/editor_figures_panel.html"

    def get_context_data(self, parent_context=None):
        return editor_figures(request=(parent_context or {}).get("request"))


class RecheckPanel(Component):
    """Guides due a re-check, and rulings citing a passage an errata card supersedes."""

    name = "recheck_due"
    order = 50
    template_name = "guides/admin/recheck_panel.html"

    def get_context_data(self, parent_context=None):
        rulings = rulings_citing_superseded()
        due, guides = due_guides((parent_context or {}).get("request"))
        return {
            "guides": guides,
            "guides_more": due - len(guides),
            "rulings": rulings,
            "after_days": settings.RULESAGE_RECHECK_AFTER_DAYS,
            "guides_url": recheck_url(),
        }


class TranslationsPanel(Component):
    """How many translations wait for translators."""

    name = "translations"
    template_name = "guides/admin/translations_panel.html"
    order = 150

    def get_context_data(self, parent_context):
        language = target_languages()[0]
        counts = translation_counts(language, parent_context.get("request"))
        return {
            "language_name": language_name(language),
            "behind": counts[TranslationStatus.BEHIND],
            "missing": counts[TranslationStatus.MISSING],
            "dashboard_url": reverse("guides_translations"),
        }
