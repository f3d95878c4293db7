"""The admin works under its own Content-Security-Policy: an editor edits a guide (rich
text, a date, a correction row added) and publishes it, and the browser reports no
violation. The reader then sees the guide under the site's strict policy.

Violations are counted twice: the `journey` fixture fails on any console error (Chromium
logs each blocked script or style there), and the page records every
`securitypolicyviolation` event, which names what was blocked.
"""

import re

from guides.models import GuidePage
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user

pytestmark = BROWSER_TEST

RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.cspViolations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
});
"""


def violations(page):
    return page.evaluate("window.cspViolations")


def test_an_editor_edits_and_publishes_a_guide_with_no_csp_violation(
    journey, demo_site, roles, django_user_model
):
    make_user(django_user_model, "eduardo", roles["Editors"])
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")

    editor = journey.open()
    editor.add_init_script(RECORD_VIOLATIONS)
    log_in(editor, journey.url, "eduardo")
    assert violations(editor) == []

    editor.goto(f"{journey.url}/admin/pages/{guide.get_parent().pk}/")
    assert violations(editor) == []
    editor.get_by_role("link", name=guide.title_en, exact=True).first.click()
    editor.wait_for_url(re.compile(r"/admin/pages/\d+/edit/"))
    # Scripts ran: the rich-text editors are up (Draftail writes style elements).
    editor.locator(".Draftail-Editor").first.wait_for()
    assert editor.evaluate("document.querySelectorAll('style').length") > 0

    editor.locator("#id_intro_en").fill("How to play Point City, checked under the policy.")
    editor.locator("#id_corrections-ADD").click()
    row = editor.locator("[id^='inline_child_corrections-']").last
    row.locator("textarea[name$='what_was_wrong_en']").fill("Said the market refills last.")
    row.locator("textarea[name$='what_it_says_now_en']").fill("The market refills first.")
    row.locator("input[name$='corrected_by']").fill("Eduardo, Rulesage editor")
    # The date chooser of the new row was started by its inline script.
    row.locator("input[name$='corrected_on']").click()
    editor.locator(".xdsoft_datetimepicker:visible").first.wait_for()
    editor.keyboard.press("Escape")
    assert violations(editor) == []

    journey.settle(editor)
    editor.locator("footer [data-w-dropdown-target='toggle']").first.click()
    editor.get_by_role("button", name="Publish", exact=True).click()
    editor.wait_for_load_state()
    assert "has been published" in editor.locator(".messages").inner_text()
    assert violations(editor) == []

    guide.refresh_from_db()
    assert guide.intro_en == "How to play Point City, checked under the policy."

    reader = journey.open()
    reader.add_init_script(RECORD_VIOLATIONS)
    reader.goto(journey.url + guide.url)
    assert "checked under the policy" in reader.content()
    assert violations(reader) == []
