"""Shared rulings fixtures: import an export written on the fly."""

import pytest
from django.apps import apps

from rulings.importers.store import import_parsed
from rulings.importers.text_export import parse_export
from tests.rulings.exports import make_export


def import_export(**kwargs):
    return import_parsed(parse_export(make_export(**kwargs), "test.txt")).ruling


@pytest.fixture
def ruling(db):
    return import_export()


class BeforeTheCatalogue:
    """The app registry as the rulings app's migrations from before the catalogue app ask
    it: a catalogue model by its former label ("rulings", "Passage"). Their data functions
    then run on today's tables."""

    def get_model(self, app_label, model_name=None):
        try:
            return apps.get_model(app_label, model_name)
        except LookupError:
            return apps.get_model("catalogue", model_name)
