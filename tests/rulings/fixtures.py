"""Shared rulings fixtures: import an export written on the fly."""

import pytest

from rulings.importers import parse_export
from rulings.importers.write import import_parsed
from tests.rulings.exports import make_export


def import_export(**kwargs):
    return import_parsed(parse_export(make_export(**kwargs), "test.txt")).ruling


@pytest.fixture
def ruling(db):
    return import_export()
