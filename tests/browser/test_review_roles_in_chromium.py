"""A translator cannot verify a ruling by any way the admin has (the rulings listing, the
review queue, the bulk action's own address, the edit form) and readers are still told it
is not reviewed; an editor verifies it from the review queue, and readers are told who.
In Chromium, through the real pages and forms."""

import json
import re

import pytest
from django.urls import reverse

from rulings.models import Ruling
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user

pytestmark = BROWSER_TEST

REFUSED = "Sorry, you do not have permission to access this area."
SPANISH_ANSWER = "Entre los empatados gana quien tenga más cartas de recurso sin gastar.[2]"


@pytest.fixture
def tie(demo_site, roles, django_user_model):
    make_user(django_user_model, "tania", roles["Translators"])
    editor = make_user(django_user_model, "eduardo", roles["Editors"])
    editor.first_name, editor.last_name = "Eduardo", "Ruiz"
    editor.save()
    tie = Ruling.objects.get(slug="what-breaks-a-tie")
    assert tie.status not in Ruling.Status.decided()
    return tie


def review_status(reader, url):
    reader.goto(url)
    (data,) = [
        json.loads(block)
        for block in reader.locator('script[type="application/ld+json"]').all_text_contents()
        if '"QAPage"' in block
    ]
    return reader.locator(".review-status").inner_text(), data


def test_only_an_editor_verifies_a_ruling_and_readers_are_told_who(journey, tie):
    listing = journey.url + reverse("wagtailsnippets_rulings_ruling:list")
    queue = journey.url + reverse("wagtailsnippets_rulings_ruling:review_queue")
    mark = f"{journey.url}/admin/bulk/rulings/ruling/mark_reviewed/?id={tie.pk}"
    edit = journey.url + reverse("wagtailsnippets_rulings_ruling:edit", args=[tie.pk])
    reader = journey.open()
    before, data = review_status(reader, journey.url + tie.get_absolute_url())
    assert "not yet checked by an editor" in before and "reviewedBy" not in data

    translator = journey.open()
    log_in(translator, journey.url, "tania")
    # The listing offers no checkboxes and so no "Mark reviewed"; the menu no queue.
    translator.goto(listing)
    translator.get_by_role("link", name=tie.question).wait_for()
    assert translator.locator("input.bulk-action-checkbox").count() == 0
    assert translator.get_by_role("link", name="Review queue").count() == 0
    # Their own addresses refuse, the bulk action's with the ruling's id included.
    for address in (queue, mark):
        translator.goto(address)
        assert translator.url == f"{journey.url}/admin/", address
        assert REFUSED in translator.locator(".messages").inner_text()
    # The edit form shows the review status as text and keeps it on save.
    translator.goto(edit)
    assert translator.locator("select#id_status").count() == 0
    translator.locator("#id_answer_es").fill(SPANISH_ANSWER)
    translator.get_by_role("button", name="Save draft", exact=True).click()
    translator.wait_for_url(re.compile(r"/admin/snippets/rulings/ruling/"))
    translator.locator(".messages").wait_for()
    # A translator's save is a draft for an editor to publish, with the review as it was.
    draft = Ruling.objects.get(pk=tie.pk).get_latest_revision_as_object()
    assert (draft.answer_es, draft.reviewed_by) == (SPANISH_ANSWER, "")
    assert draft.status not in Ruling.Status.decided()
    after, data = review_status(reader, journey.url + tie.get_absolute_url())
    assert after == before and "reviewedBy" not in data

    editor = journey.open()
    log_in(editor, journey.url, "eduardo")
    # The translator's draft is published first: a ruling is verified as readers see it.
    editor.goto(edit)
    editor.locator("footer [data-w-dropdown-target='toggle']").first.click()
    editor.get_by_role("button", name="Publish", exact=True).click()
    editor.wait_for_url(re.compile(r"/admin/snippets/rulings/ruling/$"))
    editor.get_by_role("link", name="Review queue").click()
    row = editor.locator(
        "table.listing tbody tr", has=editor.locator(f"[data-object-id='{tie.pk}']")
    )
    row.locator("input.bulk-action-checkbox").check()
    editor.get_by_role("link", name="Mark the selected rulings reviewed").click()
    editor.get_by_label("Review note").fill("Checked against the rulebook's tie-break, p.12.")
    # The demo's errata card supersedes a passage it cites: the editor confirms checking it.
    editor.get_by_label("Verify the rulings citing superseded passages too").check()
    editor.get_by_role("button", name="Mark reviewed").click()
    editor.get_by_text("1 ruling marked reviewed.").wait_for()

    verified, data = review_status(reader, journey.url + tie.get_absolute_url())
    assert verified.startswith("Verified by Eduardo Ruiz on ")
    assert data["reviewedBy"] == {"@type": "Person", "name": "Eduardo Ruiz"}
