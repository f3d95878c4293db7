"""Expansions: their own products (editions, books, errata) played with a base game, whose
rulings cite both games' books."""

import datetime

import pytest
from bs4 import BeautifulSoup
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from catalogue.models import Document, Edition, ErrataCard, Game, Passage
from rulings.importers.store import import_parsed
from rulings.importers.text_export import parse_export
from rulings.models import Ruling
from tests.rulings.exports import make_export, second_citation_of
from tests.rulings.factories import illustrative_expansion

pytestmark = pytest.mark.django_db

BASE_DOC, EXPANSION_DOC = 5001, 6001


@pytest.fixture
def expansion():
    """A base game with an English edition, and an illustrative expansion whose English
    rulebook the catalogue already knows by the exporter's id."""
    base = Game.objects.create(name="Test Game", slug="test-game", bgg_id=900001)
    Edition.objects.create(game=base, code="bg-900001-en-1e", language="en")
    name = "Test Game: Harbour (illustrative)"
    return illustrative_expansion(base, name, "test-game-harbour", "bg-900002-en-1e", EXPANSION_DOC)


def two_book_export(question="Can a ship dock at the market?"):
    """An export on the base game citing [1] its rulebook and [2] the expansion's."""
    text = make_export(question=question, citations=2)
    return second_citation_of(text, EXPANSION_DOC, "Harbour — Rulebook")


def imported(text):
    return import_parsed(parse_export(text, "two-books.txt")).ruling


def test_an_export_citing_two_books_imports_with_both(expansion):
    ruling = imported(two_book_export())
    cited = [c.document for c in ruling.citations.order_by("n")]
    assert [d.edition.game.slug for d in cited] == ["test-game", "test-game-harbour"]
    assert cited[1].external_id == str(EXPANSION_DOC)
    # The expansion's book was found, not made again under the base game's edition.
    assert Document.objects.filter(external_id=str(EXPANSION_DOC)).count() == 1
    assert ruling.edition.game.slug == "test-game"


def test_an_expansions_errata_card_warns_a_ruling_citing_base_and_expansion(
    client, home, expansion
):
    ruling = imported(two_book_export())
    expansion_citation = ruling.citations.get(n=2)
    passage = Passage.objects.get(pk=expansion_citation.passage_id)
    ErrataCard.objects.create(
        edition=passage.document.edition,
        document=passage.document,
        passage=passage,
        corrected_rule="Illustrative: ships dock only at the harbour.",
        issued_on=datetime.date(2026, 11, 1),
    )
    assert list(Ruling.objects.citing_superseded()) == [ruling]
    soup = BeautifulSoup(client.get(ruling.get_absolute_url()).content, "html.parser")
    warning = soup.select_one(".notice--errata")
    assert warning is not None and "[2]" in warning.get_text()


def test_the_base_games_rulings_citing_an_expansion_are_its_rulings(expansion):
    ruling = imported(two_book_export())
    imported(make_export(question="Only the base game?"))
    assert list(Ruling.objects.citing_books_of(expansion)) == [ruling]


def test_an_expansion_of_an_expansion_or_of_itself_is_refused(expansion):
    deeper = Game(name="Deeper", slug="deeper", expansion_of=expansion)
    with pytest.raises(ValidationError, match="is itself an expansion"):
        deeper.full_clean()
    with transaction.atomic(), pytest.raises(IntegrityError):
        Game.objects.filter(pk=expansion.pk).update(expansion_of=expansion.pk)
