"""An editor's journey in Chromium, through the real admin forms and the pages readers see.

A substantive change with a correction (new version, old one readable and superseded, the
correction on the page, on the home page read before it, in the log and in the feed); a
minor edit (a change-log line, the same version); an errata card on a cited passage (the
ruling warns, the re-check panel lists it); a ruling corrected with a note.
"""

import re

import pytest

from rulings.models import Ruling
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user

pytestmark = BROWSER_TEST

WAS = "The guide said the market is refilled from the discard pile."
NOW = "The market is refilled from the draw pile, top-left space first."


@pytest.fixture
def editor_site(demo_guide, roles, django_user_model):
    make_user(django_user_model, "eduardo", roles["Editors"])
    return demo_guide


def save(page, expect):
    """Press the (explicit) Save of a snippet form; Wagtail's message says `expect`."""
    page.get_by_role("button", name="Save").click()
    page.wait_for_load_state()
    assert expect in page.locator(".messages").inner_text()


def publish(journey, page):
    journey.settle(page)
    page.locator("footer [data-w-dropdown-target='toggle']").first.click()
    page.get_by_role("button", name="Publish", exact=True).click()
    page.wait_for_load_state()


def edit_guide(page, base_url, guide):
    page.goto(f"{base_url}/admin/pages/{guide.get_parent().pk}/")
    page.get_by_role("link", name=guide.title_en, exact=True).first.click()
    page.wait_for_url(re.compile(r"/admin/pages/\d+/edit/"))


def choose(page, button, choice, search=None):
    """Pick `choice` in a Wagtail chooser modal opened by `button`."""
    page.get_by_role("button", name=button).click()
    modal = page.locator(".modal-content")
    if search:
        modal.locator("input[name=q]").fill(search)
        page.wait_for_timeout(800)  # the results refresh after typing
    modal.locator("a[data-chooser-modal-choice]", has_text=choice).first.click()
    modal.wait_for(state="hidden")


def test_editor_publishes_versions_corrections_errata_and_ruling_fixes(journey, editor_site):
    guide = editor_site
    version = guide.version_number
    editor = journey.open()
    log_in(editor, journey.url, "eduardo")
    reader = journey.open()
    reader.goto(f"{journey.url}/en/")  # the home page's lists, remembered from here
    latest = reader.locator("section[aria-labelledby='corrections-heading']")
    assert NOW not in latest.inner_text()

    # A substantive change with a correction.
    edit_guide(editor, journey.url, guide)
    editor.locator("#id_intro_en").fill("How to play Point City, refill rule clarified.")
    editor.get_by_label("Substantive change: a new version").check()
    editor.locator("#id_change_summary_en").fill("Clarified how the market is refilled.")
    editor.locator("#id_corrections-ADD").click()
    row = editor.locator("[id^='inline_child_corrections-']").last
    row.locator("textarea[name$='what_was_wrong_en']").fill(WAS)
    row.locator("textarea[name$='what_it_says_now_en']").fill(NOW)
    row.locator("input[name$='corrected_by']").fill("Eduardo, Rulesage editor")
    publish(journey, editor)
    assert "has been published" in editor.locator(".messages").inner_text()

    reader.goto(f"{journey.url}/en/")
    assert NOW in latest.inner_text()
    reader.goto(journey.url + guide.url)
    assert f"Version {version + 1}" in reader.locator(".guide-status").inner_text()
    assert NOW in reader.locator("#corrections").inner_text()
    first_line = reader.locator("#changes li").first.inner_text()
    assert f"Version {version + 1}: Clarified how the market is refilled." in first_line
    reader.locator("#changes").get_by_role("link", name=f"Read version {version}").click()
    assert (
        f"Superseded — this is version {version}."
        in reader.locator(".notice--superseded").inner_text()
    )
    reader.get_by_role("link", name="Corrections", exact=True).first.click()
    assert NOW in reader.locator("main").inner_text()
    feed = reader.request.get(f"{journey.url}/en/corrections/feed/")
    assert feed.ok and NOW in feed.text()

    # A minor edit: a change-log line, the same version.
    edit_guide(editor, journey.url, guide)
    editor.locator("#id_intro_en").fill("How to play Point City; the refill rule clarified.")
    editor.locator("#id_change_summary_en").fill("Punctuation in the summary.")
    publish(journey, editor)
    reader.goto(journey.url + guide.url)
    assert f"Version {version + 1}" in reader.locator(".guide-status").inner_text()
    first_line = reader.locator("#changes li").first.inner_text()
    assert f"Minor edit to version {version + 1}: Punctuation in the summary." in first_line

    # An errata card on a passage a ruling cites.
    ruling = Ruling.objects.get(question__startswith="Can I use a resource I drafted")
    reader.goto(journey.url + ruling.get_absolute_url())
    assert "p.7" not in reader.locator(".notice--errata").inner_text()
    editor.goto(f"{journey.url}/admin/snippets/catalogue/erratacard/add/")
    choose(editor, "Choose edition", "bg-368017-en-1e")
    choose(editor, "Choose document", "Point City — Rulebook")
    choose(editor, "Choose passage", "p.7", search="p.7")
    editor.locator("#id_corrected_rule_en").fill(
        "Illustrative test card: a civic building's token is taken after paying."
    )
    editor.locator("#id_issued_on").fill("2026-11-20")
    editor.locator("#id_issued_by_en").fill("Test journey (illustrative)")
    save(editor, expect="created")
    reader.goto(journey.url + ruling.get_absolute_url())
    assert "p.7" in reader.locator(".notice--errata").inner_text()
    editor.goto(f"{journey.url}/admin/")
    recheck = editor.locator("#recheck-heading").locator("..")
    assert ruling.question[:40] in recheck.inner_text()

    # A ruling corrected with a note.
    editor.goto(f"{journey.url}/admin/snippets/rulings/ruling/edit/{ruling.pk}/")
    answer = editor.locator("#id_answer_en")
    answer.fill(answer.input_value() + "\n\nThe newly built building's resource waits a turn.[2]")
    editor.get_by_role("tab", name="Corrections").click()
    editor.get_by_role("button", name="Add correction").click()
    row = editor.locator("[id^='inline_child_corrections-']").last
    row.locator("textarea[name$='what_was_wrong_en']").fill("The answer left out the wait.")
    row.locator("textarea[name$='what_it_says_now_en']").fill("It says the resource waits.")
    row.locator("input[name$='corrected_by']").fill("Eduardo, Rulesage editor")
    # A ruling has drafts: the correction reaches readers when it is published.
    editor.locator("footer [data-w-dropdown-target='toggle']").first.click()
    editor.get_by_role("button", name="Publish", exact=True).click()
    editor.wait_for_load_state()
    assert "updated and published" in editor.locator(".messages").inner_text()
    reader.goto(journey.url + ruling.get_absolute_url())
    assert "Corrected by eduardo" in reader.locator(".review-status").inner_text()
    assert "It says the resource waits." in reader.locator("main").inner_text()
