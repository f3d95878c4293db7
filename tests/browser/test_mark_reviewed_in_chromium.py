"""An editor marks rulings reviewed from the queue in Chromium: one of those ticked cites a
passage errata superseded, so the confirmation page names it apart and asks; left
unconfirmed it stays in the queue, and once the editor ticks the confirmation it is
verified."""

from playwright.sync_api import expect

from rulings.flags import SUPERSEDED_PASSAGE
from rulings.models import Ruling, carries_flag
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user

pytestmark = BROWSER_TEST

QUEUE = "/admin/snippets/rulings/ruling/review/"


def tick(page, *rulings):
    for ruling in rulings:
        row = page.locator("table.listing tbody tr").filter(
            has=page.locator(f"[data-object-id='{ruling.pk}']")
        )
        row.locator("input.bulk-action-checkbox").check()
    page.get_by_role("link", name="Mark the selected rulings reviewed").click()


def test_mark_reviewed_asks_before_verifying_a_ruling_citing_superseded_rules(
    journey, demo_site, roles, django_user_model
):
    make_user(django_user_model, "eduardo", roles["Editors"])
    waiting = Ruling.objects.needing_review()
    superseded = waiting.filter(carries_flag(SUPERSEDED_PASSAGE)).first()
    plain = waiting.exclude(carries_flag(SUPERSEDED_PASSAGE)).first()
    assert superseded and plain, "the demo has both kinds waiting"

    editor = journey.open()
    log_in(editor, journey.url, "eduardo")
    editor.goto(journey.url + QUEUE)
    tick(editor, plain, superseded)
    warning = editor.locator(".mark-reviewed__superseded")
    expect(warning).to_contain_text(superseded.question[:40])
    expect(editor.locator(".mark-reviewed__items")).not_to_contain_text(superseded.question[:40])
    confirm = editor.get_by_label("Verify the rulings citing superseded passages too")
    expect(confirm).not_to_be_checked()
    editor.get_by_label("Review note").fill("Illustrative: checked against the rulebook.")
    editor.get_by_role("button", name="Mark reviewed").click()
    message = editor.locator(".messages")
    expect(message).to_contain_text("1 ruling marked reviewed. Left as it was")
    expect(message).to_contain_text(superseded.question[:40])
    assert Ruling.objects.get(pk=plain.pk).status == Ruling.Status.VERIFIED
    assert Ruling.objects.get(pk=superseded.pk).status != Ruling.Status.VERIFIED

    # Back in the queue, it waits; confirmed this time, it is verified.
    tick(editor, superseded)
    editor.get_by_label("Review note").fill("Illustrative: checked against the errata card.")
    editor.get_by_label("Verify the rulings citing superseded passages too").check()
    editor.get_by_role("button", name="Mark reviewed").click()
    expect(editor.locator(".messages")).to_contain_text("1 ruling marked reviewed.")
    expect(editor.locator(".messages")).not_to_contain_text("Left as")
    assert Ruling.objects.get(pk=superseded.pk).status == Ruling.Status.VERIFIED
