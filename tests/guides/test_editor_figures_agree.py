"""The editors' figures agree with the desk: each moves when its thing appears, and its link
opens the list where that thing is worked on, filtered to show it; rulings are counted in
the month their answer was given, in the site's time zone, under month labels an editor
can read in English and Spanish."""

import datetime

import pytest
from bs4 import BeautifulSoup
from django.utils import timezone, translation
from django.utils.formats import date_format
from wagtail.users.models import UserProfile

from rulings.flags import FLAG_LABELS
from rulings.models import ReaderQuestion, Ruling
from tests.guides.factories import publish, publish_version
from tests.rulings.factories import errata_card
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db


def soup(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return BeautifulSoup(response.content, "html.parser")


def figure(client, name):
    """The figure `name` on the admin's home page: its number and where it links."""
    found = soup(client, "/admin/").select_one(f".editor-figures [data-figure={name}]")
    link = found if found.name == "a" else found.select_one("a")
    return int(link.get_text().split()[0]), link["href"]


def listed(client, url):
    """The text of each row of the listing at `url`."""
    rows = soup(client, url).select("table.listing tbody tr, #translation-guides tbody tr")
    return [" ".join(row.get_text(" ").split()) for row in rows]


def waiting(question, flags=(), status=Ruling.Status.IMPORTED):
    ruling = import_export(question=question)
    Ruling.objects.filter(pk=ruling.pk).update(
        status=status,
        flags=[{"code": code, "message": code} for code in flags],
        flag_count=len(flags),
    )
    return ruling


def test_a_ruling_waiting_for_review_is_counted_and_in_the_queue(admin_client, home):
    assert figure(admin_client, "backlog")[0] == 0
    waiting("Illustrative: may I trade?")
    count, url = figure(admin_client, "backlog")
    assert count == 1
    assert any("Illustrative: may I trade?" in row for row in listed(admin_client, url))


@pytest.mark.parametrize("code", list(FLAG_LABELS))
def test_each_flag_leads_to_the_queue_filtered_to_it(admin_client, home, code):
    waiting("Illustrative: flagged?", flags=[code])
    waiting(
        "Illustrative: flagged otherwise?",
        flags=[other for other in FLAG_LABELS if other != code][:1],
    )
    # Verified despite its flag: an editor decided, nothing waits.
    waiting("Illustrative: verified?", flags=[code], status=Ruling.Status.VERIFIED)
    page = soup(admin_client, "/admin/")
    flag = page.select_one(f".editor-figures [data-flag={code}]")
    assert flag.select_one("[data-flag-count]").get_text() == "1"
    rows = listed(admin_client, flag.select_one("a")["href"])
    assert len(rows) == 1 and "Illustrative: flagged?" in rows[0]

    count, url = figure(admin_client, "flagged")
    rows = listed(admin_client, url)
    assert count == len(rows) == 2
    assert not any("verified?" in row for row in rows)


def test_a_reader_question_is_counted_and_listed_as_new(admin_client, home):
    ruling = import_export()
    assert figure(admin_client, "questions")[0] == 0
    ReaderQuestion.objects.create(edition=ruling.edition, question="Illustrative: who starts?")
    count, url = figure(admin_client, "questions")
    assert count == 1
    assert any("Illustrative: who starts?" in row for row in listed(admin_client, url))


def test_a_translation_behind_is_counted_and_on_the_dashboard_as_behind(
    admin_client, spanish_guide
):
    assert figure(admin_client, "translations-behind")[0] == 0
    publish_version(spanish_guide, "Ties explained.", intro_en="Now with ties.")
    count, url = figure(admin_client, "translations-behind")
    assert count == 1
    rows = soup(admin_client, url).select("#translation-guides tbody tr")
    assert [row["data-status"] for row in rows] == ["behind"]
    assert spanish_guide.title in rows[0].get_text()


def test_a_guide_due_a_recheck_is_counted_and_in_the_guides_listing(admin_client, guide, settings):
    settings.RULESAGE_RECHECK_AFTER_DAYS = 365
    count, url = figure(admin_client, "guides-due")
    assert count == 0 and listed(admin_client, url) == []
    publish(guide, checked_on=timezone.localdate() - datetime.timedelta(days=400))
    count, url = figure(admin_client, "guides-due")
    rows = listed(admin_client, url)
    assert count == len(rows) == 1 and guide.title in rows[0]
    # The listing without the filter has every guide.
    assert any(guide.title in row for row in listed(admin_client, "/admin/guides/"))


def test_a_ruling_citing_a_superseded_passage_is_due_and_in_the_queue(admin_client, home):
    ruling = import_export(question="Illustrative: still true?")
    assert figure(admin_client, "rulings-due")[0] == 0
    errata_card(ruling.citations.get(n=1).passage)
    count, url = figure(admin_client, "rulings-due")
    rows = listed(admin_client, url)
    assert count == len(rows) == 1 and "Illustrative: still true?" in rows[0]


def editors_ruling(question, edition):
    """A ruling an editor wrote and published: its answer is dated by its publishing."""
    return Ruling.objects.create(
        edition=edition,
        question=question,
        answer="Yes [1].",
        origin=Ruling.Origin.EDITOR,
        status=Ruling.Status.WRITTEN,
    )


def table_row(client, month_start):
    label = date_format(month_start, "YEAR_MONTH_FORMAT")
    for row in soup(client, "/admin/").select("table.editor-figures__table tbody tr"):
        if row.select_one("th").get_text() == label:
            return [int(cell.get_text()) for cell in row.select("td")]
    raise AssertionError(f"no row for {label}")


def test_a_ruling_answered_today_counts_in_this_month(admin_client, home):
    edition = import_export().edition  # answered in October, by its export
    this_month = timezone.localdate().replace(day=1)
    assert table_row(admin_client, this_month) == [0, 0]
    ruling = editors_ruling("Illustrative: answered today?", edition)
    assert timezone.localdate(ruling.dated_at) == timezone.localdate()
    assert table_row(admin_client, this_month) == [1, 0]


def test_an_export_without_an_answer_date_counts_on_the_day_its_page_shows(admin_client, home):
    """An export that states no answer date is dated, on its page and in every feed, by
    the day it was stored; the figures count it there too, not nowhere."""
    this_month = timezone.localdate().replace(day=1)
    assert table_row(admin_client, this_month) == [0, 0]
    ruling = import_export(recorded="the day it was answered")
    assert Ruling.objects.get(pk=ruling.pk).answered_at is None
    assert Ruling.objects.get(pk=ruling.pk).dated_at.date() >= this_month
    assert table_row(admin_client, this_month) == [1, 0]


def test_months_are_the_sites_whatever_the_editors_time_zone(
    admin_client, admin_user, home, settings
):
    settings.TIME_ZONE = "Pacific/Auckland"
    site = timezone.get_default_timezone()
    profile = UserProfile.get_for_user(admin_user)
    profile.current_time_zone = "America/Los_Angeles"  # a day behind Auckland
    profile.save()
    today = timezone.localdate(timezone=site)
    start = datetime.datetime(today.year, today.month, 1, tzinfo=site)
    ruling = import_export()
    previous = import_export(question="Illustrative: last month?")
    Ruling.objects.filter(pk=ruling.pk).update(answered_at=start + datetime.timedelta(hours=1))
    Ruling.objects.filter(pk=previous.pk).update(answered_at=start - datetime.timedelta(hours=1))
    last_month = (start - datetime.timedelta(days=1)).date().replace(day=1)
    assert table_row(admin_client, start.date()) == [1, 0]
    assert table_row(admin_client, last_month) == [1, 0]


def test_the_chart_names_its_months_in_the_editors_language(admin_client, admin_user, home):
    this_month = timezone.localdate().replace(day=1)
    english = soup(admin_client, "/admin/").select_one(".editor-figures svg")
    labels = [text.contents[0].strip() for text in english.select("text.month-label")]
    assert len(labels) == 12 and labels[-1] == date_format(this_month, "M")
    assert str(this_month.year) in english.select("text.month-label")[0].get_text()

    profile = UserProfile.get_for_user(admin_user)
    profile.preferred_language = "es"
    profile.save()
    page = soup(admin_client, "/admin/")
    with translation.override("es"):
        short, full = date_format(this_month, "M"), date_format(this_month, "YEAR_MONTH_FORMAT")
    assert page.select("svg text.month-label")[-1].contents[0].strip() == short
    assert page.select("table.editor-figures__table tbody th")[-1].get_text() == full
    assert full != date_format(this_month, "YEAR_MONTH_FORMAT")  # Spanish, not English
