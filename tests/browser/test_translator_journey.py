"""A translator's journey in Chromium, through the real admin forms.

The English moved on; the translator sees what changed, brings the Spanish up to date
(autosave and "Save draft" work: the browser sends no disabled field), submits it for
review; an editor approves; Spanish readers then see a current translation.
"""

import re

import pytest

from guides.models import GuidePage
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user
from tests.guides.factories import publish_version, url_in
from tests.guides.fixtures import guide_mark

pytestmark = BROWSER_TEST

NEW_INTRO = "Everything for a standard game of Point City, now with the tie-break explained."
SPANISH_INTRO = "Todo para una partida normal de Ciudad de Puntos, con el desempate explicado."


@pytest.fixture
def behind_guide(demo_guide, roles, django_user_model):
    make_user(django_user_model, "tania", roles["Translators"])
    make_user(django_user_model, "eduardo", roles["Editors"])
    summary = "The summary now mentions the tie-break."
    return publish_version(demo_guide, summary, intro_en=NEW_INTRO)


def test_translator_brings_the_spanish_up_to_date_and_an_editor_approves(journey, behind_guide):
    number = behind_guide.version_number
    translator = journey.open()
    log_in(translator, journey.url, "tania")

    # The dashboard names the guide as behind and shows what changed in the English.
    translator.get_by_role("link", name="Translations", exact=True).first.click()
    row = translator.locator("#translation-guides tr", has_text="How to play Point City")
    assert row.get_attribute("data-status") == "behind"
    assert row.locator(".changed-fields summary").inner_text() == "Summary"
    row.get_by_role("link", name=re.compile("See what changed")).click()
    changes = translator.locator("#english-changes")
    # Only the words the English added are marked as added.
    assert "now with" in changes.locator(".english-change ins").first.inner_text()
    assert "tie-break explained" in changes.locator(".english-change__text").first.inner_text()

    # The editor shows the English as text and the Spanish as inputs, side by side.
    translator.go_back()
    translator.get_by_role("link", name="How to play Point City").click()
    translator.wait_for_url(re.compile(r"/admin/pages/\d+/edit/"))
    assert translator.locator("#id_intro_en").evaluate("e => e.tagName") == "DIV"
    spanish_intro = translator.locator("#id_intro_es")
    assert spanish_intro.is_visible()

    # Autosave: the form notices changes two seconds after loading.
    translator.wait_for_timeout(2500)
    with translator.expect_response(
        lambda r: r.request.method == "POST" and "/edit/" in r.url
    ) as autosave:
        spanish_intro.fill(SPANISH_INTRO)
    assert autosave.value.status == 200
    translator.locator(".w-autosave-indicator").get_by_text("Saved").wait_for()

    journey.settle(translator)
    translator.get_by_role("button", name="Save draft").click()
    translator.wait_for_load_state()
    assert "has been updated" in translator.locator(".messages").inner_text()

    translator.wait_for_timeout(2500)
    with translator.expect_response(
        lambda r: r.request.method == "POST" and "/edit/" in r.url
    ) as autosave:
        translator.locator("#id_translation_current_es").check()
        translator.locator("#id_change_summary_es").fill("Se explica el desempate en el resumen.")
    assert autosave.value.status == 200
    translator.locator(".w-autosave-indicator").get_by_text("Saved").wait_for()
    journey.settle(translator)
    translator.locator("footer [data-w-dropdown-target='toggle']").first.click()
    translator.get_by_role("button", name="Submit to Editorial review").click()
    translator.wait_for_load_state()
    assert "submitted for moderation" in translator.locator(".messages").inner_text()
    live = GuidePage.objects.get(pk=behind_guide.pk)
    assert live.intro_es != SPANISH_INTRO  # not public until approved
    assert live.intro_en == NEW_INTRO

    editor = journey.open()
    log_in(editor, journey.url, "eduardo")
    editor.goto(f"{journey.url}/admin/pages/{behind_guide.pk}/edit/")
    journey.settle(editor)
    editor.locator("footer [data-w-dropdown-target='toggle']").first.click()
    editor.get_by_role("button", name="Approve and Publish", exact=True).click()
    editor.wait_for_load_state()
    assert "has been updated" in editor.locator(".messages").inner_text()

    reader = journey.open()
    reader.goto(journey.url + url_in(behind_guide, "es"))
    assert reader.locator(".lede").inner_text() == SPANISH_INTRO
    # No notice says the translation follows an earlier version (the new version's own
    # change-log line may still be in English, and the notice may say so).
    assert "versión actual es" not in reader.locator("main").inner_text()
    assert f"Traducción de la versión {number}" in reader.locator(".guide-status").inner_text()
    assert "Se explica el desempate" in reader.locator("#changes li").first.inner_text()
    record = guide_mark(behind_guide)
    assert record.version == number
