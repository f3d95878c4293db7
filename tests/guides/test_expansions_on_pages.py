"""Readers see a game's expansions on its page, with the rulings citing their books, and
each guide says which expansions it covers; editors tick them from the game's own."""

import pytest
from bs4 import BeautifulSoup

from catalogue.models import Edition, Game
from guides.models import GamePage, GuidePage
from rulings.importers.store import import_parsed
from rulings.importers.text_export import parse_export
from rulings.models import Ruling
from tests.rulings.exports import make_export, second_citation_of
from tests.rulings.factories import illustrative_expansion

pytestmark = pytest.mark.django_db

EXPANSION_DOC = 7777


@pytest.fixture
def harbour(demo_site):
    """An illustrative expansion of the demo's Point City, its rulebook known by id."""
    base = Game.objects.get(slug="point-city")
    name, slug = "Point City: Harbour (illustrative)", "point-city-harbour"
    return illustrative_expansion(base, name, slug, "bg-368099-en-1e", EXPANSION_DOC)


def import_two_books(question):
    text = make_export(
        question=question, game="Point City", code="bg-368017-en-1e", doc_id=1035, citations=2
    )
    return import_parsed(
        parse_export(second_citation_of(text, EXPANSION_DOC), "harbour.txt")
    ).ruling


def text_of(client, url):
    return BeautifulSoup(client.get(url).content, "html.parser")


def test_the_game_page_lists_its_expansions_and_the_rulings_citing_their_books(client, harbour):
    ruling = import_two_books("Illustrative: may a ship dock at the market?")
    soup = text_of(client, GamePage.objects.get(game__slug="point-city").url)
    section = soup.select_one("section[aria-labelledby=expansions-heading]")
    assert "Point City: Harbour (illustrative)" in section.get_text()
    assert [a["href"] for a in section.select("li li a")] == [ruling.get_absolute_url()]


def test_a_guide_says_which_expansions_it_covers(client, harbour):
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")
    sources = text_of(client, guide.url).select_one("#sources-heading").parent.get_text()
    assert "Expansions covered: none — the base game only." in " ".join(sources.split())

    guide.expansions.set([harbour])
    guide.save_revision().publish()
    sources = text_of(client, guide.url).select_one("#sources-heading").parent.get_text()
    assert "Expansions covered: Point City: Harbour (illustrative)" in " ".join(sources.split())


def test_editors_tick_only_the_games_own_expansions(admin_client, harbour):
    Game.objects.create(
        name="Another game's expansion",
        slug="other-x",
        expansion_of=Game.objects.exclude(slug__startswith="point-city").first(),
    )
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")
    soup = text_of(admin_client, f"/admin/pages/{guide.pk}/edit/")
    offered = [
        box.find_parent("label").get_text(strip=True)
        for box in soup.select("input[name=expansions]")
    ]
    assert offered == ["Point City: Harbour (illustrative)"]


def shown_count(client, page, edition):
    """The number of rulings the game page gives for `edition`."""
    link = text_of(client, page.url).select_one(f'a[href="{edition.get_absolute_url()}"]')
    return int(link.find_next_sibling("span", class_="meta").get_text().strip("()").split()[0])


def test_each_edition_counts_its_public_rulings_alone(client, demo_site):
    page = GamePage.objects.get(game__slug="point-city")
    edition = Edition.objects.get(code="bg-368017-en-1e")
    before = shown_count(client, page, edition)
    assert before == Ruling.objects.public().filter(edition=edition).count() > 0
    Ruling.objects.create(edition=edition, question="Illustrative: counted?", answer="Yes.")
    Ruling.objects.create(
        edition=edition, question="Illustrative: withdrawn?", answer="No.", status="withdrawn"
    )
    Ruling.objects.create(
        edition=edition, question="Illustrative: draft?", answer="No.", live=False
    )
    assert shown_count(client, page, edition) == before + 1
