"""A small site with one of every reader page, and their URLs in each language."""

import datetime

import pytest
from django.urls import reverse
from django.utils import translation

from tests.guides.factories import publish_version, url_in
from tests.rulings.factories import errata_card, record_correction

LANGUAGES = ("en", "es")


@pytest.fixture
def full_site(spanish_guide, ruling, home):
    """Pages of every type, a guide with two versions, a ruling with a card and a correction."""
    guide = publish_version(spanish_guide, "Second version.")
    citation = ruling.citations.get(n=1)
    errata_card(citation.passage, "Now reads otherwise.")
    record_correction(ruling, corrected_by="Ana", corrected_on=datetime.date(2026, 11, 2))
    return guide, ruling


def reader_urls(guide, ruling, language):
    """{name: URL} of every kind of reader page, in `language`."""
    game_page = guide.get_parent().specific
    document = ruling.citations.get(n=1).passage.document
    urls = {
        "home": url_in(game_page.get_parent().get_parent().specific, language),
        "games": url_in(game_page.get_parent().specific, language),
        "game": url_in(game_page, language),
        "guide": url_in(guide, language),
        "guide version": url_in(guide, language) + "v/1/",
    }
    with translation.override(language):
        urls.update(
            {
                "rulings": reverse("rulings:index"),
                "edition rulings": ruling.edition.get_absolute_url(),
                "errata": ruling.edition.get_errata_url(),
                "document": document.get_absolute_url(),
                "ruling": ruling.get_absolute_url(),
                "corrections": reverse("corrections_log"),
            }
        )
    return urls


@pytest.fixture
def every_reader_page(full_site, policy):
    """(language, page name, URL) for every reader page in every language."""
    guide, ruling = full_site
    pages = []
    for language in LANGUAGES:
        urls = reader_urls(guide, ruling, language)
        urls["policy"] = url_in(policy, language)
        pages += [(language, name, url) for name, url in urls.items()]
    return pages
