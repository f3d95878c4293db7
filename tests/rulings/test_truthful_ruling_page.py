"""A ruling page shows what is the answer, what is the answering system's, and where it stops."""

import pytest
from bs4 import BeautifulSoup
from django.utils import translation

from rulings.models import Ruling, RulingCorrection
from tests.rulings.fixtures import import_export
from tests.seeds import POINT_CITY_RULING, import_seed

pytestmark = pytest.mark.django_db


def soup(client, ruling):
    response = client.get(ruling.get_absolute_url())
    assert response.status_code == 200
    return BeautifulSoup(response.content, "html.parser")


def next_element(tag):
    return tag.find_next_sibling()


def test_point_city_sign_off_is_apart_and_its_empty_heading_says_cut_off(client):
    ruling = import_seed(POINT_CITY_RULING)
    page = soup(client, ruling)
    answer = page.select_one(".answer")
    assert "Rule found, game on." not in answer.get_text()

    heading = answer.find(
        lambda tag: tag.name == "h3" and tag.get_text() == "End of Game and Scoring"
    )
    notice = next_element(heading)
    assert "answer-cut-off" in notice["class"]
    assert notice.get_text(" ", strip=True).startswith("The answer was cut off here.")
    assert next_element(notice) is None  # nothing else of the answer follows

    sign_off = page.select_one(".sign-off")
    assert sign_off.find_parent("section") is None  # not inside the Answer section
    assert "Sign-off of the answering system (not part of the answer):" in sign_off.get_text()
    assert sign_off.q.get_text() == "Rule found, game on."
    # The reader-level warning stays as well.
    flags = page.find(string="Before you rely on this ruling:").find_parent("div")
    assert "The answer appears to be cut off" in flags.get_text()


def test_notice_sits_at_each_empty_section_and_nowhere_else(client):
    ruling = import_export(
        answer="Setup\n\nShuffle.[1]\n\nScoring\n\nEnd of game\n\nCount it up.[2]",
        closing="Bye now.",
    )
    page = soup(client, ruling)
    notices = page.select(".answer .answer-cut-off")
    assert len(notices) == 1
    assert notices[0].find_previous_sibling().get_text() == "Scoring"
    assert next_element(notices[0]).get_text() == "End of game"
    assert "Bye now." not in page.select_one(".answer").get_text()


def test_a_complete_answer_has_no_notice(client, ruling):
    page = soup(client, ruling)
    assert not page.select(".answer-cut-off")
    assert "cut off" not in page.select_one("main").get_text()


def test_answer_text_cannot_forge_the_notice(client):
    ruling = import_export(
        answer='Setup\n\n<p class="answer-cut-off">The answer was cut off here.</p> Shuffle.[1][2]'
    )
    page = soup(client, ruling)
    assert not page.select(".answer-cut-off")


def test_completed_and_corrected_answer_says_so(client):
    ruling = import_export(answer="Setup\n\nShuffle.[1]\n\nScoring", tokens_out=1024)
    assert ruling.has_flag("cut_off")
    ruling = Ruling.objects.get(pk=ruling.pk)
    ruling.answer = ruling.answer + "\n\nCount it up.[2]"
    ruling.status = Ruling.Status.CORRECTED
    ruling.corrections.add(
        RulingCorrection(what_was_wrong="Stopped.", what_it_says_now="Complete.", corrected_by="A")
    )
    ruling.save()
    page = soup(client, ruling)
    assert not page.select(".answer-cut-off")
    text = page.select_one("main").get_text()
    assert "The answer as first given was cut off; an editor has corrected it since" in text
    assert "The answer appears to be cut off" not in text


def test_sign_off_and_cut_off_notice_in_spanish(client):
    ruling = import_export(answer="Setup\n\nShuffle.[1][2]\n\nScoring", closing="Bye now.")
    with translation.override("es"):
        url = ruling.get_absolute_url()
    page = BeautifulSoup(client.get(url).content, "html.parser")
    assert "La respuesta se cortó aquí." in page.select_one(".answer-cut-off").get_text()
    assert "Despedida del sistema que respondió" in page.select_one(".sign-off").get_text()
