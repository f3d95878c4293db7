"""The demo loader builds the site once and never duplicates or overwrites.

The demo is loaded once for the module (`demo_site`); the tests that load it again do so
on top of it, in their own transaction."""

import pytest
from bs4 import BeautifulSoup
from django.core.management import call_command
from django.db.models import Count
from wagtail.models import Page, Revision

from catalogue.models import Document, Edition, Game
from core.models import TranslationMark
from guides.models import GuideCorrection, GuidePage, GuideVersion
from tests.guides.factories import url_in

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("demo_site")]


def counts():
    return {
        model.__name__: model.objects.count()
        for model in (Page, Revision, Game, Edition, Document, GuideVersion, GuideCorrection)
    }


def test_load_demo_twice_creates_nothing_new(client):
    first = counts()
    assert first["Game"] == 2
    point_city = GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")
    assert point_city.version_number == 2
    assert point_city.corrections.count() >= 1

    call_command("load_demo")
    assert counts() == first


def test_load_demo_keeps_editor_changes(client):
    game = Game.objects.get(slug="point-city")
    game.publisher = "Edited by an editor"
    game.save()
    tokens = game.setup_figures.get(component_en="Civic tokens", min_players=4)
    tokens.quantity = 15
    tokens.save()
    game.setup_figures.filter(component_en="Turns per player").delete()
    call_command("load_demo")
    game.refresh_from_db()
    assert game.publisher == "Edited by an editor"
    # The editor's setup figures stay as they left them: changed, and removed, alike.
    assert game.setup_figures.get(component_en="Civic tokens", min_players=4).quantity == 15
    assert not game.setup_figures.filter(component_en="Turns per player").exists()


def test_demo_pages_render(client):
    for page in Page.objects.live().filter(depth__gt=1).specific():
        response = client.get(page.url)
        assert response.status_code == 200, page.url_path
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")
    html = client.get(guide.url).content.decode()
    assert "Checked 6 October 2026 against" in html
    assert client.get(f"{guide.url}v/1/").status_code == 200
    assert not Page.objects.values("url_path").annotate(n=Count("id")).filter(n__gt=1)


def test_every_demo_page_in_english_and_spanish(client):
    """Each page: 200 in both languages, right lang, switcher to the other, hreflang, x-default."""
    pages = Page.objects.live().filter(depth__gt=1).specific()
    assert len(pages) == 8
    for page in pages:
        urls = {code: url_in(page, code) for code in ("en", "es")}
        assert urls["en"].startswith("/en/") and urls["es"].startswith("/es/")
        for code, url in urls.items():
            response = client.get(url)
            assert response.status_code == 200, url
            html = BeautifulSoup(response.content, "html.parser")
            assert html.html["lang"] == code
            other = "es" if code == "en" else "en"
            switch = html.select_one(f".language-switcher a[hreflang={other}]")
            assert switch["href"] == urls[other]
            alternates = {link["hreflang"]: link["href"] for link in html.select("link[hreflang]")}
            assert alternates == {
                "en": "http://testserver" + urls["en"],
                "es": "http://testserver" + urls["es"],
                "x-default": "http://testserver" + urls["en"],
            }
            # The demo is translated throughout and its translations are current.
            assert not html.select(".notice--translation"), url


def test_demo_guides_state_setup_figures_from_the_game(client):
    game = Game.objects.get(slug="point-city")
    returned = {}
    for figure in game.setup_figures.filter(group="deck"):
        returned.setdefault(figure.players, []).append(figure.in_box - figure.quantity)
    assert returned == {"1–2": [25, 26, 27], "3": [13, 14, 17], "4": [1, 2, 7]}
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")
    english = BeautifulSoup(client.get(url_in(guide, "en")).content, "html.parser")
    spanish = BeautifulSoup(client.get(url_in(guide, "es")).content, "html.parser")
    captions = [caption.get_text() for caption in english.select(".setup-facts caption")]
    assert captions[0] == "Cards used from each tier"
    assert "40" in english.select_one(".setup-facts tbody").get_text()
    assert spanish.select_one(".setup-facts caption").get_text() == (
        "Cartas de cada nivel devueltas a la caja"
    )
    assert "25" in spanish.select_one(".setup-facts tbody").get_text()
    assert not english.select(".setup-table:not(.setup-facts)")  # no hand-typed tables left
    assert not spanish.select(".setup-table:not(.setup-facts)")
    assert TranslationMark.objects.filter(language="es").count() == 3


def test_a_second_game_states_its_setup_with_the_same_fields(client):
    """Archaeology's figures (cards in hand, a tent) fit the rows Point City's tiers use."""
    guide = GuidePage.objects.get(
        slug_en="how-to-play", url_path__contains="archaeology-the-new-expedition"
    )
    for code, heading in (
        ("en", "Cards dealt to your hand"),
        ("es", "Cartas repartidas a tu mano"),
    ):
        html = BeautifulSoup(client.get(url_in(guide, code)).content, "html.parser")
        (table,) = html.select(".guide-body table.setup-facts")
        assert heading in [th.get_text() for th in table.select("thead th")]
        assert [td.get_text() for td in table.select("tbody td")] == ["4", "1"]
        assert table.select_one("tbody th").get_text() == "2–4"
