"""Shared fixtures: a site rooted at a HomePage, and a clean language state per test."""

import pytest
from django.core.management import call_command
from django.utils import translation
from django.utils.translation import trans_real
from wagtail.models import Locale, Page, Site

from tests.rulesage.factories import HomePageFactory

# Fixtures for the guide tree (game page, rulebook, a published guide) serve every app.
pytest_plugins = ["tests.guides.fixtures"]


@pytest.fixture(scope="session", autouse=True)
def compiled_translations():
    """Spanish pages need the compiled catalogue; `make test` builds it, a bare pytest too."""
    call_command("compile_translations", verbosity=0)
    # Catalogues loaded before compiling (none, normally) would hide the new strings.
    trans_real._translations = {}
    trans_real._default = None


@pytest.fixture(autouse=True)
def reset_language():
    """Translation state is thread-local; reset it so one test's language never leaks."""
    translation.activate("en")
    yield
    translation.activate("en")


@pytest.fixture
def root_page(db):
    """Wagtail's tree root and default locale.

    Migrations create them, but a transactional (browser) test flushes the database when
    it ends, and a reused test database keeps that state; recreate them when missing.
    """
    Locale.objects.get_or_create(language_code="en")
    return Page.get_first_root_node() or Page.add_root(title="Root", slug="root")


@pytest.fixture
def home(root_page):
    """A HomePage as the default site's root, like the real site."""
    root = root_page
    home = HomePageFactory(parent=root, title="Rulesage", slug="rulesage-home")
    Site.objects.update_or_create(
        is_default_site=True,
        defaults={"hostname": "localhost", "port": 80, "root_page": home},
    )
    return home
