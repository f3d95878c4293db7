"""A feed per game: a player following one game learns of its corrections, rulings, guide
versions and errata cards, in their language, as soon as they are made."""

import datetime
from xml.etree import ElementTree

import pytest
from bs4 import BeautifulSoup
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from core.cache_tags import bump_everything
from guides.models import GamePage
from rulings.models import Ruling
from tests.rulings.factories import record_correction
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"
GAME = "point-city"


@pytest.fixture
def page_cache(settings):
    """Pages served from the cache, as in production: the feed must not be a stale copy."""
    settings.RULESAGE_PAGE_CACHE = True
    assert caches["pages"].set("ping", "pong") or caches["pages"].get("ping") == "pong"
    bump_everything()
    yield
    bump_everything()


def feed_url(language="en"):
    """The feed's address: a route of the game's page, in `language`."""
    page = GamePage.objects.get(game__slug=GAME)
    with translation.override(language):
        return page.subpage_url("feed")


def read_feed(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    feed = ElementTree.fromstring(response.content)
    return feed, [
        {
            "id": entry.find(f"{ATOM}id").text,
            "title": entry.find(f"{ATOM}title").text,
            "summary": entry.find(f"{ATOM}summary").text or "",
            "link": entry.find(f"{ATOM}link").get("href"),
            "updated": datetime.datetime.fromisoformat(entry.find(f"{ATOM}updated").text),
        }
        for entry in feed.iter(f"{ATOM}entry")
    ]


def game_rulings():
    return Ruling.objects.public().filter(edition__game__slug=GAME).order_by("pk")


def test_a_correction_made_a_moment_before_heads_the_games_feed(client, demo_site, page_cache):
    url = feed_url()
    _feed, before = read_feed(client, url)
    assert read_feed(client, url)[1] == before  # served again, from the cache
    ruling = game_rulings().first()

    record_correction(ruling, what_it_says_now="Illustrative: the later builder wins the tie.")

    _feed, after = read_feed(client, url)
    assert after[0]["title"] == f"Corrected: {ruling.question}"
    assert "Illustrative: the later builder wins the tie." in after[0]["summary"]
    assert after[0]["link"].endswith(ruling.get_absolute_url())
    correction = ruling.corrections.get(what_it_says_now__startswith="Illustrative")
    assert abs(after[0]["updated"] - correction.recorded_at) < datetime.timedelta(seconds=1)
    updated = [entry["updated"] for entry in after]
    assert updated == sorted(updated, reverse=True)
    # The same entry came back to the top: its id never changes.
    assert after[0]["id"] in {entry["id"] for entry in before}


def test_the_feed_holds_the_games_rulings_guide_versions_and_errata_and_no_other_game(
    client, demo_site
):
    feed, entries = read_feed(client, feed_url())
    assert feed.find(f"{ATOM}title").text == "Rulesage: Point City"
    links = [entry["link"] for entry in entries]
    assert any("/rulings/" in link and "/errata/" not in link for link in links)
    assert any("/errata/" in link for link in links)
    assert any("/v/" in link for link in links), "a guide version"
    others = Ruling.objects.public().exclude(edition__game__slug=GAME)
    other_codes = set(others.values_list("edition__code", flat=True))
    assert other_codes
    assert not [link for link in links for code in other_codes if f"/{code}/" in link]


def test_the_spanish_feed_has_its_own_address_and_words(client, demo_site):
    url = feed_url("es")
    assert url == "/es/juegos/ciudad-de-puntos/canal/"  # the game page's Spanish slug
    feed, entries = read_feed(client, url)
    assert feed.find(f"{ATOM}subtitle").text.startswith("Resoluciones nuevas y corregidas")
    assert entries and all(entry["link"].startswith("http://testserver/es/") for entry in entries)
    assert feed.find(f"{ATOM}id").text != read_feed(client, feed_url())[0].find(f"{ATOM}id").text


def test_the_games_pages_advertise_its_feed(client, demo_site):
    page = GamePage.objects.get(game__slug=GAME)
    ruling = game_rulings().first()
    for language in ("en", "es"):
        with translation.override(language):
            addresses = [
                page.url,
                page.subpage_url("setup_players", players=3),
                ruling.get_absolute_url(),
                ruling.edition.get_absolute_url(),
                ruling.edition.get_errata_url(),
            ]
        for address in addresses:
            soup = BeautifulSoup(client.get(address).content, "html.parser")
            feeds = soup.select('link[rel="alternate"][type="application/atom+xml"]')
            assert feed_url(language) in [link["href"] for link in feeds], address


def test_the_feed_costs_the_same_queries_however_many_rulings_the_game_has(client, demo_site):
    url = feed_url()
    client.get(url)

    def queries():
        with CaptureQueriesContext(connection) as captured:
            client.get(url)
        return len(captured)

    few = queries()
    edition = game_rulings().first().edition
    for n in range(5):
        import_export(question=f"Illustrative question {n}?", code=edition.code)
    client.get(url)  # the first read after a change finds the page's route again
    assert queries() == few


def test_an_unknown_game_has_no_feed(client, demo_site):
    response = client.get("/en/games/no-such-game/feed/")
    assert response.status_code == 404
