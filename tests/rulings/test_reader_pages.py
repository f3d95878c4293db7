"""What a reader sees of rulings, documents and errata, in English and Spanish."""

import datetime
import re

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse
from django.utils import translation

from rulings.models import Ruling
from tests.rulings.factories import errata_card, record_correction
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db


def soup(response):
    assert response.status_code == 200
    return BeautifulSoup(response.content, "html.parser")


def test_ruling_page_links_markers_to_citations_and_passages(client, ruling):
    page = soup(client.get(ruling.get_absolute_url()))
    assert page.h1.get_text() == "Can I pass?"
    marker = page.select_one(".answer a.cite-ref")
    assert marker.get_text() == "[1]" and marker["href"] == "#cite-1"
    first = page.select_one("#cite-1 a")
    passage = ruling.citations.get(n=1).passage
    assert first["href"] == passage.get_absolute_url()
    assert first["href"].startswith(f"/en/rulings/{ruling.edition.code}/documents/")
    assert "Imported, not yet reviewed by an editor" in page.get_text()
    assert page.select_one("details.provenance summary")  # collapsed provenance

    # The passage's address leads to the page of the document that holds it.
    document = soup(client.get(first["href"].split("#")[0], follow=True))
    section = document.find(id=passage.anchor)
    assert "The rule text for this section. (1)" in section.get_text()


def test_ruling_pages_in_spanish(client, ruling):
    with translation.override("es"):
        url = ruling.get_absolute_url()
        index = reverse("rulings:index")
    assert url.startswith(f"/es/resoluciones/{ruling.edition.code}/")
    page = soup(client.get(url))
    assert page.html["lang"] == "es"
    assert soup(client.get(index)).find("a", string="Can I pass?")


def test_verified_ruling_says_so_with_date(client, ruling):
    Ruling.objects.filter(pk=ruling.pk).update(
        status=Ruling.Status.VERIFIED,
        reviewed_at=datetime.datetime(2026, 11, 3, 12, 0, tzinfo=datetime.UTC),
    )
    assert (
        "Verified by an editor on 3 November 2026"
        in client.get(ruling.get_absolute_url()).content.decode()
    )


def test_errata_warning_links_the_card(client, ruling):
    citation = ruling.citations.get(n=2)
    # Read (and remembered) before the card exists: the card is shown all the same.
    assert client.get(ruling.get_absolute_url()).status_code == 200
    card = errata_card(citation.passage, "The corrected rule.")
    page = soup(client.get(ruling.get_absolute_url()))
    warning = page.select_one(".notice--errata")
    assert "superseded" in warning.get_text()
    assert warning.find("a", href=card.get_absolute_url())
    registry = soup(client.get(ruling.edition.get_errata_url()))
    assert registry.find(id=card.anchor)
    assert "The corrected rule." in registry.get_text()


def test_errata_registry_without_cards_says_so_with_date(client, ruling):
    page = soup(client.get(ruling.edition.get_errata_url()))
    assert "No errata registered for this edition as of 1 October 2026." in page.get_text()


def test_list_filters_by_edition_and_status(client, ruling):
    other = import_export(question="Other game?", code="bg-900777-en-1e", doc_id=9)
    Ruling.objects.filter(pk=other.pk).update(status=Ruling.Status.VERIFIED)
    page = soup(client.get(reverse("rulings:index"), {"edition": ruling.edition.code}))
    assert page.find("a", string="Can I pass?") and not page.find("a", string="Other game?")
    page = soup(client.get(reverse("rulings:index"), {"status": "verified"}))
    assert page.find("a", string="Other game?") and not page.find("a", string="Can I pass?")
    page = soup(client.get(reverse("rulings:index"), {"status": "<bogus>"}))
    assert page.find("a", string="Can I pass?")


