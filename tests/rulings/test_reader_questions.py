"""A reader asks a rules question: check, see what is already answered, send."""

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse
from django.utils import translation

from rulings.models import ReaderQuestion, Ruling

QUESTION = "Can one permanent resource pay for two buildings in the same turn?"


@pytest.fixture
def unrelated(edition):
    return Ruling.objects.create(
        edition=edition, question="How many civic tokens does a three-player game use?"
    )


def ask_url(language="en"):
    with translation.override(language):
        return reverse("rulings:ask")


def post(client, action="check", language="en", **fields):
    data = {"edition": "bg-368017-en-1e", "question": QUESTION, "email": "", "website": ""}
    data.update(fields)
    return client.post(ask_url(language), {**data, "action": action})


def test_ask_addresses_are_in_each_language():
    assert ask_url("en") == "/en/rulings/ask/"
    assert ask_url("es") == "/es/resoluciones/preguntar/"


def test_checking_shows_the_most_similar_answered_rulings_first(client, answered, unrelated):
    response = post(client)
    html = response.content.decode()
    assert response.status_code == 200
    assert answered.get_absolute_url() in html
    assert unrelated.get_absolute_url() not in html  # below the similarity threshold
    assert 'value="send"' in html and QUESTION in html  # the question stays editable
    assert not ReaderQuestion.objects.exists()  # checking stores nothing


def test_checking_says_so_when_nothing_is_answered_yet(client, unrelated):
    html = post(client, question="What happens when the market runs out of cards?").content.decode()
    assert "No ruling of this edition is close to your question" in html


def test_sending_stores_the_question_and_confirms(client, answered):
    response = post(client, action="send", email="reader@example.org")
    assert response.status_code == 302
    question = ReaderQuestion.objects.get()
    assert (question.question, question.email, question.status) == (
        QUESTION,
        "reader@example.org",
        ReaderQuestion.Status.NEW,
    )
    confirmation = client.get(response["Location"])
    html = confirmation.content.decode()
    assert "your question was sent" in html and QUESTION in html
    assert "reader@example.org" in html


def test_the_confirmation_is_shown_only_to_whoever_sent_it(client, answered):
    post(client, action="send")
    other = type(client)()
    response = other.get(reverse("rulings:ask_sent"))
    assert response.status_code == 302  # back to the empty form
    assert QUESTION not in other.get(response["Location"]).content.decode()


def test_sent_questions_are_never_shown_publicly(client, edition, answered):
    post(client, action="send", question="Is there any secret rule about purple tokens?")
    for url in (reverse("rulings:index"), edition.get_absolute_url(), answered.get_absolute_url()):
        assert "purple tokens" not in type(client)().get(url).content.decode()


def test_spanish_form_and_messages(client, edition):
    response = post(client, language="es", question="corta")
    html = response.content.decode()
    assert "Haz una pregunta de reglas" in html or "pregunta" in html
    assert "demasiado corta" in html
    response = post(
        client,
        action="send",
        language="es",
        question="¿Puede un recurso permanente pagar dos edificios?",
    )
    assert ReaderQuestion.objects.get().language == "es"
    assert "enviada" in client.get(response["Location"]).content.decode()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"question": "short"}, "too short"),
        ({"question": "x" * 1001}, "too long"),
        ({"question": ""}, "Type your question."),
        ({"edition": "bg-000000-en-9e"}, "not one we know"),
        ({"edition": ""}, "Choose the edition"),
        ({"email": "not-an-address"}, "looks incomplete"),
        ({"question": "Can I pass\x00 twice in a row?"}, "Null characters"),
        ({"question": "Can I pass\x07 twice in a row?"}, "invisible control character (U+0007)"),
        ({"edition": "Point\x00City"}, "Null characters"),
    ],
)
def test_bad_input_says_what_is_wrong_and_keeps_what_was_typed(client, edition, fields, message):
    response = post(client, action="send", **fields)
    html = response.content.decode()
    assert response.status_code == 200
    assert message in html
    assert not ReaderQuestion.objects.exists()
    typed = fields.get("question", QUESTION)
    if typed and "\x00" not in typed and len(typed) < 2000:
        assert typed in html
    if fields.get("email"):
        assert fields["email"] in html


