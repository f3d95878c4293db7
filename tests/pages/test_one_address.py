"""One address per page, per language: a game's own pages live under its page's translated
address, their former addresses move there permanently, every reader page names its one
address as canonical (the same the sitemap lists), and the language switcher keeps what
the reader searched or chose."""

import pytest
from bs4 import BeautifulSoup
from django.core.cache import caches
from django.urls import reverse
from django.utils import translation

from core.cache_tags import bump_everything
from core.page_cache import STATUS_HEADER
from guides.models import GamePage, GuidePage
from rulings.models import Ruling
from tests.guides.factories import publish
from tests.rulesage.sitemap_files import all_entries, local, sitemap_files
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db

HOST = "http://testserver"


@pytest.fixture
def point_city(demo_site):
    return GamePage.objects.get(game__slug="point-city")


@pytest.fixture
def page_cache(settings):
    """Pages served from the cache, as in production."""
    settings.RULESAGE_PAGE_CACHE = True
    assert caches["pages"].set("ping", "pong") or caches["pages"].get("ping") == "pong"
    bump_everything()
    yield
    bump_everything()


def sub_pages(page):
    """(route name, its arguments) of every one of the game's own pages."""
    counts = [players for players, _url in page.checklist_links()]
    assert counts
    return [("feed", {}), ("setup", {}), *(("setup_players", {"players": n}) for n in counts)]


