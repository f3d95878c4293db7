"""Translators translate rulings, and a translation says which English it follows.

A translator saves a draft of the Spanish; readers see it once an editor publishes it. A
translated ruling is up to date once marked; an editor's correction of the English
answer puts it behind, on the Spanish page and on the translators' dashboard; marking it
up to date again without changing the Spanish needs a reason.
"""

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse
from django.utils import translation

from core.freshness import translation_state
from core.models import TranslationMark
from rulings.models import Ruling
from rulings.translation_admin import mark_translation_current
from rulings.translation_listing import ruling_states, ruling_statuses
from tests.rulings.fixtures import import_export
from tests.rulings.test_editors_desk import edit_url, form_data, publish

pytestmark = pytest.mark.django_db

DASHBOARD = reverse("guides_translations")
CORRECTION = {
    "corrected_on": "2026-11-20",
    "what_was_wrong_en": "Did not say how often.",
    "what_it_says_now_en": "Once per round.",
    "corrected_by": "Ana",
}


def mark_url(ruling, language="es"):
    return reverse("rulings_translation_up_to_date", args=(ruling.pk, language))


def spanish_page(client, ruling):
    with translation.override("es"):
        url = ruling.get_absolute_url()
    return BeautifulSoup(client.get(url).content, "html.parser")


def dashboard_rulings(client):
    html = BeautifulSoup(client.get(DASHBOARD).content, "html.parser")
    return {
        row.td.get_text(strip=True): row["data-status"]
        for row in html.select("#translation-rulings tbody tr")
    }


def published_by_an_editor(editor_client, ruling):
    """An editor opens the ruling's form and presses "Publish", changing nothing."""
    response = editor_client.post(edit_url(ruling), publish(form_data(ruling)))
    assert response.status_code == 302, response.content.decode()[:2000]
    return Ruling.objects.get(pk=ruling.pk)


