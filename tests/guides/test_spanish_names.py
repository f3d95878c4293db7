"""Spanish pages name expansions and documents in Spanish where they have a Spanish name,
and mark the English one a reader gets otherwise with `lang="en"`; editors give a game its
name in each language."""

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse
from django.utils import translation

from catalogue.models import Document, Game
from core.cache_tags import bump_everything
from guides.models import GamePage, GuidePage
from rulings.importers.store import import_parsed
from rulings.importers.text_export import parse_export
from tests.catalogue.test_setup_admin import form_data
from tests.guides.factories import url_in
from tests.rulings.exports import make_export, second_citation_of
from tests.rulings.factories import illustrative_expansion

pytestmark = pytest.mark.django_db

RULEBOOK_ES = "Ciudad de Puntos — reglamento (en inglés)"


@pytest.fixture
def expansions(demo_site):
    """Two illustrative expansions of Point City: one with a Spanish name, one without."""
    base = Game.objects.get(slug="point-city")
    harbour = illustrative_expansion(
        base, "Point City: Harbour (illustrative)", "point-city-harbour", "bg-368099-en-1e", 7777
    )
    harbour.name_es = "Ciudad de Puntos: Puerto (ilustrativa)"
    harbour.save()
    illustrative_expansion(
        base, "Point City: Skyline (illustrative)", "point-city-skyline", "bg-368098-en-1e", 7778
    )
    return base


def spanish(client, url):
    return BeautifulSoup(client.get(url).content, "html.parser")


def named(elements):
    return [(element.get_text(strip=True), element.get("lang")) for element in elements]


def test_the_spanish_game_page_names_expansions_and_documents_in_spanish(client, expansions):
    page = GamePage.objects.get(game=expansions)
    soup = spanish(client, url_in(page, "es"))
    section = soup.select_one("section[aria-labelledby=expansions-heading]")
    assert named(section.select("h3 > *")) == [
        ("Ciudad de Puntos: Puerto (ilustrativa)", None),  # the page's own language
        ("Point City: Skyline (illustrative)", "en"),  # no Spanish name: English, marked
    ]
    assert (RULEBOOK_ES, None) in named(soup.select("main li > span"))


def test_the_spanish_errata_page_and_guide_notice_name_the_rulebook_in_spanish(client, demo_site):
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path_en__contains="point-city")
    with translation.override("es"):
        errata = reverse("catalogue:errata", kwargs={"code": "bg-368017-en-1e"})
    title = spanish(client, errata).select_one(".errata h2 > span")
    assert named([title]) == [(RULEBOOK_ES, None)]

    notice = spanish(client, url_in(guide, "es")).select_one(".errata-since-check__card span")
    assert named([notice]) == [(RULEBOOK_ES, None)]

    rulebook = Document.objects.get(title_es=RULEBOOK_ES)
    rulebook.title_es = ""
    rulebook.save()
    title = spanish(client, errata).select_one(".errata h2 > span")
    assert named([title]) == [("Point City — Rulebook", "en")]  # quoted as published
    notice = spanish(client, url_in(guide, "es")).select_one(".errata-since-check__card span")
    assert named([notice]) == [("Point City — Rulebook", "en")]


def test_editors_give_a_game_its_spanish_name_and_must_give_its_english_one(
    admin_client, expansions
):
    game = Game.objects.get(slug="point-city-skyline")
    url = reverse("wagtailsnippets_catalogue_game:edit", args=[game.pk])
    data = form_data(admin_client.get(url).content)
    data.update(name_en="", name_es="Ciudad de Puntos: Horizonte (ilustrativa)")
    assert admin_client.post(url, data).status_code == 200  # refused: no English name
    game.refresh_from_db()
    assert (game.name_en, game.name_es) == ("Point City: Skyline (illustrative)", None)

    data["name_en"] = "Point City: Skyline (illustrative)"
    assert admin_client.post(url, data).status_code == 302
    game.refresh_from_db()
    assert game.name_es == "Ciudad de Puntos: Horizonte (ilustrativa)"


def test_a_rulings_citations_name_the_books_in_spanish_or_mark_them_english(client, expansions):
    text = make_export(
        question="Illustrative: may a ship dock at the market?",
        game="Point City",
        code="bg-368017-en-1e",
        doc_id=1035,
        citations=2,
    )
    ruling = import_parsed(parse_export(second_citation_of(text, 7777), "harbour.txt")).ruling
    with translation.override("es"):
        url = ruling.get_absolute_url()
    books = ".citations li > a > span:first-child"
    assert named(spanish(client, url).select(books)) == [
        (RULEBOOK_ES, None),
        ("Harbour — Rulebook", "en"),  # the expansion's book has no Spanish title yet
    ]
    Document.objects.filter(external_id="7777").update(title_es="Puerto — reglamento (en inglés)")
    bump_everything()
    assert named(spanish(client, url).select(books))[1] == ("Puerto — reglamento (en inglés)", None)
