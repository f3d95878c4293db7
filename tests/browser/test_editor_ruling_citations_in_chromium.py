"""An editor answers a reader question with a new ruling, citing passages picked with the
chooser; the reader then sees every citation as "Title · p.N · heading" and the ruling as
written by an editor, in Chromium."""

import re

import pytest
from playwright.sync_api import expect

from catalogue.models import Passage
from rulings.models import ReaderQuestion, Ruling
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user

pytestmark = BROWSER_TEST

QUESTION = "Can I flip a Market card and still draft two cards this turn?"
ANSWER = (
    "Yes: flipping is optional and comes before your draft.[1] The turn still ends with "
    "the Market refilled.[2]"
)
EDITION = "bg-368017-en-1e"


@pytest.fixture
def waiting_question(demo_site, roles, django_user_model):
    make_user(django_user_model, "edna", roles["Editors"])
    # The chooser must have another edition's passages to leave out.
    assert Passage.objects.exclude(document__edition__code=EDITION).exists()
    return ReaderQuestion.objects.create(
        edition=Ruling.objects.filter(edition__code=EDITION).first().edition, question=QUESTION
    )


def cite(page, n, search, expect_in_every_result):
    """Add citation [n] and choose its passage with the chooser, searching `search`."""
    page.get_by_role("button", name="Add citation").click()
    row = page.locator("[id^='inline_child_citations-']").last
    row.locator("input[name$='-n']").fill(str(n))
    row.get_by_role("button", name="Choose passage").click()
    modal = page.locator(".modal-content")
    choices = modal.locator("a[data-chooser-modal-choice]")
    expect(choices.first).to_be_visible()
    # Only this edition's passages are offered: Point City's documents, no other game's.
    titles = choices.all_inner_texts()
    assert titles and all(title.startswith("Point City — ") for title in titles), titles
    assert EDITION in modal.locator("header").inner_text()
    modal.locator("input[name=q]").fill(search)
    expect(modal.get_by_role("alert")).to_contain_text(re.compile(r"There (is|are) \d+ match"))
    found = choices.all_inner_texts()
    assert found and all(expect_in_every_result in title for title in found), found
    choices.first.click()
    modal.wait_for(state="hidden")
    return row


def test_an_editor_answers_a_question_with_a_ruling_citing_chosen_passages(
    journey, waiting_question
):
    editor = journey.open()
    log_in(editor, journey.url, "edna")
    editor.get_by_role("link", name="Reader questions").click()
    editor.get_by_role("link", name=QUESTION).first.click()
    editor.get_by_role("link", name="Answer it with a new ruling").click()
    editor.wait_for_url(re.compile(r"/admin/snippets/rulings/ruling/add/\?reader_question="))

    assert editor.locator("#id_question_en").input_value() == QUESTION
    status = editor.locator("#id_status")
    assert status.input_value() == "written"
    assert status.locator("option[value=imported]").count() == 0
    editor.locator("#id_answer_en").fill(ANSWER)

    editor.get_by_role("tab", name="Citations").click()
    # By page number, then by words of the heading.
    first = cite(editor, 1, "p.8", "· p.8 ·")
    assert "p.8" in first.inner_text()
    second = cite(editor, 2, "optional flip", "Optional Flip")
    assert "Optional Flip" in second.inner_text()
    editor.locator("footer [data-w-dropdown-target='toggle']").first.click()
    editor.get_by_role("button", name="Publish", exact=True).click()
    editor.wait_for_url(re.compile(r"/admin/snippets/rulings/ruling/$"))

    ruling = Ruling.objects.get(question=QUESTION)
    assert (ruling.origin, ruling.status) == ("editor", "written")
    assert ReaderQuestion.objects.get().ruling == ruling
    expected = [
        f"{c.passage.document.title} · p.{c.passage.page} · {c.passage.heading_path}"
        for c in ruling.citations.order_by("n")
    ]
    assert " · p.8 · " in expected[0] and "Optional Flip" in expected[1]

    reader = journey.open()
    reader.goto(journey.url + ruling.get_absolute_url())
    items = [" ".join(text.split()) for text in reader.locator(".citations > li").all_inner_texts()]
    assert len(items) == len(expected)
    for item, line in zip(items, expected, strict=True):
        assert item.startswith(line), item  # never a bare "·"
    status_line = reader.locator(".review-status").inner_text()
    assert status_line.startswith("Written by an editor on"), status_line
    assert "Imported" not in status_line
