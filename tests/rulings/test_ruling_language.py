"""A ruling's text lives in its edition's language's fields, whoever writes it: a Spanish
export lands in the Spanish fields, is indexed with the Spanish configuration, is marked
lang="es" where an English page shows it, and is an original, not a translation, on the
translators' dashboard; an editor's Spanish ruling typed in the English boxes moves too."""

import pytest
from bs4 import BeautifulSoup
from django.contrib.postgres.search import SearchQuery
from django.urls import reverse
from django.utils import translation

from catalogue.models import Edition
from rulings.models import Ruling
from rulings.translation_listing import ruling_statuses
from tests.rulings.exports import run_import, write_export

pytestmark = pytest.mark.django_db

SPANISH = {
    "code": "bg-900001-es-1e",
    "game": "Juego de prueba",
    "question": "¿Puedo pasar el turno sin robar cartas?",
    "answer": "Sí, puedes pasar.[1] Las cartas se quedan en el mazo.[2]",
    "closing": "¡Buena suerte!",
}


def imported(tmp_path, name, **export):
    _out, err, ok = run_import(write_export(tmp_path, name, **export))
    assert ok, err
    return Ruling.objects.select_related("edition").latest("pk")


def page(client, ruling, language):
    with translation.override(language):
        url = ruling.get_absolute_url()
    response = client.get(url)
    assert response.status_code == 200
    return BeautifulSoup(response.content, "html.parser")


def test_a_spanish_export_lands_in_the_spanish_fields_and_is_marked_spanish(client, tmp_path):
    ruling = imported(tmp_path, "es.txt", **SPANISH)
    assert ruling.language == "es"
    assert ruling.question_es == SPANISH["question"]
    assert ruling.answer_es == SPANISH["answer"]
    assert ruling.closing_line_es == SPANISH["closing"]
    assert not (ruling.question_en or ruling.answer_en or ruling.closing_line_en)

    # Indexed with the Spanish configuration ("robar" stems as Spanish), not the English.
    rulings = Ruling.objects.filter(pk=ruling.pk)
    assert rulings.filter(search_es=SearchQuery("robando", config="spanish")).exists()
    assert not rulings.filter(search_en=SearchQuery("robar", config="english")).exists()

    english = page(client, ruling, "en")
    assert english.h1.get_text(strip=True) == SPANISH["question"]
    assert english.h1["lang"] == "es"
    assert english.select_one(".answer")["lang"] == "es"
    assert english.select_one(".sign-off q")["lang"] == "es"

    spanish = page(client, ruling, "es")
    assert spanish.html["lang"] == "es"
    assert spanish.h1.get_text(strip=True) == SPANISH["question"]
    assert spanish.h1.get("lang") in (None, "es")
    # Written in Spanish: nothing says it is a translation, or English.
    assert not spanish.select(".notice--translation")


def test_an_english_export_stays_english_and_is_marked_so_on_a_spanish_page(client, tmp_path):
    ruling = imported(tmp_path, "en.txt", question="Can I pass without drawing?")
    assert ruling.question_en == "Can I pass without drawing?" and not ruling.question_es
    assert page(client, ruling, "es").h1["lang"] == "en"
    assert page(client, ruling, "en").h1.get("lang") is None


def test_a_spanish_original_is_not_a_translation_on_the_dashboard(admin_client, tmp_path):
    spanish = imported(tmp_path, "es.txt", **SPANISH)
    english = imported(tmp_path, "en.txt", question="Can I pass without drawing?")
    english.question_es = "¿Puedo pasar sin robar?"  # a translator's edit
    english.save()

    assert [pk for _status, _code, pk in ruling_statuses("es")] == [english.pk]
    response = admin_client.get(reverse("guides_translations"))
    rows = BeautifulSoup(response.content, "html.parser").select("#translation-rulings tbody tr")
    assert len(rows) == 1
    assert SPANISH["question"] not in str(rows)

    edit = admin_client.get(reverse("wagtailsnippets_rulings_ruling:edit", args=[spanish.pk]))
    assert edit.status_code == 200
    assert reverse("rulings_translation_up_to_date", args=(spanish.pk, "es")) not in (
        edit.content.decode()
    )


def test_an_editors_spanish_ruling_typed_in_the_english_fields_is_stored_in_spanish(tmp_path):
    edition = imported(tmp_path, "es.txt", **SPANISH).edition
    assert Edition.objects.get(pk=edition.pk).language == "es"
    ruling = Ruling(edition=edition, question_en="¿Se puede robar dos veces?", answer_en="No.")
    ruling.full_clean(exclude=["slug", "question"])
    assert (ruling.question_es, ruling.answer_es) == ("¿Se puede robar dos veces?", "No.")
    assert not ruling.question_en and not ruling.answer_en

    # A translation beside a text of its own stays where it was typed.
    both = Ruling(edition=edition, question_es="¿Robo?", question_en="Do I draw?")
    both.full_clean(exclude=["slug", "question"])
    assert (both.question_es, both.question_en) == ("¿Robo?", "Do I draw?")

    # Spanish typed in the Spanish boxes of an English edition's ruling is Spanish still.
    english = imported(tmp_path, "en.txt", question="Can I pass without drawing?").edition
    answered_in_spanish = Ruling(edition=english, question_es="¿Robo?", answer_es="Sí.")
    answered_in_spanish.full_clean(exclude=["slug", "question"])
    assert (answered_in_spanish.question_es, answered_in_spanish.question_en) == ("¿Robo?", None)


def test_changing_a_spanish_rulings_spanish_answer_is_a_correction(admin_client, tmp_path):
    from tests.rulings.test_editors_desk import edit_url, form_data

    ruling = imported(tmp_path, "es.txt", **SPANISH)
    blank_english = {"question_en": "", "answer_en": "", "closing_line_en": ""}
    changed = form_data(ruling, **blank_english, answer_es="No puedes pasar.[1][2]")
    response = admin_client.post(edit_url(ruling), changed)
    assert response.status_code == 200
    assert "add a correction" in response.content.decode()
    assert Ruling.objects.get(pk=ruling.pk).answer_es == SPANISH["answer"]


def test_a_translator_leaves_a_spanish_original_to_the_editors(client, translator, tmp_path):
    from tests.rulings.test_editors_desk import edit_url, form_data

    ruling = imported(tmp_path, "es.txt", **SPANISH)
    client.force_login(translator)
    form = BeautifulSoup(client.get(edit_url(ruling)).content, "html.parser")
    assert form.select_one("#id_question_es") is not None  # shown, as text
    assert form.select_one("textarea[name=question_es], input[name=question_es]") is None

    blank_english = {"question_en": "", "answer_en": "", "closing_line_en": ""}
    changed = form_data(
        ruling, **blank_english, question_es="¿Puedo pasar sin más?", answer_es="No.[1][2]"
    )
    response = client.post(edit_url(ruling), changed)
    assert response.status_code in (200, 302)
    stored = Ruling.objects.get(pk=ruling.pk)
    assert stored.get_latest_revision_as_object().question_es == SPANISH["question"]
    assert (stored.question_es, stored.answer_es) == (SPANISH["question"], SPANISH["answer"])
