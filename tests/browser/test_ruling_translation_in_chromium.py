"""A translator translates a ruling (a draft an editor publishes) and marks it up to date;
an editor corrects the English answer; Spanish readers are then told the translation
follows an earlier English text, and the translators' dashboard lists it as behind.
Through the real admin forms."""

import re

import pytest
from django.urls import reverse

from rulings.models import Ruling
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user

pytestmark = BROWSER_TEST

SPANISH_QUESTION = "¿Qué rompe un empate?"
SPANISH_ANSWER = "Entre los empatados gana quien tenga más cartas de recurso sin gastar.[2]"


@pytest.fixture
def people(demo_site, roles, django_user_model):
    make_user(django_user_model, "tania", roles["Translators"])
    make_user(django_user_model, "eduardo", roles["Editors"])
    return Ruling.objects.get(slug="what-breaks-a-tie")


def spanish_url(journey, ruling):
    return f"{journey.url}/es/resoluciones/{ruling.edition.code}/{ruling.slug}/"


def publish(page):
    page.locator("footer [data-w-dropdown-target='toggle']").first.click()
    page.get_by_role("button", name="Publish", exact=True).click()
    page.wait_for_load_state()
    assert "published" in page.locator(".messages").inner_text()


def test_a_translated_ruling_falls_behind_when_the_english_is_corrected(journey, people):
    tie = people
    edit = f"{journey.url}{reverse('wagtailsnippets_rulings_ruling:edit', args=[tie.pk])}"

    translator = journey.open()
    log_in(translator, journey.url, "tania")
    translator.goto(edit)
    # English is text, Spanish an input: a translator can change only the Spanish.
    assert translator.locator("#id_question_en").evaluate("e => e.tagName") == "DIV"
    translator.locator("#id_question_es").fill(SPANISH_QUESTION)
    translator.locator("#id_answer_es").fill(SPANISH_ANSWER)
    # A translator saves a draft (there is no "Publish" for them); an editor publishes it.
    assert translator.get_by_role("button", name="Publish", exact=True).count() == 0
    translator.get_by_role("button", name="Save draft", exact=True).click()
    translator.wait_for_load_state()
    assert Ruling.objects.get(pk=tie.pk).question_es != SPANISH_QUESTION
    editor = journey.open()
    log_in(editor, journey.url, "eduardo")
    editor.goto(edit)
    assert editor.locator("#id_question_es").input_value() == SPANISH_QUESTION
    publish(editor)
    assert Ruling.objects.get(pk=tie.pk).question_es == SPANISH_QUESTION

    translator.goto(edit)
    panel = translator.locator(".translation-states li[data-status='behind']")
    panel.get_by_role("link", name=re.compile("mark up to date")).click()
    assert SPANISH_ANSWER in translator.locator("#english-changes").inner_text()
    translator.get_by_role("button", name="Yes, it says what the English now says").click()
    translator.wait_for_load_state()
    assert tie.translation_marks.get().follows_id is not None

    reader = journey.open()
    reader.goto(spanish_url(journey, tie))
    assert reader.locator("h1").inner_text() == SPANISH_QUESTION
    assert reader.locator(".notice--behind").count() == 0

    editor.goto(edit)
    editor.locator("#id_answer_en").fill(
        tie.answer_en + "\n\nThe tie-break is checked before anything else is counted.[2]"
    )
    editor.get_by_role("tab", name="Corrections").click()
    editor.get_by_role("button", name="Add correction").click()
    editor.locator("#id_corrections-0-what_was_wrong_en").fill("Did not say when ties are broken.")
    editor.locator("#id_corrections-0-what_it_says_now_en").fill("Ties are broken first.")
    publish(editor)
    assert (
        "Ties are broken first." in Ruling.objects.get(pk=tie.pk).corrections.get().what_it_says_now
    )

    reader.reload()
    notice = reader.locator(".notice--behind")
    assert "sigue un texto anterior en inglés" in notice.inner_text()
    notice.get_by_role("link", name="Leer el texto actual en inglés").click()
    assert "/en/rulings/" in reader.url
    assert "checked before anything else" in reader.locator(".answer").inner_text()

    translator.goto(f"{journey.url}{reverse('guides_translations')}")
    row = translator.locator("#translation-rulings tr", has_text="What breaks a tie?")
    assert row.get_attribute("data-status") == "behind"
    assert "Answer" in row.locator(".changed-fields").inner_text()