def test_the_honeypot_stops_robots(client, edition):
    response = post(client, action="send", website="http://spam.example")
    assert response.status_code == 200
    assert "Leave this field empty" in response.content.decode()
    assert not ReaderQuestion.objects.exists()


def test_the_form_needs_its_csrf_token(edition):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = post(strict, action="send")
    assert response.status_code == 403
    assert not ReaderQuestion.objects.exists()


def test_one_address_may_send_only_so_many_questions(client, edition, settings):
    settings.RULESAGE_QUESTION_RATE_LIMIT = (2, 3600)
    for n in range(2):
        assert (
            post(client, action="send", question=f"Question number {n} about passing?").status_code
            == 302
        )
    response = post(client, action="send", question="A third question about passing?")
    html = response.content.decode()
    assert response.status_code == 429
    assert "You have sent 2 questions recently" in html and "60 minutes" in html
    assert "A third question about passing?" in html  # kept to send later
    assert ReaderQuestion.objects.count() == 2
    # Another address is not held back, and checking is never limited.
    assert post(client, action="check").status_code == 200
    other = client.post(
        ask_url(),
        {"edition": "bg-368017-en-1e", "question": QUESTION, "action": "send"},
        REMOTE_ADDR="10.0.0.9",
    )
    assert other.status_code == 302


def test_the_ask_page_preselects_an_edition_and_ignores_an_unknown_one(client, edition):
    field = BeautifulSoup(client.get(ask_url() + "?edition=bg-368017-en-1e").content, "html.parser")
    assert field.find(id="id_edition")["value"] == f"Point City · {edition.label} (bg-368017-en-1e)"
    field = BeautifulSoup(client.get(ask_url() + "?edition=bg-000000-en-9e").content, "html.parser")
    assert not field.find(id="id_edition").get("value")


def test_checking_costs_a_bounded_number_of_queries(
    client, answered, unrelated, django_assert_max_num_queries
):
    post(client)  # warms the header's links
    with django_assert_max_num_queries(6):
        assert post(client).status_code == 200


def test_checking_from_a_game_page_is_a_get_that_writes_nothing(client, answered):
    response = client.get(ask_url(), {"edition": "bg-368017-en-1e", "question": QUESTION})
    html = response.content.decode()
    assert response.status_code == 200
    assert answered.get_absolute_url() in html and 'value="send"' in html
    assert not ReaderQuestion.objects.exists()
    # Sending still needs the POST (with its CSRF token) from the ask page.
    client.get(ask_url(), {"edition": "bg-368017-en-1e", "question": QUESTION, "action": "send"})
    assert not ReaderQuestion.objects.exists()


def test_a_game_typed_without_javascript_offers_its_editions_keeping_the_question(client, edition):
    page = BeautifulSoup(post(client, edition="point ci").content, "html.parser")
    assert "choose one from the list" in page.select_one("#id_edition-errors").get_text()
    choice = page.select_one("#edition-matches a")
    assert choice.get_text(" ", strip=True).startswith("Point City")
    # Following it checks the question for that edition.
    checked = BeautifulSoup(client.get(choice["href"]).content, "html.parser")
    assert checked.find(id="id_edition")["value"] == "bg-368017-en-1e"
    assert checked.find(id="id_question").get_text().strip() == QUESTION
    assert checked.select_one("#similar")


def test_a_suggestion_chosen_in_the_field_names_its_edition(client, edition, answered):
    label = f"Point City · {edition.label} (bg-368017-en-1e)"
    page = BeautifulSoup(post(client, edition=label).content, "html.parser")
    assert not page.select(".errorlist") and page.select_one("#similar")
