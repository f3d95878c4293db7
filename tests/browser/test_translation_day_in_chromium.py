"""An editorial day in Chromium: an editor publishes a new English version, a translator
cannot pass the untouched Spanish off as current, and what readers see stays true.

The editor's save goes through Wagtail's rich-text editor, which re-serialises the Spanish
text it never touched (block keys, spacing): that is no Spanish edit. Marking the Spanish
up to date then needs a reason, goes to review like a Spanish edit, and once approved the
Spanish change log says who marked it and why.
"""

import re

import pytest
from playwright.sync_api import expect

from core.translated_fields import language_snapshot
from guides.models import GuidePage
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user
from tests.guides.factories import url_in
from tests.guides.fixtures import guide_mark

pytestmark = BROWSER_TEST

NEW_RULE = "Ties go to the player with the most civic buildings."
REASON = "El desempate ya figuraba en la traducción: no hay nada que cambiar."


@pytest.fixture
def day(demo_guide, roles, django_user_model):
    make_user(django_user_model, "eduardo", roles["Editors"])
    make_user(django_user_model, "tania", roles["Translators"])
    return demo_guide


def publish(journey, page, button="Publish"):
    journey.settle(page)
    page.locator("footer [data-w-dropdown-target='toggle']").first.click()
    page.get_by_role("button", name=button, exact=True).click()
    page.wait_for_load_state()


def test_markup_alone_never_makes_the_spanish_current(journey, day):
    guide = day
    spanish_before = language_snapshot(guide, "es")
    raw_before = GuidePage.objects.values_list("body_es", flat=True).get(pk=guide.pk)

    # The editor publishes a new English version through the page editor.
    editor = journey.open()
    log_in(editor, journey.url, "eduardo")
    editor.goto(f"{journey.url}/admin/pages/{guide.pk}/edit/")
    intro = editor.locator("#id_intro_en")
    intro.fill(f"{guide.intro_en} {NEW_RULE}")
    editor.get_by_label("Substantive change: a new version").check()
    editor.locator("#id_change_summary_en").fill("Added how ties are broken.")
    publish(journey, editor)
    assert "has been published" in editor.locator(".messages").inner_text()
    guide = GuidePage.objects.get(pk=guide.pk)
    version = guide.version_number
    # The Spanish text was stored again in another form, saying exactly what it said.
    assert GuidePage.objects.values_list("body_es", flat=True).get(pk=guide.pk) != raw_before
    assert language_snapshot(guide, "es") == spanish_before

    # The translator sees what the English added, marked, on the dashboard…
    translator = journey.open()
    log_in(translator, journey.url, "tania")
    translator.goto(f"{journey.url}/admin/translations/")
    row = translator.locator("#translation-guides tr", has_text="How to play Point City")
    assert row.get_attribute("data-status") == "behind"
    row.locator(".changed-fields summary").click()
    added = row.locator(".english-change ins").first
    assert NEW_RULE in added.inner_text()
    assert "[added:" in added.text_content()  # said in words, not only by colour

    # …and in the page editor, where ticking "up to date" with no Spanish change and no
    # reason is refused, keeping the draft.
    translator.goto(f"{journey.url}/admin/pages/{guide.pk}/edit/")
    assert (
        NEW_RULE
        in translator.locator(".translation-changes .english-change ins").first.inner_text()
    )
    translator.locator("#id_translation_current_es").check()
    publish(journey, translator, "Submit to Editorial review")
    assert "has not changed since the version it follows" in translator.locator("main").inner_text()
    assert guide.current_workflow_state is None

    # The dashboard's action asks for the same reason, and then goes to review.
    translator.goto(f"{journey.url}/admin/translations/")
    translator.get_by_role("link", name=re.compile("See what changed")).first.click()
    # The page it opens, once it has replaced the dashboard (read at once, it may not have).
    expect(translator.locator("main")).to_contain_text("has not been edited since")
    translator.get_by_role("button", name=re.compile("Submit for review")).click()
    translator.wait_for_load_state()
    assert "This field is required" in translator.locator("main").inner_text()
    translator.get_by_label("Note for the change log").fill(REASON)
    translator.get_by_role("button", name=re.compile("Submit for review")).click()
    translator.wait_for_load_state()
    assert "Submitted for review" in translator.locator(".messages").inner_text()

    # Until an editor approves, Spanish readers are told the translation is behind.
    reader = journey.open()
    reader.goto(journey.url + url_in(guide, "es"))
    assert f"la versión actual es {version}" in reader.locator(".notice--translation").inner_text()
    assert guide_mark(guide).version < version

    editor.goto(f"{journey.url}/admin/pages/{guide.pk}/edit/")
    publish(journey, editor, "Approve and Publish")
    record = guide_mark(guide)
    assert (record.version, record.marked_by.username) == (version, "tania")

    reader.goto(journey.url + url_in(guide, "es"))
    # No notice says the translation follows an earlier version (the new version's own
    # change-log line is still in English, and the notice may say so).
    assert "versión actual" not in reader.locator("main").inner_text()
    line = reader.locator("#changes li").first.inner_text()
    assert REASON in line and "por tania" in line
    assert f"Traducción de la versión {version}" in reader.locator(".guide-status").inner_text()
