"""Site search: in the reader's language only, grouped by kind, never a 500."""

import pytest
from bs4 import BeautifulSoup
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalogue.models import Document, Edition, Passage
from rulings.models import Ruling
from tests.conftest import kept_for_the_module, make_home

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    """The demo on a site rooted at a HomePage, loaded once for the module's tests."""
    with kept_for_the_module(django_db_blocker):
        make_home()
        call_command("load_demo", verbosity=0)
        yield


def results(client, url, **params):
    response = client.get(url, params)
    assert response.status_code == 200
    soup = BeautifulSoup(response.content, "html.parser")
    return response, {
        section["aria-labelledby"].removeprefix("results-"): section
        for section in soup.select("section.search-group")
    }


def titles(section):
    return [link.get_text(strip=True) for link in section.select(".search-results li > a")]


def test_permanent_resource_finds_the_point_city_ruling_and_guide_in_english(client, demo):
    _response, groups = results(client, "/en/search/", q="permanent resource")
    assert any("Point City" in title for title in titles(groups["guides"]))
    ruling = Ruling.objects.get(slug__startswith="can-i-use-a-resource-i-drafted")
    assert ruling.question in titles(groups["rulings"])
    marks = [mark.get_text() for mark in groups["guides"].select(".snippet mark")]
    assert any(mark.lower().startswith("permanent") for mark in marks)


def test_inflected_spanish_finds_the_spanish_guide(client, demo):
    _response, groups = results(client, "/es/buscar/", q="recursos permanentes")
    found = titles(groups["guides"])
    assert found
    snippet = groups["guides"].select_one(".snippet").get_text()
    assert "permanente" in snippet.lower()


def test_a_query_never_matches_the_other_languages_text(client, demo):
    # English words on the Spanish page, Spanish words on the English page: no match.
    _response, spanish_page = results(client, "/es/buscar/", q="permanent resource")
    assert all(not titles(section) for section in spanish_page.values())
    _response, english_page = results(client, "/en/search/", q="recursos permanentes")
    assert all(not titles(section) for section in english_page.values())


def test_the_spanish_address_uses_a_spanish_word(client):
    response = client.get("/es/search/?q=x")
    assert response.status_code == 301
    assert response["Location"] == "/es/buscar/?q=x"


@pytest.mark.parametrize(
    "junk",
    [
        "a" * 10_000,
        "'; DROP TABLE rulings_ruling; --",
        r"(.*)+[a-z]{2,}\\d?$ | & ! <-> :* \"",
        "🎲🃏 ♟️",
        "",
        "   ",
        "tie\x00break",
    ],
)
def test_junk_queries_get_a_sensible_page(client, demo, junk):
    response = client.get("/en/search/", {"q": junk})
    assert response.status_code == 200
    soup = BeautifulSoup(response.content, "html.parser")
    assert soup.select_one("h1").get_text() == "Search"
    shown = soup.select_one("#id_q").get("value", "")
    assert len(shown) <= 200
    assert "\x00" not in shown


def test_no_results_suggest_a_spelling_and_the_games_rulings(client, demo):
    response, _groups = results(client, "/en/search/", q="poitn citty")
    soup = BeautifulSoup(response.content, "html.parser")
    no_results = soup.select_one("section.no-results")
    assert no_results is not None
    assert "point city" in no_results.get_text().lower()
    links = [a["href"] for a in no_results.select("a")]
    assert any(href.startswith("/en/rulings/bg-368017-en-1e/") for href in links)


def test_filter_by_game_and_kind_with_pages(client, demo):
    _response, groups = results(
        client, "/en/search/", q="card", game="archaeology-the-new-expedition", kind="rulings"
    )
    assert list(groups) == ["rulings"]
    assert all("Point City" not in title for title in titles(groups["rulings"]))


def test_an_unknown_game_is_reported_and_the_words_still_searched(client, demo):
    response, groups = results(client, "/en/search/", q="permanent resource", game="nope")
    assert b'role="alert"' in response.content
    assert titles(groups["rulings"])


def test_every_page_has_the_header_search_box(client, demo):
    for url in ["/en/", "/es/", "/en/rulings/", "/es/correcciones/"]:
        response = client.get(url, follow=True)
        form = BeautifulSoup(response.content, "html.parser").select_one("header form.search-box")
        assert form is not None, url
        assert form["action"] == ("/es/buscar/" if url.startswith("/es/") else "/en/search/")


