"""The editors' figures on the admin home page match what the database holds, cost the
same few queries however many rulings there are (the chart remembered until a ruling
changes), and read in the admin's language."""

import datetime

import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from wagtail.users.models import UserProfile

from guides.admin_desk import count_outcomes, editor_figures, monthly_outcomes, months_back
from rulings.models import ReaderQuestion, Ruling
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db

UNDECIDED = ["imported", "written", "needs_review"]


def answered(question, outcome="answered", months_ago=0, status=None, flags=(), days_old=1):
    ruling = import_export(question=question)
    when = timezone.now().replace(day=15) - datetime.timedelta(days=31 * months_ago)
    Ruling.objects.filter(pk=ruling.pk).update(
        answered_at=when,
        created_at=timezone.now() - datetime.timedelta(days=days_old),
        outcome=outcome,
        status=status or Ruling.Status.IMPORTED,
        flags=[{"code": code, "message": code} for code in flags],
        flag_count=len(flags),
    )
    return ruling


def asked(edition, question, days_ago, **fields):
    found = ReaderQuestion.objects.create(edition=edition, question=question, **fields)
    ReaderQuestion.objects.filter(pk=found.pk).update(
        created_at=timezone.now() - datetime.timedelta(days=days_ago)
    )
    return found


@pytest.fixture
def desk(db):
    first = answered("A?", months_ago=0, days_old=12)
    answered("B?", months_ago=0, status=Ruling.Status.VERIFIED, days_old=40)
    answered("C?", outcome="abstained", months_ago=0, flags=["cut_off"])
    answered("D?", months_ago=2, flags=["cut_off", "citation_unresolved"])
    answered("E?", outcome="abstained", months_ago=2, status=Ruling.Status.WITHDRAWN)
    asked(first.edition, "Illustrative: oldest waiting?", 6)
    asked(first.edition, "Illustrative: waiting?", 2)
    asked(
        first.edition,
        "Illustrative: declined?",
        30,
        status=ReaderQuestion.Status.DECLINED,
        decline_reason="Not about the rules.",
    )


def test_the_figures_are_the_databases_counts(desk):
    figures = editor_figures()
    this_month, two_ago = figures["months"][-1], figures["months"][-3]
    public = Ruling.objects.exclude(status="withdrawn")
    start = this_month.start
    assert (
        this_month.answered
        == public.filter(outcome="answered", answered_at__date__gte=start).count()
        == 2
    )
    assert this_month.abstained == 1
    assert (two_ago.answered, two_ago.abstained) == (1, 0)  # the withdrawn one is not counted
    waiting_review = Ruling.objects.filter(status__in=UNDECIDED)
    assert figures["flagged"] == waiting_review.filter(flag_count__gt=0).count() == 2
    by_flag = {flag.code: flag.count for flag in figures["by_flag"]}
    for code, count in by_flag.items():
        assert count == waiting_review.filter(flags__contains=[{"code": code}]).count()
    assert (by_flag["cut_off"], by_flag["citation_unresolved"]) == (2, 1)
    undecided = Ruling.objects.filter(status__in=UNDECIDED).order_by("created_at")
    assert figures["backlog"] == undecided.count() == 3
    assert figures["backlog_oldest"] == undecided.first().created_at
    waiting = ReaderQuestion.objects.filter(status="new").order_by("created_at")
    assert figures["questions"] == waiting.count() == 2
    assert figures["questions_oldest"] == waiting.first().created_at


def test_twelve_months_oldest_first_across_a_new_year():
    firsts = months_back(datetime.date(2026, 2, 10), 12)
    assert firsts[0] == datetime.date(2025, 3, 1) and firsts[-1] == datetime.date(2026, 2, 1)
    assert len(set(firsts)) == 12


def test_the_figures_cost_a_handful_of_queries_however_many_rulings(desk):
    editor_figures()  # what is read once per process (content types)
    with CaptureQueriesContext(connection) as few:
        editor_figures()
    for n in range(5):
        answered(f"More {n}?", flags=["cut_off"], outcome=["answered", "abstained"][n % 2])
        asked(Ruling.objects.first().edition, f"Illustrative: more {n}?", n)
    editor_figures()  # the chart is counted again once after a change, then remembered
    with CaptureQueriesContext(connection) as more:
        editor_figures()
    assert len(more) == len(few) <= 12


