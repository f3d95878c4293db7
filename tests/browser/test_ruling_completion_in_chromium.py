"""An editor completes the cut-off Point City answer with a passage its search retrieved.

The whole path in Chromium: log in, open the ruling from the review queue, insert the
uncited p.9 passage as citation [7], write the missing section citing it, add a
correction, save; then the reader page links [7] to p.9 and shows the correction. Any
console error or 4xx/5xx response on the way fails the test.
"""

import re

import pytest
from playwright.sync_api import expect

from rulings.models import Citation, Ruling
from tests.browser.conftest import BROWSER_TEST
from tests.conftest import make_user
from tests.seeds import POINT_CITY_RULING, import_seed

pytestmark = BROWSER_TEST

MISSING_SECTION = (
    "The game ends when the Market can no longer be refilled because the Draw Pile is "
    "empty; players then add the points on their Building Cards and Civic Tokens.[7]"
)


@pytest.fixture
def editor_with_desk(django_user_model, roles):
    return make_user(django_user_model, "edith", roles["Editors"])


@pytest.fixture
def problems(page):
    """Every console error and every 4xx/5xx response the page meets."""
    seen = []
    page.on(
        "console",
        lambda msg: (
            seen.append(f"console: {msg.text} ({msg.location['url']})")
            if msg.type == "error"
            else None
        ),
    )
    page.on("pageerror", lambda error: seen.append(f"page error: {error}"))
    page.on(
        "response",
        lambda response: (
            seen.append(f"{response.status} {response.url}") if response.status >= 400 else None
        ),
    )
    page.on("requestfailed", lambda request: seen.append(f"failed: {request.url}"))
    return seen


def without_missing_favicon(problems, page):
    """`problems`, less Chromium's own /favicon.ico probe while reader pages name no icon.

    Chromium asks for /favicon.ico only when a page names no icon, so once reader pages
    name one this exemption stops applying by itself, and a 404 for the icon they name
    fails the test.
    """
    if page.locator("link[rel~='icon']").count():
        return problems
    probe = re.compile(r"status of 404 \(Not Found\) \(https?://[^/]+/favicon\.ico\)$")
    return [problem for problem in problems if not probe.search(problem)]


def open_in_review_queue(page, live_server, ruling):
    """Log in as the editor and open `ruling` from Rules › Review queue."""
    page.goto(live_server.url + "/admin/login/")
    page.fill("#id_username", "edith")
    page.fill("#id_password", "pw")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/admin/$"))
    page.get_by_role("button", name="Rules").click()
    page.get_by_role("link", name="Review queue").click()
    page.get_by_role("link", name=ruling.question).click()
    page.wait_for_url(re.compile(rf"/admin/snippets/rulings/ruling/edit/{ruling.pk}/$"))


def test_editor_inserts_retrieved_passage_and_completes_the_answer(
    page, problems, live_server, root_page, editor_with_desk
):
    ruling = import_seed(POINT_CITY_RULING)
    assert ruling.answer.rstrip().endswith("## End of Game and Scoring")

    open_in_review_queue(page, live_server, ruling)

    page.get_by_role("tab", name="Citations").click()
    panel = page.locator(".retrieved-not-cited")
    p9 = panel.locator("li", has_text="p.9 · GAME END · SCORING")
    assert "The game ends when the Market" in p9.inner_text()  # the search's snippet
    assert panel.locator("li", has_text="p.11").count() == 1
    assert panel.locator("li", has_text="p.4 ·").count() == 0  # already cited as [1]
    p9.get_by_role("button", name="Insert as citation [7]").click()
    assert p9.get_by_role("button", name="Inserted as citation [7]").is_disabled()
    new_row = page.locator("#id_citations-FORMS > div").last
    assert new_row.locator("input[name$='-n']").input_value() == "7"
    assert "p.9 · GAME END · SCORING" in new_row.inner_text()  # the chooser shows the passage

    page.get_by_role("tab", name="Answer").click()
    answer = page.locator("#id_answer_en")
    answer.fill(answer.input_value().rstrip() + "\n\n" + MISSING_SECTION)

    page.get_by_role("tab", name="Corrections").click()
    page.get_by_role("button", name="Add correction").click()
    page.fill("#id_corrections-0-what_was_wrong_en", "The answer stopped at its last heading.")
    page.fill(
        "#id_corrections-0-what_it_says_now_en",
        "It now says how the game ends and is scored, citing page 9.",
    )
    page.fill("#id_corrections-0-corrected_by", "Edith")
    page.locator("footer [data-w-dropdown-target='toggle']").first.click()
    page.get_by_role("button", name="Publish", exact=True).click()
    page.wait_for_url(re.compile(r"/admin/snippets/rulings/ruling/$"))

    ruling = Ruling.objects.get(pk=ruling.pk)
    assert ruling.status == Ruling.Status.CORRECTED
    seventh = ruling.citations.get(n=7)
    assert (seventh.passage.page, seventh.passage.heading_path) == (9, "GAME END · SCORING")

    page.goto(live_server.url + ruling.get_absolute_url())
    marker = page.locator(".answer a.cite-ref", has_text="[7]")
    assert marker.get_attribute("href") == "#cite-7"
    assert "players then add the points" in page.locator(".answer").inner_text()
    assert page.locator(".answer-cut-off").count() == 0
    cited = page.locator("#cite-7 a")
    assert "p.9 · GAME END · SCORING" in cited.inner_text()
    corrections = page.locator(".corrections").inner_text()
    assert "It now says how the game ends and is scored, citing page 9." in corrections
    assert "an editor has corrected it since" in page.locator("main").inner_text()

    cited.click()
    page.wait_for_url(re.compile(r"/documents/\d+/#p9-game-end-scoring$"))
    assert "GAME END · SCORING" in page.locator("#p9-game-end-scoring").inner_text()
    assert without_missing_favicon(problems, page) == []