def test_typing_a_game_name_offers_its_editions_without_javascript(client, ruling):
    game = ruling.edition.game
    page = soup(client.get(reverse("rulings:index"), {"edition": game.name[:5].lower()}))
    matches = page.select_one(".edition-matches")
    assert matches.find("a", href=ruling.edition.get_absolute_url())
    assert not page.find("a", string="Can I pass?")  # no list until an edition is chosen
    page = soup(client.get(reverse("rulings:index"), {"edition": "zz"}))
    assert "No game or edition matches that." in page.select_one(".edition-matches").get_text()
    assert not page.select("select")  # no list of every edition on the page


def test_withdrawn_ruling_is_gone_and_unknown_urls_are_404(client, ruling):
    url = ruling.get_absolute_url()
    Ruling.objects.filter(pk=ruling.pk).update(status=Ruling.Status.WITHDRAWN)
    assert client.get(url).status_code == 404
    assert client.get("/en/rulings/bg-1-en-1e/").status_code == 404
    assert client.get(f"/en/rulings/{ruling.edition.code}/documents/999999/").status_code == 404


def test_ruling_correction_shows_on_page_and_in_log(client, ruling):
    ruling = Ruling.objects.get(pk=ruling.pk)
    record_correction(ruling, corrected_by="Ana")
    assert "You may pass." in client.get(ruling.get_absolute_url()).content.decode()
    log = client.get(reverse("corrections_log")).content.decode()
    assert "You may pass." in log
    assert ruling.get_absolute_url() in log
    assert "You may pass." in client.get(reverse("corrections_feed")).content.decode()


def test_imported_html_and_script_are_escaped(client):
    evil = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    ruling = import_export(
        question=f"Is {evil} allowed?",
        answer=f"Setup\n\nSure {evil} **bold**.[1] More.[2]",
        closing=f"Bye {evil}",
        heading=f"H {evil}",
        snippet=f"Snippet {evil}",
        game="Evil Game",
    )
    html = client.get(ruling.get_absolute_url()).content.decode()
    assert "<script>alert" not in html
    # Escaped, it is text: in the page as &gt;, in its JSON-LD data block as \u003E.
    inert = html.replace("onerror=alert(1)&gt;", "").replace("onerror=alert(1)\\u003E", "")
    assert "onerror=alert" not in inert
    assert "&lt;script&gt;" in html
    assert "<strong>bold</strong>" in html
    document_url = ruling.citations.get(n=1).document.get_absolute_url()
    assert "<script>alert" not in client.get(document_url).content.decode()


@pytest.mark.parametrize("remember", [True, False])
@pytest.mark.parametrize("citations", [2, 20])
def test_ruling_page_query_budget(
    client, citations, remember, django_assert_max_num_queries, settings
):
    ruling = import_export(citations=citations)
    client.get(ruling.get_absolute_url())  # the header's links are cached from now on
    # Read again with nothing changed, the page's data is remembered: no query. Without
    # it (the first request after a change): the ruling, its citations, corrections and
    # errata cards, the guide sections naming it, the site and header links.
    settings.RULESAGE_REMEMBER = remember
    with django_assert_max_num_queries(0 if remember else 8):
        response = client.get(ruling.get_absolute_url())
    assert response.status_code == 200
    assert response.content.decode().count('class="cite-ref"') == citations


def test_control_characters_an_export_kept_never_reach_the_page(client):
    """The Archaeology rulebook's bullets were exported as U+0007, which HTML forbids: the
    ruling and document pages show them as spaces; the stored snippet keeps them."""
    from tests.seeds import ARCHAEOLOGY_RULING, import_seed

    ruling = import_seed(ARCHAEOLOGY_RULING)
    assert any("\x07" in (ref.get("snippet") or "") for ref in ruling.retrieval)
    document = ruling.citations.exclude(document=None).first().document
    for url in (ruling.get_absolute_url(), document.get_absolute_url()):
        html = client.get(url).content.decode()
        assert "Set aside the Map" in html or url == document.get_absolute_url()
        assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]", html), url
