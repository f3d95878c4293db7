"""Spanish addresses use Spanish words; the old English-word addresses move permanently."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests.rulesage.fixtures import fixtures_from_full_site, reader_urls
from tests.rulesage.sitemap_files import all_entries, sitemap_files

pytestmark = pytest.mark.django_db


# The site is built once for the module (tests.rulesage.fixtures.FullSite).
full_site, home, policy = fixtures_from_full_site("full_site", "home", "policy")


def test_spanish_views_have_spanish_words(full_site):
    guide, ruling = full_site
    code = ruling.edition.code
    document = ruling.citations.get(n=1).passage.document
    spanish = reader_urls(guide, ruling, "es")
    assert spanish["corrections"] == "/es/correcciones/"
    assert spanish["rulings"] == "/es/resoluciones/"
    assert spanish["edition rulings"] == f"/es/resoluciones/{code}/"
    assert spanish["errata"] == f"/es/resoluciones/{code}/erratas/"
    assert spanish["document"] == f"/es/resoluciones/{code}/documentos/{document.pk}/"
    assert spanish["ruling"] == f"/es/resoluciones/{code}/{ruling.slug}/"
    with translation.override("es"):
        assert reverse("corrections_feed") == "/es/correcciones/canal/"
    english = reader_urls(guide, ruling, "en")
    assert english["errata"] == f"/en/rulings/{code}/errata/"
    assert english["document"] == f"/en/rulings/{code}/documents/{document.pk}/"
    with translation.override("en"):
        assert reverse("corrections_feed") == "/en/corrections/feed/"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("/es/corrections/", "/es/correcciones/"),
        ("/es/corrections/feed/", "/es/correcciones/canal/"),
        ("/es/rulings/", "/es/resoluciones/"),
        (
            "/es/rulings/?status=verified&utm_source=a",
            "/es/resoluciones/?status=verified&utm_source=a",
        ),
        ("/es/rulings/{code}/", "/es/resoluciones/{code}/"),
        ("/es/rulings/{code}/errata/", "/es/resoluciones/{code}/erratas/"),
        ("/es/rulings/{code}/documents/{pk}/", "/es/resoluciones/{code}/documentos/{pk}/"),
        ("/es/rulings/{code}/{slug}/", "/es/resoluciones/{code}/{slug}/"),
    ],
)
def test_old_spanish_addresses_move_permanently(client, full_site, old, new):
    _guide, ruling = full_site
    values = {
        "code": ruling.edition.code,
        "slug": ruling.slug,
        "pk": ruling.citations.get(n=1).passage.document_id,
    }
    response = client.get(old.format(**values))
    assert response.status_code == 301
    assert response["Location"] == new.format(**values)
    assert client.get(response["Location"]).status_code == 200


@pytest.mark.parametrize(
    "url",
    ["/es/rulings/a/b/c/", "/en/rulings/a/b/c/", "/es/corrections/nothing/", "/es/rulingsx/"],
)
def test_old_words_that_never_led_anywhere_are_not_found(client, home, url):
    assert client.get(url).status_code == 404


def test_spanish_feed_speaks_spanish_and_links_spanish_pages(client, full_site):
    _guide, ruling = full_site
    with translation.override("es"):
        url = reverse("corrections_feed")
        ruling_url = ruling.get_absolute_url()
    feed = client.get(url).content.decode()
    assert 'xml:lang="es"' in feed
    assert '<link href="http://testserver/es/correcciones/" rel="alternate"/>' in feed
    assert f"http://testserver{ruling_url}#correction-" in feed


def test_sitemap_lists_every_reader_page_in_every_language_with_alternates(
    client, every_reader_page
):
    entries = {
        location: entry["alternates"]
        for location, entry in all_entries(sitemap_files(client)).items()
    }
    for language, name, path in every_reader_page:
        if name == "guide version":
            continue  # an earlier version is not a page of its own to index
        # On the host the sitemap was asked for, not the Site record's "localhost".
        location = "http://testserver" + path
        assert location in entries, (language, name)
        alternates = entries[location]
        assert set(alternates) == {"en", "es", "x-default"}
        assert alternates[language] == location
        assert alternates["x-default"] == alternates["en"]
        # Each alternate is itself listed, with the same alternates.
        assert entries[alternates["es"]] == alternates
    assert not any(re.search(r"/es/(rulings|corrections)/", location) for location in entries)
