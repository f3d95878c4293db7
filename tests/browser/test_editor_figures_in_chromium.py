"""An editor opens the admin and reads how the rules desk stands, in figures and a chart."""

import re

from rulings.models import ReaderQuestion, Ruling
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user

pytestmark = BROWSER_TEST


def test_an_editor_reads_the_figures_on_the_admin_home(
    journey, demo_site, roles, django_user_model
):
    make_user(django_user_model, "eduardo", roles["Editors"])
    editor = journey.open()
    log_in(editor, journey.url, "eduardo")
    panel = editor.locator(".editor-figures")
    panel.get_by_role("heading", name="The rules desk in figures").wait_for()

    backlog = Ruling.objects.public().exclude(status__in=Ruling.Status.decided()).count()
    waiting = ReaderQuestion.objects.filter(status=ReaderQuestion.Status.NEW).count()
    assert panel.locator("[data-figure=backlog]").inner_text().split()[0] == str(backlog)
    assert panel.locator("[data-figure=questions]").inner_text().split()[0] == str(waiting)
    chart = panel.get_by_role("img", name="Rulings answered and abstained, by month")
    assert chart.is_visible()
    assert panel.locator("table.editor-figures__table tbody tr").count() == 12


def test_an_editor_works_the_filtered_review_queue(journey, demo_site, roles, django_user_model):
    make_user(django_user_model, "eduardo", roles["Editors"])
    waiting = Ruling.objects.public().exclude(status__in=Ruling.Status.decided())
    edition = waiting.order_by("created_at").first().edition
    chosen = list(waiting.filter(edition=edition).order_by("created_at", "pk")[:2])
    assert len(chosen) == 2, "the demo has two rulings waiting on one edition"
    editor = journey.open()
    log_in(editor, journey.url, "eduardo")
    editor.get_by_role("link", name="Review queue").click()
    editor.get_by_label("Edition code").fill(edition.code)
    editor.get_by_role("button", name="Filter").click()
    editor.wait_for_url(re.compile(r"edition=bg-"))
    rows = editor.locator("table.review-queue tbody tr")
    assert rows.count() == waiting.filter(edition=edition).count()
    for ruling in chosen:
        editor.get_by_label(f"Choose “{ruling.question}”").check()
    editor.get_by_label("Review note").fill("Illustrative: checked against the rulebook.")
    editor.get_by_role("button", name="Mark the chosen rulings reviewed").click()
    editor.get_by_text("2 rulings marked reviewed.").wait_for()
    for ruling in chosen:
        ruling.refresh_from_db()
        assert ruling.status == Ruling.Status.VERIFIED
        assert ruling.reviewed_by == "eduardo"
    assert editor.get_by_label("Edition code").input_value() == edition.code