def test_search_query_budget(client, demo):
    client.get("/en/search/", {"q": "permanent resource"})  # warm Wagtail's site caches
    with CaptureQueriesContext(connection) as queries:
        client.get("/en/search/", {"q": "permanent resource"})
    assert len(queries) <= 16
    writes = [q["sql"] for q in queries if q["sql"].split()[0] in {"INSERT", "UPDATE", "DELETE"}]
    assert writes == []


def test_a_spanish_page_of_passages_from_many_rulebooks_costs_no_query_per_passage(client, demo):
    """Each passage found shows its rulebook's title in the reader's language: read with
    the passages, not once per passage."""
    english = Edition.objects.first()
    edition = Edition.objects.create(game=english.game, code="es-illustrative", language="es")

    def add_rulebooks(count):
        for number in range(count):
            document = Document.objects.create(edition=edition, title=f"Ilustrativo {number}")
            Passage.objects.create(
                document=document,
                page=1,
                heading_path="Niebla",
                text="La niebla cubre el tablero.",
                text_origin=Passage.TextOrigin.SEARCH_SNIPPET,
            )

    def queries_for_fog():
        client.get("/es/buscar/", {"q": "niebla"})  # warm Wagtail's site caches
        with CaptureQueriesContext(connection) as queries:
            response = client.get("/es/buscar/", {"q": "niebla"})
        assert "Ilustrativo 0" in response.content.decode()
        return len(queries)

    add_rulebooks(1)
    one = queries_for_fog()
    add_rulebooks(3)
    assert queries_for_fog() == one


def rank_limit(settings, limit):
    """The site search's database backends rank at most `limit` matches of a kind."""
    settings.WAGTAILSEARCH_BACKENDS = {
        alias: {**params, "RANK_CANDIDATES": limit} if alias.startswith("site_") else params
        for alias, params in settings.WAGTAILSEARCH_BACKENDS.items()
    }


def test_past_the_rank_limit_the_newest_matches_are_ranked_and_counted_as_many(
    client, demo, settings
):
    _response, groups = results(client, "/en/search/", q="card", kind="rulings")
    matching = Ruling.objects.filter(question__in=titles(groups["rulings"]))
    assert matching.count() >= 2
    assert "newest" not in groups["rulings"].get_text()

    rank_limit(settings, 1)
    response, groups = results(client, "/en/search/", q="card", kind="rulings")
    assert "(1+)" in groups["rulings"].select_one("h2").get_text()
    assert "the most relevant of the newest are shown first" in response.content.decode()
    assert titles(groups["rulings"]) == [matching.order_by("-pk").first().question]


def test_the_words_found_follow_every_write(demo):
    """The stored search vectors follow the text however it is written: a save, a bulk
    update and a bulk create (the importers' path) are found, and the old words go."""
    from pages.search import Filters, search

    ruling = Ruling.objects.public().first()
    ruling.answer_en = "Quokkas may be traded."
    ruling.save()
    assert [r.pk for r in search("rulings", ["quokkas"], "en", Filters())] == [ruling.pk]
    Ruling.objects.filter(pk=ruling.pk).update(answer_en="Wombats may be traded.")
    assert list(search("rulings", ["quokkas"], "en", Filters())) == []
    assert [r.pk for r in search("rulings", ["wombat"], "en", Filters())] == [ruling.pk]
    assert list(search("rulings", ["wombat"], "es", Filters())) == []  # the English text only


def test_one_kind_of_one_edition_page_by_page(client, demo, monkeypatch):
    monkeypatch.setattr("pages.search.PER_PAGE", 1)
    params = {"q": "card", "game": "point-city", "edition": "bg-368017-en-1e", "kind": "rulings"}
    response, groups = results(client, "/en/search/", **params)
    first = titles(groups["rulings"])
    assert len(first) == 1
    soup = BeautifulSoup(response.content, "html.parser")
    assert soup.select_one("#id_edition option[selected]")["value"] == "bg-368017-en-1e"
    next_link = soup.select_one(".pagination a")["href"]
    assert "edition=bg-368017-en-1e" in next_link and "page=2" in next_link
    _response, second = results(client, "/en/search/", **params, page=2)
    assert titles(second["rulings"]) != first
    for section in (groups["rulings"], second["rulings"]):
        assert "Point City" in section.select_one(".search-results .meta").get_text()


def game_box(client, url, **params):
    response = client.get(url, params)
    assert response.status_code == 200
    soup = BeautifulSoup(response.content, "html.parser")
    box = soup.select_one("input#id_game")
    suggestions = [o["value"] for o in soup.select(f"datalist#{box['list']} option")]
    errors = [p.get_text() for p in soup.select("form.search-form .error")]
    return box, suggestions, errors