def test_the_admin_home_costs_the_same_however_many_rulings(admin_client, home, desk):
    admin_client.get("/admin/")  # what is read once per process (content types, sites)
    with CaptureQueriesContext(connection) as few:
        admin_client.get("/admin/")
    for n in range(5):
        answered(f"More {n}?", flags=["citation_not_referred"], months_ago=n)
    admin_client.get("/admin/")  # the chart counted again once, after the changes
    with CaptureQueriesContext(connection) as more:
        admin_client.get("/admin/")
    assert len(more) == len(few)


def months_shown():
    return [(m.start, m.answered, m.abstained) for m in monthly_outcomes()]


def months_recounted():
    zone = timezone.get_default_timezone()
    today = timezone.localdate(timezone=zone)
    return [(m.start, m.answered, m.abstained) for m in count_outcomes(today, zone)]


def saved(question, **fields):
    """The ruling asked `question` changed and saved, as its edit form saves it."""
    ruling = Ruling.objects.get(question=question)
    for name, value in fields.items():
        setattr(ruling, name, value)
    ruling.save()


CHANGES = {
    "answer": lambda: saved("C?", outcome="answered"),
    "abstain": lambda: saved("A?", outcome="abstained"),
    "withdraw": lambda: saved("B?", status=Ruling.Status.WITHDRAWN),
    "import": lambda: import_export(
        question="Imported now?", recorded=timezone.now().strftime("%b %d, %Y 10:00 UTC")
    ),
}


@pytest.mark.parametrize("change", CHANGES)
def test_the_chart_is_remembered_until_a_ruling_changes_then_counted_again(desk, change):
    before = months_shown()
    assert before == months_recounted()
    with CaptureQueriesContext(connection) as again:
        assert months_shown() == before
    assert not again.captured_queries  # remembered: no ruling is counted twice
    CHANGES[change]()
    assert months_shown() == months_recounted() != before


def panel(client):
    soup = BeautifulSoup(client.get("/admin/").content, "html.parser")
    return soup.select_one(".editor-figures")


def test_the_admin_home_shows_the_figures_and_the_chart(admin_client, home, desk):
    figures = panel(admin_client)
    assert figures.select_one("[data-figure=backlog]").get_text().split()[0] == "3"
    backlog_link = figures.select_one("[data-figure=backlog] a")["href"]
    assert backlog_link == "/admin/snippets/rulings/ruling/review/"
    oldest = figures.select_one("[data-figure=backlog] [data-figure-oldest]").get_text()
    assert " ".join(oldest.split()) == "(oldest waiting 1 week, 5 days)"  # twelve days
    assert figures.select_one("[data-figure=questions]").get_text().split()[0] == "2"
    assert "status=new" in figures.select_one("[data-figure=questions] a")["href"]
    assert figures.select_one("[data-figure=flagged]").get_text().split()[0] == "2"
    cut_off = figures.select_one("[data-flag=cut_off]")
    assert cut_off.select_one("[data-flag-count]").get_text() == "2"
    assert cut_off.select_one("a")["href"].endswith("?flag=cut_off")
    assert len(figures.select("svg rect.bar--answered")) == 12
    heights = [int(bar["height"]) for bar in figures.select("svg rect.bar--answered")]
    assert heights[-1] == max(heights) > 0  # this month's two answered are the tallest
    last_row = figures.select("table.editor-figures__table tbody tr")[-1]
    assert [cell.get_text() for cell in last_row.select("td")] == ["2", "1"]


def test_the_figures_read_in_the_admins_language(admin_client, admin_user, home, desk):
    profile = UserProfile.get_for_user(admin_user)
    profile.preferred_language = "es"
    profile.save()
    figures = panel(admin_client)
    text = " ".join(figures.get_text().split())
    assert "Pendientes de revisión" in text
    assert "3 resoluciones necesitan revisión" in text
    assert "Respondida" in text