@pytest.fixture
def translated(client, admin_client, translator, ruling):
    """The ruling translated by a translator in the ruling form, published by an editor,
    and marked up to date."""
    client.force_login(translator)
    response = client.post(
        edit_url(ruling),
        form_data(ruling, question_es="¿Puedo pasar?", answer_es="Sí.[1] Una vez.[2]"),
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    published_by_an_editor(admin_client, ruling)
    response = client.post(mark_url(ruling), {"next": DASHBOARD})
    assert response.status_code == 302
    return Ruling.objects.get(pk=ruling.pk)


def test_a_translator_changes_only_the_spanish_of_a_ruling(
    client, admin_client, translator, ruling
):
    client.force_login(translator)
    data = form_data(
        ruling,
        question_en="Tampered?",
        status="withdrawn",
        question_es="¿Puedo pasar?",
        answer_es="Sí.[1] Una vez.[2]",
    )
    # Pressing a "Publish" a translator is not offered saves a draft all the same.
    response = client.post(edit_url(ruling), publish(data))
    assert response.status_code == 302, response.content.decode()[:2000]
    stored = Ruling.objects.get(pk=ruling.pk)
    assert (stored.question_es, stored.live, stored.has_unpublished_changes) == (None, True, True)
    assert spanish_page(client, ruling).h1.get_text() == ruling.question_en  # not yet

    saved = published_by_an_editor(admin_client, ruling)
    assert (saved.question_en, saved.status) == (ruling.question_en, ruling.status)
    assert (saved.question_es, saved.answer_es) == ("¿Puedo pasar?", "Sí.[1] Una vez.[2]")
    assert spanish_page(client, ruling).h1.get_text() == "¿Puedo pasar?"
    # A translation is not a correction: the ruling needs none and is not "corrected".
    assert not saved.corrections.exists()


def test_a_correction_of_the_english_puts_the_spanish_behind(
    client, admin_client, translated, translator
):
    ruling = translated
    assert translation_state(ruling, "es", ruling.translation_marks.get()).status == "current"
    assert not spanish_page(client, ruling).select(".notice--behind")
    assert dashboard_rulings(client) == {ruling.question_en: "current"}

    response = admin_client.post(
        edit_url(ruling),
        publish(
            form_data(
                ruling, answer_en="You may pass once per round.[1][2]", corrections=[CORRECTION]
            )
        ),
    )
    assert response.status_code == 302

    ruling = Ruling.objects.get(pk=ruling.pk)
    state = translation_state(ruling, "es", ruling.translation_marks.get())
    assert state.status == "behind" and [str(label) for label in state.changed] == ["Answer"]
    client.logout()
    notice = spanish_page(client, ruling).select_one(".notice--behind")
    assert "sigue un texto anterior en inglés" in notice.get_text()
    with translation.override("en"):
        assert notice.a["href"] == ruling.get_absolute_url()  # the English page
    client.force_login(translator)
    assert dashboard_rulings(client) == {ruling.question_en: "behind"}
    assert mark_url(ruling) in client.get(DASHBOARD).content.decode()


def test_marking_up_to_date_without_a_change_needs_a_reason(
    client, admin_client, translated, translator
):
    ruling = translated
    admin_client.post(
        edit_url(ruling),
        publish(
            form_data(
                ruling, answer_en="You may pass once per round.[1][2]", corrections=[CORRECTION]
            )
        ),
    )
    client.force_login(translator)
    page = client.get(mark_url(ruling)).content.decode()
    assert "You may pass once per round." in page and "Sí.[1] Una vez.[2]" in page

    response = client.post(mark_url(ruling), {"next": DASHBOARD})
    assert response.status_code == 200  # refused, and said why
    assert "This field is required" in response.content.decode()
    assert dashboard_rulings(client)[ruling.question_en] == "behind"

    reason = "«Una vez» ya lo decía."
    response = client.post(mark_url(ruling), {"next": DASHBOARD, "reason": reason})
    assert response.status_code == 302
    assert ruling.translation_marks.get().note == reason
    assert dashboard_rulings(client)[ruling.question_en] == "current"


def test_a_spanish_edit_since_the_english_changed_needs_no_reason(
    client, admin_client, translated, translator
):
    ruling = translated
    admin_client.post(
        edit_url(ruling),
        publish(
            form_data(
                ruling, answer_en="You may pass once per round.[1][2]", corrections=[CORRECTION]
            )
        ),
    )
    client.force_login(translator)
    ruling = Ruling.objects.get(pk=ruling.pk)
    client.post(edit_url(ruling), form_data(ruling, answer_es="Sí, una vez por ronda.[1][2]"))
    published_by_an_editor(admin_client, ruling)
    response = client.post(mark_url(ruling), {"next": DASHBOARD})
    assert response.status_code == 302
    assert dashboard_rulings(client)[ruling.question_en] == "current"


def test_a_translation_nobody_marked_is_behind(client, translator, ruling):
    ruling.question_es = "¿Puedo pasar?"
    ruling.save()
    client.force_login(translator)
    assert dashboard_rulings(client) == {ruling.question_en: "behind"}
    client.logout()
    notice = spanish_page(client, ruling).select_one(".notice--behind")
    assert "todavía no se ha comprobado" in notice.get_text()


def test_only_those_allowed_may_mark(client, django_user_model, ruling):
    nobody = django_user_model.objects.create_user("nobody", password="pw", is_staff=True)
    client.force_login(nobody)
    assert client.get(mark_url(ruling)).status_code in (302, 403)
    mark_translation_current(ruling, "es", None, "")
    assert ruling.translation_marks.count() == 1


def test_the_dashboards_statuses_read_as_rows_agree_with_each_rulings_state(translated):
    """The dashboard counts and orders every translated ruling from rows; each ruling's
    own state, read in full, says the same."""
    never_marked = import_export(question="Who starts?")
    Ruling.objects.filter(pk=never_marked.pk).update(question_es="¿Quién empieza?")
    emptied = import_export(question="Who scores?")
    TranslationMark.objects.create(content_object=emptied, language="es", follows=None)
    full = {state.ruling.pk: state.status for state in ruling_states("es")}
    assert full == {translated.pk: "current", never_marked.pk: "behind", emptied.pk: "missing"}
    assert {pk: status for status, _code, pk in ruling_statuses("es")} == full
    # An English correction puts the marked one behind, by the full comparison.
    Ruling.objects.filter(pk=translated.pk).update(answer_en="Yes, twice.[1]")
    assert dict((pk, s) for s, _c, pk in ruling_statuses("es"))[translated.pk] == "behind"