def test_the_game_filter_is_a_text_box_not_a_list_of_every_game(client, demo):
    from catalogue.models import Game

    for n in range(30):
        Game.objects.create(name=f"Filler Game {n:02}", slug=f"filler-{n:02}", bgg_id=980000 + n)
    response = client.get("/en/search/", {"q": "card"})
    soup = BeautifulSoup(response.content, "html.parser")
    assert soup.select_one("select#id_game") is None
    box, suggestions, _errors = game_box(client, "/en/search/", q="card")
    assert box["type"] == "text" and box.get("value", "") == ""
    assert suggestions == []  # nothing typed, nothing offered
    assert "Filler Game 00" not in response.content.decode()


def test_a_game_chosen_by_name_or_slug_narrows_the_results_and_stays_shown_by_name(client, demo):
    from catalogue.models import Game

    game = Game.objects.get(slug="archaeology-the-new-expedition")
    for sent in (game.name_en, game.name_en.upper(), game.slug):
        box, _suggestions, errors = game_box(client, "/en/search/", q="card", game=sent)
        assert errors == []
        assert box["value"] == game.name_en
    _response, groups = results(client, "/en/search/", q="card", game=game.name_en)
    contexts = [meta.get_text() for meta in groups["rulings"].select(".search-results .meta")]
    assert contexts and all(game.name_en in context for context in contexts)


def test_an_unknown_or_partial_game_name_offers_the_games_it_may_mean(client, demo):
    from catalogue.models import Game

    Game.objects.create(name="Point City: Expansion", slug="point-city-expansion", bgg_id=990998)
    box, suggestions, errors = game_box(client, "/en/search/", q="card", game="point")
    assert errors and "No game is called “point”" in errors[0]
    assert box["value"] == "point"
    assert suggestions == ["Point City", "Point City: Expansion"]
    # One game holds the words: it is the one meant.
    box, _suggestions, errors = game_box(client, "/en/search/", q="card", game="expans")
    assert errors == [] and box["value"] == "Point City: Expansion"
    _box, suggestions, errors = game_box(client, "/en/search/", q="card", game="zzzz")
    assert errors and suggestions == []


def test_the_game_suggestions_are_json_in_the_readers_language_and_bounded(client, demo):
    from catalogue.models import Game

    for n in range(25):
        Game.objects.create(name=f"Zebra {n:02}", slug=f"zebra-{n:02}", bgg_id=990000 + n)
    Game.objects.create(name="Crossing the Zebra", slug="crossing", bgg_id=990100)
    response = client.get("/en/search/suggestions/", {"q": "zebra"})
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    games = response.json()["suggestions"]
    assert games == [f"Zebra {n:02}" for n in range(10)]  # names beginning so first
    assert client.get("/en/search/suggestions/", {"q": ""}).json() == {"suggestions": []}
    assert client.get("/en/search/suggestions/", {"q": "a" * 5000}).status_code == 200
    point_city = Game.objects.get(slug="point-city")
    spanish = client.get("/es/buscar/sugerencias/", {"q": "point"}).json()["suggestions"]
    assert spanish[0] == (point_city.name_es or point_city.name_en)


def test_the_game_suggestions_cost_one_query_however_many_games(client, demo):
    from catalogue.models import Game

    def queries():
        with CaptureQueriesContext(connection) as captured:
            client.get("/en/search/suggestions/", {"q": "game"})
        return len(captured)

    queries()  # the site, once remembered, costs none
    before = queries()
    Game.objects.bulk_create(
        Game(name=f"Game {n}", slug=f"game-{n}", bgg_id=970000 + n) for n in range(200)
    )
    assert queries() == before <= 3


def test_a_guide_behind_a_login_is_never_a_search_result(client, demo):
    """Search leaves out pages in or below a view-restricted page, as Wagtail's public()
    does, from the remembered restrictions: the next search after a restriction obeys it."""
    from wagtail.models import PageViewRestriction

    from guides.models import GuidePage

    _response, groups = results(client, "/en/search/", q="permanent resource")
    assert any("Point City" in title for title in titles(groups["guides"]))
    game_page = GuidePage.objects.get(slug="how-to-play", title__contains="Point").get_parent()
    PageViewRestriction.objects.create(page=game_page, restriction_type=PageViewRestriction.LOGIN)
    _response, groups = results(client, "/en/search/", q="permanent resource")
    guides = titles(groups["guides"]) if "guides" in groups else []
    assert not any("Point City" in title for title in guides)
