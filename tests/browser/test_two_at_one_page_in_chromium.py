"""Two people at one page, in Chromium: a translator opens a guide's editor, an editor then
publishes a change to its English, and the translator, still in the form they opened,
changes the Spanish and submits it. Both changes reach readers, in /en/ and /es/, with the
translator's change-log line on the Spanish page. When both changed the same field, the
translator is told which, with the text saving would replace, before anything is lost."""

import re

import pytest
from playwright.sync_api import expect

from guides.models import GuidePage
from tests.browser.conftest import BROWSER_TEST, PERSON, close_and_wait, log_in
from tests.conftest import make_user
from tests.guides.factories import url_in

pytestmark = BROWSER_TEST

ENGLISH = "Ties go to the player with the most civic buildings."
SPANISH = "Todo para una partida normal de Ciudad de Puntos, con el desempate explicado."
NOTE = "Resumen revisado: ahora explica el desempate."


@pytest.fixture
def people(journey, demo_guide, roles, django_user_model):
    make_user(django_user_model, "eduardo", roles["Editors"])
    make_user(django_user_model, "tania", roles["Translators"])
    editor, translator = journey.open(), journey.open()
    log_in(editor, journey.url, "eduardo")
    log_in(translator, journey.url, "tania")
    return editor, translator


def open_editor(journey, page, guide):
    page.goto(f"{journey.url}/admin/pages/{guide.pk}/edit/")
    page.locator("#id_intro_es").wait_for()


def press(journey, page, button, settle=True):
    if settle:
        journey.settle(page)
    page.locator("footer [data-w-dropdown-target='toggle']").first.click()
    page.get_by_role("button", name=button, exact=True).click()
    page.wait_for_load_state()


def test_a_translators_save_after_an_editors_publish_keeps_both(journey, demo_guide, people):
    editor, translator = people
    open_editor(journey, translator, demo_guide)  # before the editor's publish
    # The translator's page has finished loading and saving anything of its own before the
    # editor opens theirs, as two people an hour apart would (otherwise the editor's autosave
    # races the translator's and Wagtail refuses the later one).
    journey.settle(translator)

    open_editor(journey, editor, demo_guide)
    editor.locator("#id_intro_en").fill(f"{demo_guide.intro_en} {ENGLISH}")
    press(journey, editor, "Publish")
    expect(editor.locator(".messages")).to_contain_text("has been published")

    # The translator, in the form they opened before, changes the Spanish: autosave
    # keeps it (the journey fails on any refused request), and the first submit goes.
    translator.locator("#id_intro_es").fill(SPANISH)
    translator.locator("#id_change_summary_es").fill(NOTE)
    press(journey, translator, "Submit to Editorial review")
    expect(translator.locator(".messages")).to_contain_text("submitted for moderation")
    expect(translator.locator("#w-save-confirmation-dialog")).to_be_hidden()

    open_editor(journey, editor, demo_guide)
    press(journey, editor, "Approve and Publish")
    expect(editor.locator(".messages")).to_contain_text("has been updated")

    guide = GuidePage.objects.get(pk=demo_guide.pk)
    reader = journey.open()
    reader.goto(journey.url + url_in(guide, "en"))
    expect(reader.locator(".lede")).to_contain_text(ENGLISH)
    expect(reader.locator("#changes")).not_to_contain_text(NOTE)
    reader.goto(journey.url + url_in(guide, "es"))
    expect(reader.locator(".lede")).to_have_text(SPANISH)
    line = reader.locator("#changes li").first
    expect(line).to_contain_text(NOTE)
    expect(line).to_contain_text("por tania")


def test_the_same_field_changed_by_both_is_named_before_it_is_lost(
    journey, browser, demo_guide, people
):
    editor, _translator = people
    # The translator's autosave is refused for the conflict (HTTP 400, which the journey
    # counts as a failure): their page is watched by this test alone.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, **PERSON)
    translator = context.new_page()
    log_in(translator, journey.url, "tania")
    open_editor(journey, translator, demo_guide)

    open_editor(journey, editor, demo_guide)
    editor.locator("#id_intro_es").fill("Texto corregido por el editor.")
    press(journey, editor, "Publish")
    expect(editor.locator(".messages")).to_contain_text("has been published")

    translator.locator("#id_intro_es").fill(SPANISH)
    # Its autosave is refused, so the form never settles: the translator just submits.
    press(journey, translator, "Submit to Editorial review", settle=False)
    error = translator.get_by_text(re.compile("eduardo saved a newer version"))
    expect(error).to_contain_text("Summary [es], which now reads “Texto corregido por el editor.”")
    expect(error).to_contain_text("Nothing was saved.")
    expect(translator.locator("#id_intro_es")).to_have_value(SPANISH)
    # The form's autosave, which starts again on the form shown, replaces nothing.
    translator.wait_for_timeout(2000)
    latest = GuidePage.objects.get(pk=demo_guide.pk).get_latest_revision_as_object()
    assert latest.intro_es == "Texto corregido por el editor."

    # Told, they submit again: their text replaces the editor's, as they chose.
    press(journey, translator, "Submit to Editorial review", settle=False)
    expect(translator.locator(".messages")).to_contain_text("submitted for moderation")
    latest = GuidePage.objects.get(pk=demo_guide.pk).get_latest_revision_as_object()
    assert latest.intro_es == SPANISH
    close_and_wait(context)
