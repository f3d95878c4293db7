"""A Spanish export imported through the admin's upload form is a Spanish ruling: its
page says so to the browser (lang="es" on an English page), and the translators'
dashboard does not list it as a translation."""

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
