"""The games index and game pages as a catalogue of thousands reads them: a page at a
time, a jump to each initial, a box that finds a game by name, and a query count that
does not grow with the games listed or a game's editions."""

import re

import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalogue.models import Document, Edition
from guides.models import GamePage, GamesIndexPage

pytestmark = pytest.mark.django_db


@pytest.fixture
def index_url(small_catalogue):
    return GamesIndexPage.objects.live().get().url


@pytest.fixture
def per_page(monkeypatch):
    def set_to(number):
        monkeypatch.setattr("guides.models.games.GAMES_PER_PAGE", number)

    return set_to


def soup_of(response):
    assert response.status_code == 200
    return BeautifulSoup(response.content, "html.parser")


def titles(soup):
    return [a.get_text(strip=True) for a in soup.select("main .card-list .card h2 a")]


def every_title():
    pages = GamePage.objects.live().order_by("title_en", "pk")
    return sorted(pages.values_list("title_en", flat=True), key=str.casefold)


def test_the_index_pages_through_every_game_alphabetically(client, index_url, per_page):
    per_page(3)
    everything = every_title()
    pages = -(-len(everything) // 3)
    first = soup_of(client.get(index_url))
    assert len(titles(first)) == 3
    assert "page 1 of" in first.select_one("main").get_text()
    assert first.select_one("link[rel=prev]") is None
    assert first.select_one("link[rel=next]")["href"].endswith("?page=2")
    seen = []
    for number in range(2, pages + 1):
        seen += titles(soup_of(client.get(index_url, {"page": number})))
    assert [t.casefold() for t in titles(first) + seen] == [t.casefold() for t in everything]
    to_last = client.get(index_url, {"page": "last"}, follow=True)
    assert to_last.redirect_chain == [(f"{index_url}?page={pages}", 302)]
    last = soup_of(to_last)
    assert titles(last) == seen[(pages - 2) * 3 :]
    assert f"Page {pages} of {pages}" in last.select_one("title").get_text()
    assert last.select_one("link[rel=next]") is None
    assert last.select_one("link[rel=prev]")["href"].endswith(f"?page={pages - 1}")


@pytest.mark.parametrize("bad", ["abc", "0", "-1", "999999", "1.5", "9" * 30])
def test_a_bad_page_is_not_found(client, index_url, bad):
    assert client.get(index_url, {"page": bad}).status_code == 404


def test_each_initial_leads_to_the_page_where_its_games_begin(client, index_url, per_page):
    per_page(3)
    jumps = soup_of(client.get(index_url)).select("nav.initials a")
    initials = [a.get_text() for a in jumps]
    assert initials == sorted({t[0].upper() for t in every_title()})
    for jump in jumps:
        href, anchor = jump["href"].split("#")
        page = soup_of(client.get(index_url + href))
        target = page.select_one(f'[id="{anchor}"] h2 a').get_text(strip=True)
        assert target[0].upper() == jump.get_text()
        # The first game of that initial: none before it on the page starts with it.
        on_page = titles(page)
        before = on_page[: on_page.index(target)]
        assert not any(title[0].upper() == jump.get_text() for title in before)


def test_the_box_finds_games_by_part_of_their_name_in_any_case(client, index_url):
    wanted = GamePage.objects.live().order_by("pk").last()
    part = wanted.title_en[1:5].upper()
    soup = soup_of(client.get(index_url, {"q": part}))
    found = titles(soup)
    assert wanted.title_en in found
    assert all(part.casefold() in title.casefold() for title in found)
    assert soup.select_one("#games-q")["value"] == part
    assert soup.select_one("meta[name=robots]")["content"] == "noindex"
    nothing = soup_of(client.get(index_url, {"q": "zzzzqqq"}))
    assert titles(nothing) == [] and "No game's name holds that" in nothing.get_text()


def test_the_index_costs_the_same_queries_for_3_or_50_games_a_page(client, index_url, per_page):
    def queries(**params):
        client.get(index_url, params)  # the site's remembered values read once
        with CaptureQueriesContext(connection) as captured:
            response = client.get(index_url, params)
        assert response.status_code == 200
        return len(captured)

    per_page(3)
    few = queries()
    per_page(50)
    assert queries() == few <= 12
    assert queries(q="a") <= few


def test_the_home_page_shows_a_few_games_and_the_way_to_all_of_them(
    client, small_catalogue, monkeypatch
):
    from pages.models import HomePage

    monkeypatch.setattr(HomePage, "GAMES_SHOWN", 4)
    soup = soup_of(client.get("/en/"))
    games = soup.select("section[aria-labelledby=games-heading] .card")
    assert len(games) == 4 < GamePage.objects.live().count()
    link = soup.find("a", string="All games")
    assert link["href"] == GamesIndexPage.objects.get().url
    count = GamePage.objects.live().count()
    assert f"({count})" in link.parent.get_text()
    assert soup.select_one("#home-games-q").find_parent("form")["action"] == link["href"]


def test_a_game_page_counts_each_editions_rulings_in_the_same_queries_however_many(
    client, small_catalogue
):
    game_page = GamePage.objects.live().filter(game__bgg_id__gte=900_000).first()
    game = game_page.game

    def visit():
        client.get(game_page.url)
        with CaptureQueriesContext(connection) as captured:
            response = client.get(game_page.url)
        return soup_of(response), len(captured)

    soup, before = visit()
    first = game.editions.order_by("code").first()
    shown = soup.select_one("section[aria-labelledby=rulings-heading]").get_text()
    count = first.rulings.public().count()
    assert re.search(rf"\({count} rulings?\)", shown)
    for n in range(5):
        edition = Edition.objects.create(
            game=game, code=f"bg-{game.bgg_id}-en-{n + 7}e", label=f"Printing {n + 7}"
        )
        Document.objects.create(edition=edition, kind="rulebook", title=f"Rulebook {n + 7}")
    soup, after = visit()
    assert after == before
    assert "Printing 11" in soup.get_text() and "(0 rulings)" in soup.get_text()
