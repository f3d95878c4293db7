"""An editor opens the admin and reads how the rules desk stands, in figures and a chart,
then works the review queue: narrows it to one edition, ticks two rulings and marks them
reviewed with a note."""

import re

from django.utils import timezone
from django.utils.formats import date_format
from playwright.sync_api import expect
from wagtail.models import ModelLogEntry

from rulings.flags import SUPERSEDED_PASSAGE
from rulings.models import ReaderQuestion, Ruling
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.browser.test_editor_journey import choose
from tests.conftest import make_user

pytestmark = BROWSER_TEST

NOTE = "Illustrative: checked against the rulebook."


def test_an_editor_reads_the_figures_and_works_the_review_queue(
    journey, demo_site, roles, django_user_model
):
    make_user(django_user_model, "eduardo", roles["Editors"])
    waiting = Ruling.objects.filter(status__in=["imported", "written", "needs_review"])
    edition = waiting.order_by("created_at").first().edition
    on_edition = waiting.filter(edition=edition).order_by("created_at", "pk")
    chosen = list(on_edition[:2])
    assert len(chosen) == 2, "the demo has two rulings waiting on one edition"

    editor = journey.open()
    log_in(editor, journey.url, "eduardo")
    panel = editor.locator(".editor-figures")
    panel.get_by_role("heading", name="The rules desk in figures").wait_for()
    backlog = panel.locator("[data-figure=backlog]")
    backlog_before = waiting.count()
    assert backlog.inner_text().split()[0] == str(backlog_before)
    questions = ReaderQuestion.objects.filter(status="new").count()
    assert panel.locator("[data-figure=questions]").inner_text().split()[0] == str(questions)
    chart = panel.get_by_role("img", name="Rulings answered and abstained, by month")
    assert chart.is_visible()
    assert panel.locator("table.editor-figures__table tbody tr").count() == 12

    # The backlog figure opens the queue, oldest first.
    backlog.get_by_role("link").click()
    editor.wait_for_url(re.compile(r"/admin/snippets/rulings/ruling/review/$"))
    editor.get_by_role("heading", name="Review queue").wait_for()
    rows = editor.locator("table.listing tbody tr")
    assert rows.count() == min(waiting.count(), 20)

    # Narrowed to one edition, chosen in its chooser (never a list of every edition).
    editor.get_by_role("button", name="Show filters").click()
    editor.get_by_role("button", name="edition").click()
    choose(editor, "Choose edition", edition.code, search=edition.code)
    editor.wait_for_url(re.compile(rf"edition={edition.pk}"))
    # The listing reloads for the edition (the admin's CSP forbids evaluated scripts, so
    # the rows are counted through locators).
    expect(editor.locator("table.listing tbody tr")).to_have_count(on_edition.count())

    for ruling in chosen:
        row = rows.filter(has=editor.locator(f"[data-object-id='{ruling.pk}']"))
        row.locator("input.bulk-action-checkbox").check()
    editor.get_by_role("link", name="Mark the selected rulings reviewed").click()
    editor.get_by_label("Review note").fill(NOTE)
    if any(ruling.has_flag(SUPERSEDED_PASSAGE) for ruling in chosen):
        # Named apart on the page, verified once the editor says they checked the errata.
        editor.get_by_label("Verify the rulings citing superseded passages too").check()
    editor.get_by_role("button", name="Mark reviewed").click()
    editor.get_by_text("2 rulings marked reviewed.").wait_for()
    assert f"edition={edition.pk}" in editor.url  # back to the queue as it was narrowed

    for ruling in chosen:
        ruling.refresh_from_db()
        assert ruling.status == Ruling.Status.VERIFIED and ruling.reviewed_by == "eduardo"
        entry = ModelLogEntry.objects.get(object_id=str(ruling.pk), action="rulings.reviewed")
        assert entry.data["note"] == NOTE
    for ruling in chosen:  # gone from the queue
        assert editor.locator(f"[data-object-id='{ruling.pk}']").count() == 0

    # Back on the desk, the backlog (remembered until a ruling changes) counts two fewer.
    editor.goto(f"{journey.url}/admin/")
    assert backlog.inner_text().split()[0] == str(waiting.count()) == str(backlog_before - 2)


FIGURES = {
    "backlog": "table.listing tbody tr",
    "questions": "table.listing tbody tr",
    "flagged": "table.listing tbody tr",
    "translations-behind": "#translation-guides tbody tr",
    "guides-due": "table.listing tbody tr",
    "rulings-due": "table.listing tbody tr",
}


def test_each_figure_opens_the_list_of_what_it_counts(journey, demo_site, roles, django_user_model):
    make_user(django_user_model, "eduardo", roles["Editors"])
    editor = journey.open()
    log_in(editor, journey.url, "eduardo")
    chart = editor.locator(".editor-figures svg")
    expect(chart.locator("text.month-label")).to_have_count(12)
    this_month = date_format(timezone.localdate(), "M")
    assert chart.locator("text.month-label").last.text_content().startswith(this_month)
    counted = {}
    for name, rows in FIGURES.items():
        editor.goto(f"{journey.url}/admin/")
        link = editor.locator(f".editor-figures [data-figure={name}]")
        link = link if link.evaluate("e => e.tagName") == "A" else link.get_by_role("link").first
        count = int(link.inner_text().split()[0])
        link.click()
        editor.wait_for_load_state()
        assert editor.locator(rows).count() == count, name
        counted[name] = count
    # The demo has work waiting under each of these.
    assert all(counted[name] for name in ("backlog", "flagged", "guides-due", "rulings-due"))
