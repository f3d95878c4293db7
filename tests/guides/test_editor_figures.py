"""The editors' figures on the admin home page match what the database holds."""

import datetime

import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from guides.editor_figures import editor_figures, months_back
from rulings.models import ReaderQuestion, Ruling
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db


def answered(question, outcome="answered", months_ago=0, status=None, flags=()):
    ruling = import_export(question=question)
    when = timezone.now().replace(day=15) - datetime.timedelta(days=31 * months_ago)
    Ruling.objects.filter(pk=ruling.pk).update(
        answered_at=when,
        outcome=outcome,
        status=status or Ruling.Status.IMPORTED,
        flags=[{"code": code, "message": code} for code in flags],
        flag_count=len(flags),
    )
    return ruling


@pytest.fixture
def desk(db):
    answered("A?", months_ago=0)
    answered("B?", months_ago=0, status=Ruling.Status.VERIFIED)
    answered("C?", outcome="abstained", months_ago=0, flags=["cut_off"])
    answered("D?", months_ago=2, flags=["cut_off", "citation_unresolved"])
    answered("E?", outcome="abstained", months_ago=2, status=Ruling.Status.WITHDRAWN)


def test_the_figures_are_the_databases_counts(desk):
    figures = editor_figures()
    this_month, two_ago = figures["months"][-1], figures["months"][-3]
    public = Ruling.objects.public()
    start = this_month.start
    assert (
        this_month.answered
        == public.filter(outcome="answered", answered_at__date__gte=start).count()
        == 2
    )
    assert this_month.abstained == 1
    assert (two_ago.answered, two_ago.abstained) == (1, 0)  # the withdrawn one is not counted
    assert figures["flagged"] == public.filter(flag_count__gt=0).count() == 2
    assert dict((str(label), n) for label, n in figures["by_flag"])["Answer cut off"] == 2
    undecided = public.exclude(status__in=Ruling.Status.decided())
    assert figures["backlog"] == undecided.count() == 3
    waiting = ReaderQuestion.objects.filter(status=ReaderQuestion.Status.NEW).count()
    assert figures["questions"] == waiting


def test_twelve_months_oldest_first_across_a_new_year():
    firsts = months_back(datetime.date(2026, 2, 10), 12)
    assert firsts[0] == datetime.date(2025, 3, 1) and firsts[-1] == datetime.date(2026, 2, 1)
    assert len(set(firsts)) == 12


def test_the_figures_cost_a_handful_of_queries_however_many_rulings(desk):
    with CaptureQueriesContext(connection) as few:
        editor_figures()
    for n in range(5):
        answered(f"More {n}?", flags=["cut_off"])
    with CaptureQueriesContext(connection) as more:
        editor_figures()
    assert len(more) == len(few) <= 12


def test_the_admin_home_shows_the_figures_and_the_chart(admin_client, home, desk):
    soup = BeautifulSoup(admin_client.get("/admin/").content, "html.parser")
    panel = soup.select_one(".editor-figures")
    assert panel.select_one("[data-figure=backlog]").get_text().split()[0] == "3"
    assert panel.select_one("[data-figure=flagged]").get_text().split()[0] == "2"
    assert len(panel.select("svg rect.bar--answered")) == 12
    assert (
        panel.select("table.editor-figures__table tbody tr")[-1].select("td")[0].get_text() == "2"
    )
