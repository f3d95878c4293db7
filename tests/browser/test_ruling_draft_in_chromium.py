"""An editor answers a reader's question with a ruling in Chromium: a draft first, which no
reader sees and which tells the reader nothing; previewed as readers will see it, in
English and in Spanish; published, and only then is the reader's e-mail sent and the
ruling on its page and in its edition's list."""

from django.contrib.auth.models import Group
from django.core import mail
from django.test import Client

from core.roles import EDITORS
from rulings.models import ReaderQuestion, Ruling
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.browser.test_reader_told_in_chromium import ask, open_question

pytestmark = BROWSER_TEST

QUESTION = "May I build on a lot my neighbour has marked?"
ANSWER = "Yes: a mark reserves nothing; the first to build takes the lot."
CLOSING = "Happy building!"


def test_a_draft_answer_tells_the_reader_nothing_until_it_is_published(
    journey, demo_site, roles, django_user_model, settings
):
    settings.RULESAGE_BASE_URL = journey.url  # the link in the mail opens this server
    edition = Ruling.objects.get(slug="what-breaks-a-tie").edition
    reader = journey.open()
    ask(reader, journey.url, "en", edition, QUESTION, "ana@example.org")

    user = django_user_model.objects.create_user("ed", "ed@example.com", "pw")
    user.groups.add(Group.objects.get(name=EDITORS))
    editor = journey.open()
    log_in(editor, journey.url, "ed")
    open_question(editor, journey.url, QUESTION)
    editor.get_by_role("link", name="Answer it with a new ruling").click()
    editor.locator("#id_answer_en").fill(ANSWER)
    editor.locator("#id_closing_line_en").fill(CLOSING)
    editor.get_by_role("button", name="Save draft").click()
    editor.wait_for_url(f"{journey.url}/admin/snippets/rulings/ruling/edit/*/")
    assert "created" in editor.locator(".messages").inner_text()

    # A draft: the reader hears nothing, and no reader can open or find it.
    ruling = ReaderQuestion.objects.get(question=QUESTION).ruling
    assert mail.outbox == []
    assert Client().get(ruling.get_absolute_url()).status_code == 404
    reader.goto(f"{journey.url}{edition.get_absolute_url()}")
    assert QUESTION not in reader.locator("main").inner_text()

    # The preview shows the page readers will see, the closing line the editor's own.
    editor.get_by_role("button", name="Toggle preview").click()
    # The panel loads each preview into a fresh frame, which then takes the frame's id.
    preview = editor.frame_locator("#w-preview-iframe")
    preview.locator("html[lang=en] h1", has_text=QUESTION).wait_for()
    assert ANSWER in preview.locator(".answer").inner_text()
    sign_off = preview.locator(".sign-off").inner_text()
    assert "editor who wrote this ruling" in sign_off and "answering system" not in sign_off
    editor.locator("#id_preview_mode").select_option("es")
    preview.locator("html[lang=es] .sign-off").wait_for()
    assert "Nota final del editor" in preview.locator(".sign-off").inner_text()
    assert mail.outbox == []

    # Published: now the reader is told, with the link that opens it.
    editor.locator("footer [data-w-dropdown-target='toggle']").first.click()
    editor.get_by_role("button", name="Publish", exact=True).click()
    editor.wait_for_url(f"{journey.url}/admin/snippets/rulings/ruling/")
    assert "published" in editor.locator(".messages").inner_text()
    [told] = mail.outbox
    assert told.to == ["ana@example.org"] and told.subject == "Your rules question is answered"
    link = f"{journey.url}{ruling.get_absolute_url()}"
    assert link in told.body
    reader.goto(link)
    assert reader.locator("h1").inner_text() == QUESTION
    assert CLOSING in reader.locator(".sign-off").inner_text()
    reader.goto(f"{journey.url}{edition.get_absolute_url()}")
    reader.get_by_role("link", name=QUESTION).wait_for()
