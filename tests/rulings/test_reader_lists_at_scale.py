"""The rulings lists, a document's passages, the errata registry, the ask page and the
rulings feed cost a reader the same whatever the size of the catalogue: a few queries
that do not grow with its games, editions or rulings, the same on the first page as on
the last, and no list of every edition in the page."""

import re
from urllib.parse import urlencode

import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.db.models import Count
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from catalogue.models import Document, Edition, ErrataCard
from rulings.models import Ruling

pytestmark = pytest.mark.django_db

# The most queries a reader list may make, measured on a catalogue of 400 rulings over
# 16 editions: a query per edition, game or ruling on the page would show far above it.
LIST_BUDGET = 5
PER_PAGE = 50


def queries_on(client, url):
    """(queries, response) of `url`, once what pages remember (the header) is warm."""
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries), response


def html(response):
    return BeautifulSoup(response.content, "html.parser")


def crowded_edition():
    return Edition.objects.annotate(n=Count("rulings")).order_by("-n", "pk").first()


def last_page(path, rulings, **query):
    """The address of the last page of `rulings`, listed at `path` with `query`."""
    pages = -(-rulings.count() // PER_PAGE)
    query |= {"page": pages} if pages > 1 else {}
    return f"{path}?{urlencode(query)}" if query else path


def lists():
    """Each list's first page and its last."""
    edition = crowded_edition()
    crowded = edition.get_absolute_url()
    index = reverse("rulings:index")
    with translation.override("es"):
        spanish = reverse("rulings:index")
    public = Ruling.objects.public()
    return [
        (index, last_page(index, public)),
        (
            f"{index}?status=verified",
            last_page(index, public.filter(status="verified"), status="verified"),
        ),
        (crowded, last_page(crowded, public.filter(edition=edition))),
        (spanish, last_page(spanish, public)),
    ]


def test_every_page_of_every_rulings_list_makes_the_same_few_queries(client, small_catalogue):
    for first, last in lists():
        on_first, response = queries_on(client, first)
        on_last, _response = queries_on(client, last)
        assert on_first == on_last <= LIST_BUDGET, (first, on_first, on_last)
        assert not html(response).select("select, option"), first


def test_pages_go_through_the_rulings_in_order_and_say_where_the_reader_is(client, small_catalogue):
    index = reverse("rulings:index")
    ordered = list(Ruling.objects.public())
    pages = -(-len(ordered) // PER_PAGE)
    second = html(client.get(index, {"page": 2}))
    links = [a["href"] for a in second.select(".ruling-list > li > a")]
    assert links == [r.get_absolute_url() for r in ordered[PER_PAGE : 2 * PER_PAGE]]
    assert f"page 2 of {pages}" in second.title.get_text()
    assert f"Page 2 of {pages}" in second.select_one(".pagination").get_text()
    assert second.select_one('link[rel="prev"]')["href"] == "?"
    assert second.select_one('link[rel="next"]')["href"] == "?page=3"
    assert second.select_one('.pagination a[rel="next"]')["href"] == "?page=3"

    to_last = client.get(index, {"page": "last"})
    assert (to_last.status_code, to_last["Location"]) == (302, f"{index}?page={pages}")
    last = html(client.get(to_last["Location"]))
    links = [a["href"] for a in last.select(".ruling-list > li > a")]
    assert links == [r.get_absolute_url() for r in ordered[(pages - 1) * PER_PAGE :]]
    assert f"Page {pages} of {pages}" in last.select_one(".pagination").get_text()
    assert not last.select('link[rel="next"]')
    # The middle reads the same rows as Django's own paginator would.
    middle = pages // 2 + 1
    links = [
        a["href"] for a in html(client.get(index, {"page": middle})).select(".ruling-list > li > a")
    ]
    assert links == [
        r.get_absolute_url() for r in ordered[(middle - 1) * PER_PAGE : middle * PER_PAGE]
    ]


def test_filter_links_keep_the_status_and_the_pager_keeps_the_filter(client, small_catalogue):
    index = reverse("rulings:index")
    page = html(client.get(index, {"status": "verified"}))
    assert page.select_one(".status-filter [aria-current]").get_text() == "Verified"
    verified = Ruling.objects.public().filter(status="verified").count()
    if verified > PER_PAGE:
        assert page.select_one('.pagination a[rel="next"]')["href"] == "?status=verified&page=2"
    shown = {a["href"] for a in page.select(".ruling-list > li > a")}
    others = Ruling.objects.exclude(status="verified")
    assert not shown & {r.get_absolute_url() for r in others}


@pytest.mark.parametrize("number", ["abc", "0", "-1", "1.5", "999999", ""])
def test_a_page_number_that_names_no_page_is_not_found(client, small_catalogue, number):
    index = reverse("rulings:index")
    expected = 200 if number == "" else 404
    assert client.get(index, {"page": number}).status_code == expected
    document = Document.objects.annotate(n=Count("passages")).order_by("-n").first()
    assert client.get(document.get_absolute_url(), {"page": number}).status_code == expected


def test_a_long_document_comes_in_pages_and_a_cited_passage_opens_its_page(client, small_catalogue):
    document = Document.objects.annotate(n=Count("passages")).order_by("-n").first()
    passages = list(document.passages.order_by("page", "heading_path", "pk"))
    assert len(passages) > 2 * PER_PAGE  # the catalogue's rulebooks have 125
    on_first, first = queries_on(client, document.get_absolute_url())
    on_last, last = queries_on(client, f"{document.get_absolute_url()}?page=3")
    assert on_first == on_last <= LIST_BUDGET
    assert len(html(first).select("section.passage")) == PER_PAGE
    assert len(html(last).select("section.passage")) == len(passages) - 2 * PER_PAGE
    late = passages[2 * PER_PAGE + 1]
    response = client.get(late.get_absolute_url())
    assert response.status_code == 302
    assert response["Location"] == f"{document.get_absolute_url()}?page=3#{late.anchor}"
    assert html(client.get(response["Location"])).find(id=late.anchor)


def test_the_errata_registry_and_the_feed_make_a_fixed_few_queries(client, small_catalogue):
    card = ErrataCard.objects.select_related("edition").first()
    on_registry, _response = queries_on(client, card.edition.get_errata_url())
    assert on_registry <= LIST_BUDGET
    on_feed, feed = queries_on(client, reverse("rulings_feed"))
    # The rulings, then their corrections: two, whatever the number of entries.
    assert on_feed <= 3
    assert feed.content.count(b"<entry>") == PER_PAGE


def test_the_ask_page_is_small_and_offers_no_list_of_editions(client, small_catalogue):
    edition = crowded_edition()
    ask = reverse("rulings:ask")
    on_ask, response = queries_on(client, f"{ask}?edition={edition.code}")
    assert on_ask <= 3
    assert not html(response).select("select, option")
    field = html(response).find(id="id_edition")
    assert field["value"].endswith(f"({edition.code})")
    assert len(response.content) < 20_000


def test_the_typeahead_suggests_editions_of_the_games_typed(client, small_catalogue):
    edition = crowded_edition()
    typed = edition.game.name[1:5]
    address = reverse("suggestions")
    found = client.get(address, {"q": typed, "kind": "editions"}).json()["suggestions"]
    assert f"{edition.game.name} · {edition.label} ({edition.code})" in found
    assert all(re.search(re.escape(typed), label, re.IGNORECASE) for label in found)
    assert client.get(address, {"q": "z", "kind": "editions"}).json() == {"suggestions": []}