def test_a_refused_save_keeps_the_inserted_citation_and_the_text(
    page, problems, live_server, root_page, editor_with_desk
):
    """Without a correction the save is refused, nothing is lost, and nothing autosaves."""
    ruling = import_seed(POINT_CITY_RULING)
    open_in_review_queue(page, live_server, ruling)
    page.get_by_role("tab", name="Citations").click()
    p9 = page.locator(".retrieved-not-cited li", has_text="p.9 · GAME END · SCORING")
    p9.get_by_role("button", name="Insert as citation [7]").click()
    page.get_by_role("tab", name="Answer").click()
    answer = page.locator("#id_answer_en")
    answer.fill(answer.input_value().rstrip() + "\n\n" + MISSING_SECTION)
    edit_url = page.url.split("#")[0]
    posts = []
    page.on(
        "request", lambda request: posts.append(request.url) if request.method == "POST" else None
    )
    page.get_by_role("button", name="Save draft").click()
    page.wait_for_load_state()
    # Well past Wagtail's autosave interval (0.5 s): a change to a published answer is saved
    # with its correction note, so nothing autosaves, only the editor's own submission.
    page.wait_for_timeout(1500)
    assert [url for url in posts if url == edit_url] == [edit_url]

    assert "add a correction saying what was wrong" in page.locator(".messages").inner_text()
    assert page.locator("#id_answer_en").input_value().endswith(MISSING_SECTION)
    page.get_by_role("tab", name="Citations").click()
    assert page.locator("#id_citations-FORMS input[name$='-n']").last.input_value() == "7"
    # The row is still there, so the passage is not offered a second time as [8].
    assert p9.get_by_role("button", name="Inserted as citation [7]").is_disabled()
    assert not Ruling.objects.get(pk=ruling.pk).citations.filter(n=7).exists()
    assert without_missing_favicon(problems, page) == []


def test_one_citation_among_forty_is_edited_from_the_keyboard(
    page, problems, live_server, root_page, editor_with_desk
):
    """On the compact rows of a ruling citing forty places: a passage chosen with the
    keyboard, a page and quote typed into the fields their labels name, a row deleted;
    the save keeps every other citation as it was."""
    ruling = import_seed(POINT_CITY_RULING)
    document = ruling.citations.exclude(document=None).first().document
    start = ruling.citations.count() + 1
    Citation.objects.bulk_create(
        Citation(ruling=ruling, n=n, document=document, page=100 + n, sort_order=n)
        for n in range(start, 41)
    )
    kept = {
        c.n: (c.passage_id, c.document_id, c.page, c.quote)
        for c in ruling.citations.exclude(n__in=[30, 31, 40])
    }
    open_in_review_queue(page, live_server, ruling)
    page.get_by_role("tab", name="Citations").click()
    rows = page.locator("#id_citations-FORMS > div")
    expect(rows).to_have_count(40)

    def row(n):
        return rows.filter(has=page.locator(f"input[name$='-n'][value='{n}']"))

    choose = row(30).get_by_role("button", name="Choose passage")
    choose.focus()
    page.keyboard.press("Enter")
    modal = page.locator(".modal-content")
    modal.locator("input[name=q]").fill("p.9")
    # The results are replaced once the search answers: choose among the new ones.
    expect(modal.get_by_role("alert")).to_contain_text(re.compile(r"There (is|are) \d+ match"))
    choice = modal.locator("a[data-chooser-modal-choice]", has_text="GAME END · SCORING")
    choice.focus()
    page.keyboard.press("Enter")
    modal.wait_for(state="hidden")
    assert "p.9 · GAME END · SCORING" in row(30).inner_text()
    row(31).get_by_label("Page").fill("42")
    row(31).get_by_label("Quote").fill("As printed on page 42.")
    row(40).get_by_role("button", name="Delete").click()
    expect(row(40)).to_be_hidden()

    page.get_by_role("tab", name="Corrections").click()
    page.get_by_role("button", name="Add correction").click()
    page.fill("#id_corrections-0-what_was_wrong_en", "Citation [30] named no passage.")
    page.fill("#id_corrections-0-what_it_says_now_en", "It cites page 9.")
    page.locator("footer [data-w-dropdown-target='toggle']").first.click()
    page.get_by_role("button", name="Publish", exact=True).click()
    page.wait_for_url(re.compile(r"/admin/snippets/rulings/ruling/$"))

    citations = {c.n: c for c in Ruling.objects.get(pk=ruling.pk).citations.all()}
    assert sorted(citations) == list(range(1, 40))
    assert (citations[30].passage.page, citations[30].heading_path) == (9, "GAME END · SCORING")
    assert (citations[31].page, citations[31].quote) == (42, "As printed on page 42.")
    assert {
        n: (c.passage_id, c.document_id, c.page, c.quote)
        for n, c in citations.items()
        if n not in (30, 31)
    } == kept
    assert without_missing_favicon(problems, page) == []
