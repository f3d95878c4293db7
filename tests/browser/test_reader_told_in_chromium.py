"""An editorial day in Chromium: readers ask on the ask page leaving an address (one in
Spanish), an editor answers one with a new ruling, marks one a duplicate and declines one,
and each reader gets one e-mail, in their language, with the ruling's link or the reason;
their addresses are gone afterwards."""

from django.contrib.auth.models import Group
from django.core import mail

from core.roles import EDITORS
from rulings.models import ReaderQuestion, Ruling
from tests.browser.conftest import BROWSER_TEST, log_in

pytestmark = BROWSER_TEST

TIE_ON_COINS = "What breaks a tie when two players also tie on coins?"
TIE_IN_SPANISH = "¿Qué rompe un empate al final de la partida?"
NOT_RULES = "Which shop sells the cheapest copy of Point City?"


def ask(reader, base, language, edition, question, email):
    """Ask on the ask page: check for answers first, then send with an address."""
    path = "/es/resoluciones/preguntar/" if language == "es" else "/en/rulings/ask/"
    reader.goto(f"{base}{path}?edition={edition.code}")
    reader.locator("textarea[name=question]").fill(question)
    reader.locator("button[value=check]").click()
    help_text = reader.locator("#id_email-help").inner_text()
    reader.locator("input[name=email]").fill(email)
    reader.locator("button[value=send]").click()
    reader.locator(".notice--done").wait_for()
    return help_text, reader.locator("main").inner_text()


def open_question(editor, base, text):
    editor.goto(f"{base}/admin/reader-questions/")
    editor.get_by_role("link", name=text).first.click()


def the_mail_to(address):
    sent = [message for message in mail.outbox if message.to == [address]]
    assert len(sent) == 1, [m.to for m in mail.outbox]
    return sent[0]


def test_a_day_of_reader_questions_ends_with_one_mail_each(
    journey, demo_site, roles, django_user_model, settings
):
    settings.RULESAGE_BASE_URL = journey.url  # the links in the mails open this server
    tie = Ruling.objects.get(slug="what-breaks-a-tie")
    tie.question_es = "¿Qué rompe un empate?"
    tie.save()
    edition = tie.edition

    # Morning: three questions, one of them in Spanish, each with an address.
    english = journey.open()
    promise, thanks = ask(english, journey.url, "en", edition, TIE_ON_COINS, "ana@example.org")
    assert "We write to you once" in promise and "90 days" in promise
    assert "We will write to ana@example.org once" in thanks
    ask(english, journey.url, "en", edition, NOT_RULES, "ben@example.org")
    spanish = journey.open()
    promise, thanks = ask(spanish, journey.url, "es", edition, TIE_IN_SPANISH, "eva@example.org")
    assert "Te escribimos una vez" in promise and "90 días" in promise
    assert "Te escribiremos a eva@example.org una vez" in thanks
    assert ReaderQuestion.objects.get(question=TIE_IN_SPANISH).language == "es"
    assert mail.outbox == []  # nothing is told before an editor decides

    editor_user = django_user_model.objects.create_user("ed", "ed@example.com", "pw")
    editor_user.groups.add(Group.objects.get(name=EDITORS))
    editor = journey.open()
    log_in(editor, journey.url, "ed")

    # The Spanish question is answered already: the candidate's button.
    open_question(editor, journey.url, TIE_IN_SPANISH)
    candidate = editor.locator(".recall-candidates li").filter(has_text="What breaks a tie?")
    candidate.get_by_role("button", name="Duplicate of this ruling").click()
    editor.wait_for_url(f"{journey.url}/admin/reader-questions/")
    told = the_mail_to("eva@example.org")
    assert told.subject == "Tu pregunta de reglas ya tenía respuesta"
    link = f"{journey.url}/es/resoluciones/{edition.code}/{tie.slug}/"
    assert link in told.body and "ya hemos borrado tu dirección" in told.body
    spanish.goto(link)
    assert spanish.locator("h1").inner_text() == "¿Qué rompe un empate?"

    # Not a rules question: declined with a reason.
    open_question(editor, journey.url, NOT_RULES)
    editor.locator("#id_status").select_option("declined")
    editor.locator("#id_decline_reason").fill("We answer questions about the rules only.")
    editor.get_by_role("button", name="Save").first.click()
    editor.wait_for_url(f"{journey.url}/admin/reader-questions/")
    told = the_mail_to("ben@example.org")
    assert told.subject == "About your rules question"
    assert "We answer questions about the rules only." in told.body
    assert f"{journey.url}/en/rulings/ask/" in told.body

    # A new question: answered with a new ruling, from the question's own button, and
    # published at once (a draft first: tests/browser/test_ruling_draft_in_chromium.py).
    open_question(editor, journey.url, TIE_ON_COINS)
    editor.get_by_role("link", name="Answer it with a new ruling").click()
    editor.locator("#id_answer_en").fill(
        "The tied player with more buildings wins; if still tied, they share the victory."
    )
    editor.locator("footer [data-w-dropdown-target='toggle']").first.click()
    editor.get_by_role("button", name="Publish", exact=True).click()
    editor.wait_for_url(f"{journey.url}/admin/snippets/rulings/ruling/")
    answer = ReaderQuestion.objects.get(question=TIE_ON_COINS).ruling
    told = the_mail_to("ana@example.org")
    assert told.subject == "Your rules question is answered"
    link = f"{journey.url}/en/rulings/{edition.code}/{answer.slug}/"
    assert link in told.body
    english.goto(link)
    assert english.locator("h1").inner_text() == TIE_ON_COINS

    # Evening: three mails, one each, and no address kept.
    assert len(mail.outbox) == 3
    assert set(ReaderQuestion.objects.values_list("email", flat=True)) == {""}
    assert ReaderQuestion.objects.filter(notified_at__isnull=True).count() == 0
