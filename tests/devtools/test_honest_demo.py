"""The demo claims only what it has: illustrative rulings say so, no invented rulebook text.

Here the demo is loaded without the seed exports, once for the module; beside them, see
test_honest_demo_seeds.py."""

import pytest
from bs4 import BeautifulSoup
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from catalogue.models import ErrataCard, Passage
from devtools.demo import rulings as demo
from rulings.models import Ruling
from tests.conftest import kept_for_the_module

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("demo_without_seeds")]

ILLUSTRATIVE = "Illustrative — not from the rules Q&A system"
QUESTIONS = {
    "Can I use a resource I drafted this turn to pay for the building next to it?",
    "In what order do I refill the market after drafting from it?",
    "What breaks a tie?",
    "What happens when I draw a Sandstorm card?",
}


@pytest.fixture(scope="module")
def demo_without_seeds(django_db_setup, django_db_blocker, tmp_path_factory):
    """The demo as `load_demo` builds it where there are no seed exports."""
    with pytest.MonkeyPatch.context() as patch, kept_for_the_module(django_db_blocker):
        patch.setattr(demo, "SEEDS", tmp_path_factory.mktemp("demo") / "no-seeds-here")
        call_command("load_demo", verbosity=0)
        yield


@pytest.fixture
def without_seeds(monkeypatch, tmp_path):
    monkeypatch.setattr(demo, "SEEDS", tmp_path / "no-seeds-here")


def html(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return BeautifulSoup(response.content, "html.parser")


def test_demo_rulings_are_illustrative_and_carry_no_export_provenance(client):
    rulings = Ruling.objects.all()
    assert {r.question for r in rulings} == QUESTIONS
    for ruling in rulings:
        assert ruling.origin == Ruling.Origin.ILLUSTRATIVE
        assert (ruling.source_file, ruling.answerer, ruling.closing_line) == ("", "", "")
        assert (ruling.retrieval, ruling.timings, ruling.provenance) == ([], {}, {})
        assert ruling.import_key is None and ruling.tokens_out is None
        page = html(client, ruling.get_absolute_url())
        notice = page.select_one(".notice--illustrative")
        assert notice.get_text(" ", strip=True).startswith(ILLUSTRATIVE)
        text = page.get_text()
        assert "Imported from" not in text and ".txt" not in text
        assert "What the passage search returned" not in text
        assert not page.select(".sign-off")
        assert "Imported, not yet reviewed" not in text


def test_illustrative_label_in_spanish(client):
    ruling = Ruling.objects.get(question="What breaks a tie?")
    with translation.override("es"):
        index = reverse("rulings:index")
        ruling_url = ruling.get_absolute_url()
    label = html(client, index).select_one(".label--illustrative").get_text()
    assert label == "Ilustrativa — no procede del sistema de preguntas y respuestas sobre reglas"
    assert label in html(client, ruling_url).select_one(".notice--illustrative").get_text()


def test_demo_document_pages_show_no_invented_rulebook_text(client):
    assert not Passage.objects.exclude(text="").exists()
    ruling = Ruling.objects.get(question="What breaks a tie?")
    document = ruling.citations.get(n=2).document
    page = html(client, document.get_absolute_url())
    assert not page.select("blockquote")
    section = page.find(id=ruling.citations.get(n=2).passage.anchor)
    assert "No text recorded for this passage" in section.get_text()


def test_demo_errata_card_in_both_languages_says_it_is_illustrative(client):
    card = ErrataCard.objects.get()
    assert "illustrative" in card.corrected_rule_en.lower()
    assert "ilustrativa" in card.corrected_rule_es.lower()
    with translation.override("es"):
        url = card.edition.get_errata_url()
    page = html(client, url).select_one(f"#{card.anchor}")
    text = page.get_text()
    assert "Ficha ilustrativa de la demo: repón los dos huecos vacíos del mercado" in text
    assert "Demo de Rulesage (ilustrativa, no publicada por la editorial)" in text
    assert "Illustrative demo card" not in text and "Rulesage demo (" not in text
    with translation.override("en"):
        url = card.edition.get_errata_url()
    english = html(client, url).select_one(f"#{card.anchor}").get_text()
    assert "Rulesage demo (illustrative, not issued by the publisher)" in english


def test_loading_the_demo_again_keeps_illustrative_rulings_single(client, without_seeds):
    before = Ruling.objects.count(), Passage.objects.count(), ErrataCard.objects.count()
    call_command("load_demo", verbosity=0)
    assert (Ruling.objects.count(), Passage.objects.count(), ErrataCard.objects.count()) == before