def html(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return BeautifulSoup(response.content, "html.parser")


def test_every_spanish_game_sub_page_answers_under_the_spanish_slug(client, point_city):
    for name, kwargs in sub_pages(point_city):
        with translation.override("es"):
            spanish = point_city.subpage_url(name, **kwargs)
            said = point_city.reverse_subpage(name, kwargs=kwargs)
        assert spanish.startswith("/es/juegos/ciudad-de-puntos/"), spanish
        assert client.get(spanish).status_code == 200, spanish
        # Where the site used to serve it: the game's (English) slug under the games' word.
        former = f"/es/juegos/point-city/{said}"
        response = client.get(f"{former}?utm_source=mail&page=2")
        assert response.status_code == 301, former
        assert response["Location"] == f"{spanish}?utm_source=mail&page=2"
        assert client.get(former).status_code == 301


def test_the_spanish_game_page_links_its_checklists_and_feed_at_its_own_address(client, point_city):
    with translation.override("es"):
        url = point_city.url
    page = html(client, url)
    links = [a["href"] for a in page.select(".checklist-link a")]
    feed = page.select_one('head link[title="Rulesage: Ciudad de Puntos"]')
    assert links and all(link.startswith(url) for link in links)
    assert feed["href"] == f"{url}canal/"
    for address in [*links, feed["href"]]:
        assert client.get(address).status_code == 200, address


def test_a_game_page_given_a_new_slug_takes_its_pages_along(client, point_city):
    """The English form of the former addresses: the game's slug, which the page's slug
    need no longer be."""
    publish(point_city, slug_en="point-city-the-card-game")
    response = client.get("/en/games/point-city/setup/3/?page=1")
    assert response.status_code == 301
    assert response["Location"] == "/en/games/point-city-the-card-game/setup/3/?page=1"
    assert client.get(response["Location"]).status_code == 200


@pytest.mark.parametrize(
    "url",
    [
        "/es/juegos/point-city/nada/",
        "/es/juegos/no-such-game/canal/",
        "/es/juegos/point-city/",  # the game page never answered at its English slug here
        "/es/juegos/ciudad-de-puntos/preparacion/9/",
    ],
)
def test_addresses_that_never_led_anywhere_are_not_found(client, point_city, url):
    assert client.get(url).status_code == 404


def test_a_former_address_of_a_missing_page_moves_to_where_it_is_missing(client, point_city):
    """The move is of the form of the address: no checklist for nine players at either."""
    response = client.get("/es/juegos/point-city/preparacion/9/", follow=True)
    assert response.redirect_chain == [("/es/juegos/ciudad-de-puntos/preparacion/9/", 301)]
    assert response.status_code == 404


def test_a_game_without_a_page_has_no_feed_to_link(client, point_city):
    ruling = import_export(question="Who goes first?", game="Illustrative Pageless Game")
    page = html(client, ruling.get_absolute_url())
    feeds = [link["href"] for link in page.select('head link[type="application/atom+xml"]')]
    assert feeds == [reverse("corrections_feed"), reverse("rulings_feed")]
    assert client.get(f"/en/games/{ruling.edition.game.slug}/feed/").status_code == 404


def test_a_former_address_is_never_kept_in_the_page_cache(client, point_city, page_cache):
    with translation.override("es"):
        spanish = point_city.subpage_url("setup_players", players=3)
    for _ in range(2):
        response = client.get("/es/juegos/point-city/preparacion/3/")
        assert response.status_code == 301
        assert response["Location"] == spanish
        assert STATUS_HEADER not in response
    assert client.get(spanish)[STATUS_HEADER] == "miss"
    assert client.get(spanish)[STATUS_HEADER] == "hit"
    # Once its page is kept, the former address still moves rather than serving a copy.
    assert client.get("/es/juegos/point-city/preparacion/3/").status_code == 301


def reader_pages(point_city):
    """Every kind of reader page in both languages, with the query parameters that
    belong to its address."""
    guide = GuidePage.objects.child_of(point_city).get(slug_en="how-to-play")
    ruling = Ruling.objects.public().filter(edition__game=point_city.game).first()
    document = ruling.edition.documents.first()
    urls = []
    for language in ("en", "es"):
        with translation.override(language):
            urls += [
                point_city.get_parent().get_parent().url,
                point_city.get_parent().url,
                point_city.url,
                point_city.subpage_url("setup"),
                point_city.subpage_url("setup_players", players=3),
                guide.url,
                guide.url + guide.reverse_subpage("version", kwargs={"number": 1}),
                guide.url + guide.compare_subpath(1, 2),
                reverse("rulings:index") + "?status=imported",
                ruling.edition.get_absolute_url(),
                ruling.edition.get_errata_url(),
                document.get_absolute_url(),
                ruling.get_absolute_url(),
                reverse("rulings:ask"),
                reverse("corrections_log"),
                reverse("search") + "?q=tie",
            ]
    return urls


def head_links(page):
    canonical = page.select('link[rel="canonical"]')
    assert len(canonical) == 1
    alternates = {
        link["hreflang"]: link["href"] for link in page.select('link[rel="alternate"][hreflang]')
    }
    og_url = page.select_one('meta[property="og:url"]')["content"]
    return canonical[0]["href"], alternates, og_url


def test_every_reader_page_names_its_own_address_as_canonical(client, point_city):
    for url in reader_pages(point_city):
        language = url.split("/")[1]
        canonical, alternates, og_url = head_links(html(client, url))
        assert canonical == og_url == alternates[language] == f"{HOST}{url}", url


def test_a_canonical_address_leaves_out_what_does_not_choose_the_page(client, point_city):
    page = html(client, "/en/rulings/?utm_source=mail&status=imported&kind=rulings&p=3")
    canonical, alternates, _og_url = head_links(page)
    assert canonical == f"{HOST}/en/rulings/?status=imported"
    assert alternates["es"] == f"{HOST}/es/resoluciones/?status=imported"
    # A status the list does not know lists every status: the page at its own address.
    canonical, alternates, _og_url = head_links(html(client, "/en/rulings/?status=nonsense"))
    assert canonical == f"{HOST}/en/rulings/"
    assert alternates["es"] == f"{HOST}/es/resoluciones/"
    page = html(client, f"{point_city.url}?utm_campaign=spring")
    assert head_links(page)[0] == f"{HOST}{point_city.url}"


def test_each_sitemap_address_is_its_pages_canonical(client, point_city):
    locations = list(all_entries(sitemap_files(client)))
    with translation.override("es"):
        assert f"{HOST}{point_city.subpage_url('setup_players', players=3)}" in locations
    for location in locations:
        assert head_links(html(client, local(location)))[0] == location


def switcher(page):
    return {
        link["hreflang"]: link["href"] for link in page.select(".language-switcher a[hreflang]")
    }


def test_the_language_switcher_keeps_the_search_and_the_filters(client, point_city):
    assert switcher(html(client, "/en/search/?q=tie")) == {"es": "/es/buscar/?q=tie"}
    assert switcher(html(client, "/es/buscar/?q=empate&kind=rulings")) == {
        "en": "/en/search/?kind=rulings&q=empate"
    }
    filtered = html(client, "/en/rulings/?status=imported&utm_source=mail")
    assert switcher(filtered) == {"es": "/es/resoluciones/?status=imported"}
    with translation.override("es"):
        spanish = point_city.subpage_url("setup_players", players=3)
    english = html(client, point_city.subpage_url("setup_players", players=3))
    assert switcher(english) == {"es": spanish}
