"""The corrections log as a catalogue with thousands of corrections reads it: a page at a
time, newest first across guides and rulings, in the same queries however many are shown;
its feed in a handful of queries."""

import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from guides.models import GuideCorrection
from rulings.models import RulingCorrection

pytestmark = pytest.mark.django_db


@pytest.fixture
def per_page(monkeypatch):
    def set_to(number):
        monkeypatch.setattr("pages.views.CORRECTIONS_PER_PAGE", number)

    return set_to


def entries(response):
    assert response.status_code == 200
    soup = BeautifulSoup(response.content, "html.parser")
    return soup, [
        (li.select_one("time")["datetime"], li.select_one("a")["href"])
        for li in soup.select("main ol.corrections > li")
    ]


def public_count():
    return RulingCorrection.objects.public().count() + GuideCorrection.objects.public().count()


def test_the_log_pages_through_every_correction_newest_first(client, small_catalogue, per_page):
    per_page(5)
    total = public_count()
    assert total > 10
    pages = -(-total // 5)
    url = reverse("corrections_log")
    soup, first = entries(client.get(url))
    assert len(first) == 5
    assert soup.select_one("link[rel=next]")["href"].endswith("?page=2")
    assert soup.select_one("link[rel=prev]") is None
    seen = list(first)
    for number in range(2, pages + 1):
        soup, page = entries(client.get(url, {"page": number}))
        seen += page
    assert f"Page {pages} of {pages}" in soup.select_one("title").get_text()
    assert soup.select_one("h1").get_text(" ", strip=True).endswith(f"Page {pages} of {pages}")
    assert len(seen) == len(set(seen)) == total
    dates = [day for day, _url in seen]
    assert dates == sorted(dates, reverse=True)
    to_last = client.get(url, {"page": "last"}, follow=True)
    assert to_last.redirect_chain == [(f"{url}?page={pages}", 302)]
    assert entries(to_last)[1] == seen[(pages - 1) * 5 :]


@pytest.mark.parametrize("bad", ["abc", "0", "999999", "-3"])
def test_a_bad_page_of_the_log_is_not_found(client, small_catalogue, bad):
    assert client.get(reverse("corrections_log"), {"page": bad}).status_code == 404


def test_the_log_costs_the_same_queries_for_5_or_50_corrections_a_page(
    client, small_catalogue, per_page
):
    url = reverse("corrections_log")

    def queries(**params):
        client.get(url, params)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url, params).status_code == 200
        return len(captured)

    # A source's rows are read only when the page shows some of its corrections: one query
    # more when guides' corrections appear among the rulings', never one per correction.
    per_page(5)
    few = queries()
    assert abs(queries(page=-(-public_count() // 5)) - few) <= 1
    per_page(50)
    assert abs(queries() - few) <= 1
    assert max(few, queries()) <= 10


def test_the_feed_and_the_home_page_read_the_newest_in_a_few_queries(client, small_catalogue):
    for url in (reverse("corrections_feed"), "/en/"):
        client.get(url)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        assert len(captured) <= 15, url
    feed = client.get(reverse("corrections_feed")).content.decode()
    newest = RulingCorrection.objects.public().first()
    assert newest.what_it_says_now in feed
