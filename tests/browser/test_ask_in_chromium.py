"""A reader asks a rules question in Chromium, in English and Spanish, and an editor
handles it in the admin's queue."""

from django.contrib.auth.models import Group

from core.roles import EDITORS
from rulings.models import ReaderQuestion, Ruling
from tests.browser.conftest import BROWSER_TEST, accessibility_violations, log_in

pytestmark = BROWSER_TEST


def ask_on_the_game_page(reader, base, language, game_link, question):
    reader.goto(f"{base}/{language}/")
    reader.locator(".main-nav a").first.click()  # Games / Juegos
    reader.get_by_role("link", name=game_link, exact=True).click()
    form = reader.locator("#ask")
    form.locator("textarea").fill(question)
    form.locator("button").click()


def test_a_reader_asks_in_english_and_sees_what_is_answered_first(journey, demo_site):
    reader = journey.open()
    ask_on_the_game_page(
        reader, journey.url, "en", "Point City", "What breaks a tie at the end of the game?"
    )
    similar = reader.locator("#similar")
    assert "Already answered" in similar.inner_text()
    violations, results = accessibility_violations(reader)
    assert violations == [], results.generate_report()
    assert similar.get_by_role("link", name="What breaks a tie?").count() == 1
    # Not answered there after all: add an e-mail address and send.
    reader.get_by_label("Your question").fill(
        "What breaks a tie when two players also tie on coins?"
    )
    reader.get_by_label("Your e-mail (optional)").fill("reader@example.org")
    reader.get_by_role("button", name="Send my question").click()
    assert reader.locator("h1").inner_text() == "Thank you: your question was sent"
    assert "reader@example.org" in reader.locator("main").inner_text()
    question = ReaderQuestion.objects.get()
    assert question.email == "reader@example.org" and question.language == "en"


def test_a_reader_asks_in_spanish(journey, demo_site):
    tie = Ruling.objects.get(slug="what-breaks-a-tie")
    tie.question_es = "¿Qué rompe un empate?"
    tie.save()
    reader = journey.open()
    ask_on_the_game_page(
        reader,
        journey.url,
        "es",
        "Ciudad de Puntos",
        "¿Qué rompe un empate al final de la partida?",
    )
    assert "/es/resoluciones/preguntar/" in reader.url
    similar = reader.locator("#similar")
    assert "Ya respondidas" in similar.inner_text()
    assert similar.get_by_role("link", name="¿Qué rompe un empate?").count() == 1
    reader.get_by_role("button", name="Enviar mi pregunta").click()
    assert reader.locator("h1").inner_text() == "Gracias: tu pregunta se ha enviado"
    assert ReaderQuestion.objects.get().language == "es"


def test_an_editor_marks_a_question_a_duplicate_in_the_queue(
    journey, demo_site, roles, django_user_model
):
    tie = Ruling.objects.get(slug="what-breaks-a-tie")
    question = ReaderQuestion.objects.create(
        edition=tie.edition, question="What breaks a tie at the end of the game?"
    )
    editor = django_user_model.objects.create_user("ed", "ed@example.com", "pw")
    editor.groups.add(Group.objects.get(name=EDITORS))
    page = journey.open()
    log_in(page, journey.url, "ed")
    assert "1 reader question waiting" in page.locator("main").inner_text()
    page.get_by_role("link", name="1 reader question waiting").click()
    page.get_by_role("link", name=question.question).first.click()
    candidates = page.locator(".recall-candidates li").filter(has_text="What breaks a tie?")
    candidates.get_by_role("button", name="Duplicate of this ruling").click()
    page.wait_for_url(f"{journey.url}/admin/reader-questions/")
    question.refresh_from_db()
    assert (question.status, question.ruling) == ("duplicate", tie)
    assert question.handled_by == "ed"


def test_a_reader_finds_the_edition_by_typing_its_game_and_sends_a_question(journey, demo_site):
    """The ask page offers no list of every edition: typing part of the game's name
    suggests its editions (the field's datalist, filled as the reader types)."""
    reader = journey.open()
    reader.goto(f"{journey.url}/en/rulings/ask/")
    assert reader.locator("select").count() == 0
    field = reader.get_by_label("Game and edition")
    field.press_sequentially("point ci", delay=30)
    suggestion = reader.locator("#id_edition-options option").first
    suggestion.wait_for(state="attached")
    label = suggestion.get_attribute("value")
    assert label.startswith("Point City") and label.endswith("(bg-368017-en-1e)")
    field.fill(label)  # what choosing the suggestion puts in the field
    reader.get_by_label("Your question").fill("What breaks a tie at the end of the game?")
    reader.get_by_role("button", name="Check for answers").click()
    # The answer is a new page: wait for it (the click returns once it starts loading).
    answered = reader.locator("#similar").get_by_role("link", name="What breaks a tie?")
    answered.wait_for()
    assert answered.count() == 1
    assert reader.get_by_label("Game and edition").input_value() == label
    reader.get_by_label("Your question").fill("What breaks a tie when two players tie on coins?")
    reader.get_by_role("button", name="Send my question").click()
    assert reader.locator("h1").inner_text() == "Thank you: your question was sent"
    question = ReaderQuestion.objects.get()
    assert question.edition.code == "bg-368017-en-1e"
