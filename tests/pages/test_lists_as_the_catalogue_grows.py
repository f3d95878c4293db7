"""The reader lists, the edition typeahead and the admin home cost the same queries on a
larger catalogue, on their last pages as on their first: a list's total is remembered until
a list changes (then counted again, and right), and a late page is read from the list's end."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from guides.models import GamesIndexPage
from rulings.models import Ruling
from tests.guides.factories import GamePageFactory
from tests.rulings.factories import EditionFactory, record_correction
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db

BUDGET = 12
PER_PAGE = 3  # the games index and the log, so the small catalogue fills several pages


@pytest.fixture
def short_pages(monkeypatch):
    monkeypatch.setattr("guides.models.games.GAMES_PER_PAGE", PER_PAGE)
    monkeypatch.setattr("pages.views.CORRECTIONS_PER_PAGE", PER_PAGE)


def reader_lists():
    return {
        "rulings": reverse("rulings:index"),
        "corrections log": reverse("corrections_log"),
        "games index": GamesIndexPage.objects.live().get().url,
    }


def queries(client, url):
    """The queries of `url` once warm (what pages remember read once), and its response."""
    client.get(url)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured), response


def last_page(client, url):
    response = client.get(url, {"page": "last"})
    return response["Location"] if response.status_code == 302 else url


def grow(count=12):
    """`count` more rulings (imported), corrections of them, games with an edition and a
    game page."""
    index = GamesIndexPage.objects.live().get()
    for n in range(count):
        ruling = import_export(question=f"Grown {n}?")
        record_correction(ruling, what_was_wrong=f"Wrong {n}.", what_it_says_now=f"Right {n}.")
        edition = EditionFactory(
            game__name=f"Grown game {n}", game__slug=f"grown-game-{n}", game__bgg_id=990000 + n
        )
        GamePageFactory(parent=index, game=edition.game)


@pytest.mark.parametrize("name", ["rulings", "corrections log", "games index"])
def test_a_list_costs_the_same_first_and_last_on_a_larger_catalogue(
    client, small_catalogue, short_pages, name
):
    url = reader_lists()[name]
    first, _response = queries(client, url)
    last, _response = queries(client, last_page(client, url))
    grow()
    first_after, _response = queries(client, url)
    last_after, response = queries(client, last_page(client, url))
    # (the log's last page may read one kind's rows more than its first: which kinds it
    # holds, not how many)
    assert (first_after, last_after) == (first, last), name
    assert max(first, last) <= BUDGET
    assert response.context["paginator"].count == response.context["paginator"].object_list.count()


def test_the_rulings_total_is_counted_again_after_a_change(client, small_catalogue):
    url = reverse("rulings:index")
    before = client.get(url).context["paginator"].count
    assert before == Ruling.objects.public().count()
    grow(count=3)
    after = client.get(url).context["paginator"].count
    assert after == before + 3 == Ruling.objects.public().count()


def test_the_edition_typeahead_costs_two_queries_on_a_larger_catalogue(client, small_catalogue):
    url = f"{reverse('suggestions')}?q=grown+game&kind=editions"
    before, response = queries(client, url)
    assert response.json() == {"suggestions": []}
    grow()
    after, response = queries(client, url)
    assert before == after == 2  # the games by name, then the editions by game, code or label
    assert len(response.json()["suggestions"]) == 12  # each grown game's edition


def test_the_admin_home_costs_the_same_on_a_larger_catalogue(admin_client, small_catalogue):
    before, _response = queries(admin_client, reverse("wagtailadmin_home"))
    grow()
    after, _response = queries(admin_client, reverse("wagtailadmin_home"))
    assert after == before
