"""A question in one language finds the ruling written in the other, on a game whose glossary is
empty: through a pending glossary suggestion, and through the words both languages share."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from catalogue.models import GlossarySuggestion, GlossaryTerm
from core.translated_fields import in_language
from rulings.models import Ruling
from rulings.recall import CARRY_GLOSSARY, answered_before
from tests.rulings.factories import EditionFactory

pytestmark = pytest.mark.django_db

SANDSTORM = "What happens when I draw a Sandstorm card?"
# Rulings of the same edition the questions below must not be answered with.
OTHERS = [
    ("How many cards does each player start with?", "Four, dealt face down."),
    ("Who takes the first turn?", "The last person to have walked on sand."),
    ("What does the Thief card do?", "Steal one card from an opponent's hand without looking."),
    ("How do I sell treasures to the museum?", "Sell a set of cards of one type, face up."),
]


@pytest.fixture
def english(db):
    """An English edition of a game with no glossary, its rulings by question."""
    edition = EditionFactory(game__name="Archaeology")
    made = {
        question: Ruling.objects.create(edition=edition, question=question, answer=answer)
        for question, answer in [
            (SANDSTORM, "Everyone without an unused Tent discards half their hand."),
            ("Can I explore the monument twice in one turn?", "No, once per turn."),
            ("What does the Buried Ruins tile add to each chamber?", "One of its 12 cards."),
            *OTHERS,
        ]
    }
    assert not GlossaryTerm.objects.filter(game=edition.game).exists()
    return edition, made


def suggest(edition, english, rendering, status=GlossarySuggestion.Status.SUGGESTED):
    GlossarySuggestion.objects.create(
        game=edition.game, language="es", english=english, translation=rendering, status=status
    )


def offered(edition, question, language, **options):
    """The questions of the rulings offered, as written (in their edition's language)."""
    return [
        ruling.question_en or ruling.question_es
        for ruling in answered_before(edition, question, language=language, **options)
    ]


def test_a_pending_suggestion_carries_a_spanish_question_to_the_english_ruling(english):
    edition, _made = english
    question = "¿Qué pasa si sale una tormenta de arena y ya usé mi tienda?"
    assert SANDSTORM not in offered(edition, question, "es")
    suggest(edition, "Sandstorm", "Tormenta de arena")
    assert offered(edition, question, "es")[0] == SANDSTORM
    # As recall crossed before: the accepted glossary alone, which is empty.
    assert offered(edition, question, "es", carry=CARRY_GLOSSARY) == []


def test_a_rejected_suggestion_carries_nothing(english):
    edition, _made = english
    suggest(edition, "Sandstorm", "Tormenta de arena", GlossarySuggestion.Status.REJECTED)
    assert SANDSTORM not in offered(edition, "¿Y si sale una tormenta de arena?", "es")


def test_cognates_carry_a_spanish_question(english):
    edition, _made = english
    found = offered(edition, "¿Se puede explorar el monumento dos veces?", "es")
    assert found == ["Can I explore the monument twice in one turn?"]


def test_names_and_numbers_carry_as_written(english):
    edition, _made = english
    found = offered(edition, "¿Cómo funciona la loseta Buried Ruins con 12 cartas?", "es")
    assert found[0] == "What does the Buried Ruins tile add to each chamber?"


def test_an_english_question_finds_the_spanish_editions_ruling(english):
    edition, _made = english
    spanish = EditionFactory(game=edition.game, code="bg-900999-es-1e", language="es")
    for question, answer in [
        ("¿Cuántas veces por turno se puede explorar el monumento?", "Solo una vez."),
        ("¿Qué ocurre al robar una Tormenta de arena?", "Todos sin tienda descartan."),
        ("¿Quién empieza la partida?", "Quien pisó la arena por última vez."),
    ]:
        Ruling.objects.create(
            edition=spanish, **in_language("es", question=question, answer=answer)
        )
    question = "Can I explore the monument twice per turn?"
    assert offered(spanish, question, "en")[:1] == [
        "¿Cuántas veces por turno se puede explorar el monumento?"
    ]
    # The suggestion is read the other way round: English term, Spanish ruling.
    suggest(edition, "Sandstorm", "Tormenta de arena")
    found = offered(spanish, "I drew a sandstorm and my tent is used, what now?", "en")
    assert found[:1] == ["¿Qué ocurre al robar una Tormenta de arena?"]


def test_without_postgresql_the_same_rulings_are_found(english, monkeypatch):
    """`make run` (SQLite) carries the question and scores coverage in Python."""
    edition, _made = english
    suggest(edition, "Sandstorm", "Tormenta de arena")
    monkeypatch.setattr(connection, "vendor", "sqlite")
    assert offered(edition, "¿Qué pasa si sale una tormenta de arena?", "es")[0] == SANDSTORM
    assert offered(edition, "¿Se puede explorar el monumento dos veces?", "es") == [
        "Can I explore the monument twice in one turn?"
    ]


def test_a_spanish_question_on_an_english_edition_costs_a_bounded_number_of_queries(
    client, english, django_assert_max_num_queries
):
    edition, _made = english
    suggest(edition, "Sandstorm", "Tormenta de arena")
    with translation.override("es"):
        url = reverse("rulings:ask")
    data = {
        "edition": edition.code,
        "question": "¿Qué pasa si sale una tormenta de arena?",
        "email": "",
        "website": "",
        "action": "check",
    }
    client.post(url, data)  # warms the header's links
    with django_assert_max_num_queries(6):
        response = client.post(url, data)
    assert SANDSTORM in response.content.decode()


def test_a_spanish_question_reads_the_stored_words_not_every_rulings_text(english):
    """Stemming each ruling's text as the question is asked costs as much as the edition
    is large: an edition of thousands took most of a question's time that way."""
    edition, _made = english
    with CaptureQueriesContext(connection) as seen:
        found = offered(edition, "¿Cómo funciona la loseta Buried Ruins con 12 cartas?", "es")
    assert found[0] == "What does the Buried Ruins tile add to each chamber?"
    asked = [query["sql"] for query in seen.captured_queries if "rulings_ruling" in query["sql"]]
    assert asked
    assert not [sql for sql in asked if "to_tsvector" in sql]


PYRAMID = "¿Qué hay bajo la pirámide?"


def queries_asking(edition, question):
    with CaptureQueriesContext(connection) as seen:
        found = offered(edition, question, "es")
    return len(seen.captured_queries), found


def test_the_editions_words_are_read_once_until_one_of_its_rulings_changes(english):
    edition, _made = english
    first, found = queries_asking(edition, PYRAMID)
    assert found == []
    # The next questions find the edition's words (and its glossary) remembered.
    again = queries_asking(edition, PYRAMID)[0]
    assert again < first
    assert queries_asking(edition, PYRAMID)[0] == again
    Ruling.objects.create(edition=edition, question="What is under the Pyramid?", answer="A tomb.")
    # Read again once the new ruling is public (its words carry the question to it), then
    # remembered again: the edition's English words and its Spanish ones (it has none).
    after, found = queries_asking(edition, PYRAMID)
    assert found == ["What is under the Pyramid?"]
    assert queries_asking(edition, PYRAMID)[0] == after - 2


def spanish_index_read(edition, question):
    """(the questions offered, whether a query looked in the rulings' Spanish index)."""
    with CaptureQueriesContext(connection) as seen:
        found = offered(edition, question, "es")
    return found, any('"search_es" @@' in query["sql"] for query in seen.captured_queries)


def test_an_edition_no_one_translated_is_not_looked_for_in_the_spanish_index(english):
    """A common Spanish word's index entry lists much of a large catalogue, whichever
    edition is asked about: an edition with no Spanish text skips it until a ruling is
    translated, and the translation is then found by its own words."""
    edition, made = english
    question = "¿Cuántas cartas recibe cada jugador al empezar?"
    found, looked = spanish_index_read(edition, question)
    assert not looked
    ruling = made["How many cards does each player start with?"]
    ruling.question_es = "¿Cuántas cartas recibe cada jugador al empezar?"
    ruling.answer_es = "Cuatro, repartidas boca abajo."
    ruling.save()
    found, looked = spanish_index_read(edition, question)
    assert looked
    assert found[0] == "How many cards does each player start with?"
