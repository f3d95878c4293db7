"""Fixtures of the rulings tests: an edition and a ruling it answers (reader questions)."""

import pytest

from rulings.models import Ruling
from tests.rulings.factories import EditionFactory


@pytest.fixture
def edition(db):
    return EditionFactory(code="bg-368017-en-1e", game__name="Point City")


@pytest.fixture
def answered(edition):
    return Ruling.objects.create(
        edition=edition,
        question="Can a permanent resource pay for two buildings in one turn?",
        answer="No: each permanent resource pays for one building per turn.",
    )
