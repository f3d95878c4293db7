"""Spanish site search also lists the English rulings and passages its words reach
through the game's glossary, shown as English."""

import pytest
from bs4 import BeautifulSoup
from django.core.management import call_command

from catalogue.models import Document
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


def groups(client, **params):
    response = client.get("/es/buscar/", params)
    assert response.status_code == 200
    soup = BeautifulSoup(response.content, "html.parser")
    return {
        section["aria-labelledby"].removeprefix("results-"): section
        for section in soup.select("section.search-group")
    }


def hits(section):
    """(title, lang) of each result."""
    return [
        (link.get_text(strip=True), link.get("lang", ""))
        for link in section.select(".search-results li > a")
    ]


def test_a_spanish_word_finds_the_english_ruling_shown_as_english(client, demo):
    tie = Ruling.objects.get(slug="what-breaks-a-tie")
    found = groups(client, q="empates")
    assert (tie.question, "en") in hits(found["rulings"])
    item = found["rulings"].select_one("li.in-english")
    assert "en inglés" in item.get_text()
    # The snippet is the English answer, with the English term marked.
    assert item.select_one(".snippet")["lang"] == "en"
    assert [mark.get_text().lower() for mark in item.select(".snippet mark")][:1] == ["tie"]


def test_a_multi_word_spanish_term_finds_english_passages_of_the_game(client, demo):
    found = groups(client, q="recursos permanentes", game="point-city")
    passages = hits(found["passages"])
    assert passages, "no English passage found for «recursos permanentes»"
    assert all(lang == "en" for _title, lang in passages)
    # Marked English, each is titled by its rulebook's English title, not the Spanish one.
    english = Document.objects.filter(edition__code="bg-368017-en-1e", kind="rulebook").first()
    assert english.title_es and english.title_en
    assert all(title.startswith(english.title_en) for title, _lang in passages)
    marks = {mark.get_text().lower() for mark in found["passages"].select(".snippet mark")}
    assert {"permanent", "resource"} <= {mark.rstrip("s") for mark in marks}


def test_a_translated_ruling_is_listed_once_in_spanish(client, demo):
    tie = Ruling.objects.get(slug="what-breaks-a-tie")
    tie.question_es = "¿Qué rompe un empate?"
    tie.answer_es = "Gana quien tenga más cartas de recurso sin gastar."
    tie.save()
    listed = hits(groups(client, q="empate")["rulings"])
    assert listed.count(("¿Qué rompe un empate?", "")) == 1
    assert (tie.question_en, "en") not in listed


def test_english_readers_search_english_only(client, demo):
    response = client.get("/en/search/", {"q": "empate"})
    soup = BeautifulSoup(response.content, "html.parser")
    assert not soup.select(".search-results li")
