"""A Spanish export imported through the admin's upload form is a Spanish ruling: its
page says so to the browser (lang="es" on an English page), the translators' dashboard
does not list it as a translation, and a translator who opens it finds its Spanish as
text to read: the original is the editors' to correct."""

from django.urls import reverse

from rulings.models import Ruling
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user
from tests.rulings.exports import write_export

pytestmark = BROWSER_TEST

QUESTION = "¿Puedo pasar el turno sin robar cartas?"


def test_a_spanish_export_is_read_as_spanish_and_is_no_translation(
    journey, demo_site, roles, django_user_model, tmp_path
):
    make_user(django_user_model, "eduardo", roles["Editors"])
    make_user(django_user_model, "tania", roles["Translators"])
    export = write_export(
        tmp_path,
        "pasar.txt",
        code="bg-900001-es-1e",
        game="Juego de prueba",
        question=QUESTION,
        answer="Sí, puedes pasar.[1] Las cartas se quedan en el mazo.[2]",
        closing="¡Buena suerte!",
    )
    editor = journey.open()
    log_in(editor, journey.url, "eduardo")
    editor.goto(f"{journey.url}/admin/import-rulings/")
    editor.get_by_label("Export files").set_input_files([export])
    editor.get_by_role("button", name="Import", exact=True).click()
    editor.locator("#import-progress").filter(has_text="Done").wait_for()
    editor.locator("#imported a").first.click()
    editor.wait_for_load_state()
    heading = editor.locator("h1")
    assert heading.inner_text() == QUESTION
    assert heading.get_attribute("lang") == "es"
    assert editor.locator(".answer").get_attribute("lang") == "es"

    translator = journey.open()
    log_in(translator, journey.url, "tania")
    translator.get_by_role("link", name="Translations", exact=True).first.click()
    rulings = translator.locator("#translation-rulings")
    assert QUESTION not in (rulings.inner_text() if rulings.count() else "")

    ruling = Ruling.objects.get(question_es=QUESTION)
    translator.goto(journey.url + reverse("wagtailsnippets_rulings_ruling:edit", args=[ruling.pk]))
    assert QUESTION in translator.locator("#id_question_es").inner_text()
    assert translator.locator("[name=question_es]").count() == 0  # text, not a box
    journey.settle(translator)
    translator.get_by_role("button", name="Save draft").click()
    translator.wait_for_load_state()
    assert "updated" in translator.locator(".messages").inner_text()  # saved, nothing refused
    stored = Ruling.objects.get(pk=ruling.pk)
    assert stored.get_latest_revision_as_object().question_es == QUESTION
    assert stored.question_es == QUESTION
