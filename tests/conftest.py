"""Shared fixtures: a site rooted at a HomePage, and a clean language state per test."""

import pytest
from django.utils import translation
from wagtail.models import Page, Site

from tests.rulesage.factories import HomePageFactory


@pytest.fixture(autouse=True)
def reset_language():
    """Translation state is thread-local; reset it so one test's language never leaks."""
    translation.activate("en")
    yield
    translation.activate("en")


@pytest.fixture
def home(db):
    """A HomePage as the default site's root, like the real site."""
    root = Page.get_first_root_node()
    home = HomePageFactory(parent=root, title="Rulesage", slug="rulesage-home")
    Site.objects.update_or_create(
        is_default_site=True,
        defaults={"hostname": "localhost", "port": 80, "root_page": home},
    )
    return home
