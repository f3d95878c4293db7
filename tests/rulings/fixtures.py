"""Shared rulings fixtures: import an export written on the fly."""

import pytest

from rulings.importers import parse_export
from rulings.importers.store import store
from tests.rulings.exports import make_export


def import_export(**kwargs):
    result = store(parse_export(make_export(**kwargs), "test.txt"))
    result.ruling.save_revision()
    return result.ruling


@pytest.fixture
def ruling(db):
    return import_export()
