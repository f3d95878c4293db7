"""The sitemap as the protocol says, at any catalogue size: /sitemap.xml is an index of
files, none longer than the limit, that together list every public reader page in both
languages, each with the hreflang alternates its own <head> names and a date."""

import datetime

import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation
from wagtail.models import Page, Site

from catalogue.models import Document, Edition
from core.cache_tags import bump_everything
from pages.sitemaps import SECTIONS
from rulings.models import Ruling
from tests.guides.factories import url_in
from tests.rulesage.sitemap_files import (
    SitemapFile,
    all_entries,
    index_files,
    local,
    sitemap_files,
)

pytestmark = pytest.mark.django_db

HOST = "http://testserver"
# Small enough that the catalogue's rulings (400, in two languages) fill several files.
LIMIT = 150
# Queries for any one file, whatever it holds; for the index, a count and a date for each
# kind of page (the same in both languages), the lists' dates reading each source of
# corrections' newest.
FILE_QUERY_BUDGET = 6
INDEX_QUERY_BUDGET = 2 * len(SECTIONS) + 8
# The index once each section's size and date, and the site, are remembered.
REMEMBERED_INDEX_QUERIES = 0


@pytest.fixture
def short_files(settings):
    settings.SITEMAP_URLS_PER_FILE = LIMIT


def section_files(files, section):
    return [read for read in files if f"/sitemap-{section}.xml" in read.location]


def test_the_index_lists_files_none_longer_than_the_limit(small_catalogue, client, short_files):
    files = sitemap_files(client)
    assert {f"{section}-{code}" for section in SECTIONS for code in ("en", "es")} <= {
        local(read.location).removeprefix("/sitemap-").split(".xml")[0] for read in files
    }
    assert all(read.count <= LIMIT for read in files)
    for code in ("en", "es"):
        rulings = section_files(files, f"rulings-{code}")
        public = Ruling.objects.public().count()
        assert len(rulings) == -(-public // LIMIT) > 1
        assert [local(read.location) for read in rulings[1:]] == [
            f"/sitemap-rulings-{code}.xml?p={n}" for n in range(2, len(rulings) + 1)
        ]
        assert sum(read.count for read in rulings) == public
    # Every page and ruling says when it last changed; so does the index of their files.
    for section in ("pages-en", "pages-es", "rulings-en", "rulings-es"):
        for read in section_files(files, section):
            assert all(entry["lastmod"] for entry in read.entries.values()), read.location
    newest = Ruling.objects.public().latest("changed_for_readers_at").changed_for_readers_at
    assert all(read.lastmod for read in section_files(files, "rulings-es"))
    assert section_files(files, "rulings-es")[0].lastmod.startswith(newest.date().isoformat())


def test_together_the_files_list_every_public_reader_page_in_both_languages(
    small_catalogue, client, short_files
):
    withdrawn = Ruling.objects.order_by("pk")[7]
    withdrawn.status = Ruling.Status.WITHDRAWN
    withdrawn.save(refresh_flags=False, search_index=False)
    entries = all_entries(sitemap_files(client))
    pages = Page.objects.filter(depth__gt=1).live()
    assert pages.count() > 2 * small_catalogue.games  # games index, games, guides, home…
    for language in ("en", "es"):
        assert {HOST + url_in(page.specific, language) for page in pages} <= set(entries)
        with translation.override(language):
            for ruling in Ruling.objects.public().select_related("edition"):
                entry = entries[HOST + ruling.get_absolute_url()]
                assert entry["lastmod"] == ruling.changed_for_readers_at.isoformat()
            for edition in Edition.objects.all():
                assert HOST + edition.get_absolute_url() in entries
                assert HOST + edition.get_errata_url() in entries
            for document in Document.objects.select_related("edition"):
                assert HOST + document.get_absolute_url() in entries
            assert HOST + withdrawn.get_absolute_url() not in entries


def head_alternates(client, location):
    response = client.get(local(location))
    assert response.status_code == 200, location
    html = BeautifulSoup(response.content, "html.parser")
    return {link["hreflang"]: link["href"] for link in html.select("head link[hreflang]")}


def test_each_address_names_the_alternates_its_page_names(small_catalogue, client, short_files):
    files = sitemap_files(client)
    checked = 0
    for read in files:
        # The first and last address of every file: every section, both languages.
        for location in dict.fromkeys([*read.entries][:1] + [*read.entries][-1:]):
            alternates = read.entries[location]["alternates"]
            assert set(alternates) == {"en", "es", "x-default"}
            assert location in alternates.values()
            assert head_alternates(client, location) == alternates, location
            checked += 1
    assert checked > 2 * len(SECTIONS) * 2


def queries(client, url):
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200, url
    return len(context.captured_queries)


def test_a_file_costs_the_same_queries_however_many_addresses_it_holds(
    small_catalogue, client, settings
):
    urls = ["/sitemap.xml"] + [
        f"/sitemap-{section}-{code}.xml" for section in SECTIONS for code in ("en", "es")
    ]
    for url in urls:
        client.get(url)  # what every request reads once, then remembers (restricted pages)
    counts = {}
    for limit in (5, 500):
        settings.SITEMAP_URLS_PER_FILE = limit
        counts[limit] = {url: queries(client, url) for url in urls}
    assert counts[5] == counts[500]
    index = counts[500].pop("/sitemap.xml")
    assert index <= INDEX_QUERY_BUDGET
    assert max(counts[500].values()) <= FILE_QUERY_BUDGET, counts[500]


@pytest.mark.parametrize(
    "url",
    [
        "/sitemap-rulings-en.xml?p=abc",
        "/sitemap-rulings-en.xml?p=0",
        "/sitemap-rulings-en.xml?p=999999",
        "/sitemap-nothing-en.xml",
        "/sitemap-rulings.xml",
    ],
)
def test_a_file_that_does_not_exist_is_not_found(small_catalogue, client, url):
    assert client.get(url).status_code == 404


def test_the_index_and_its_files_are_on_the_host_robots_txt_names(small_catalogue, client):
    robots = client.get("/robots.txt", HTTP_HOST="127.0.0.1").content.decode()
    assert "Sitemap: http://127.0.0.1/sitemap.xml\n" in robots
    files = index_files(client, HTTP_HOST="127.0.0.1")
    assert files and all(location.startswith("http://127.0.0.1/") for location, _ in files)


def test_the_index_counts_each_section_once_until_the_lists_change(
    small_catalogue, client, short_files
):
    first = queries(client, "/sitemap.xml")  # nothing remembered: every test starts so
    assert first <= INDEX_QUERY_BUDGET
    assert queries(client, "/sitemap.xml") == REMEMBERED_INDEX_QUERIES
    rulings = section_files([SitemapFile(*file) for file in index_files(client)], "rulings-en")
    edition = Edition.objects.order_by("pk").first()
    for n in range(LIMIT):
        Ruling.objects.create(edition=edition, question=f"Question {n}?", answer="Yes.")
    # Rulings published: counted again, and the index lists the file they fill.
    assert queries(client, "/sitemap.xml") > REMEMBERED_INDEX_QUERIES
    grown = section_files([SitemapFile(*file) for file in index_files(client)], "rulings-en")
    assert len(grown) == len(rulings) + 1
    assert queries(client, "/sitemap.xml") == REMEMBERED_INDEX_QUERIES


def test_an_errata_check_dates_the_errata_files_at_once(small_catalogue, client):
    Edition.objects.update(errata_checked_on=datetime.date(2020, 1, 2))
    bump_everything()

    def errata_dates():
        files = [SitemapFile(*file) for file in index_files(client)]
        return {
            read.lastmod[:10]
            for code in ("en", "es")
            for read in section_files(files, f"errata-{code}")
        }

    assert errata_dates() == {"2020-01-02"}
    edition = Edition.objects.order_by("pk").first()
    edition.errata_checked_on = timezone.localdate()
    edition.save(update_fields=["errata_checked_on"])
    assert queries(client, "/sitemap.xml") > REMEMBERED_INDEX_QUERIES
    assert errata_dates() == {timezone.localdate().isoformat()}
    assert queries(client, "/sitemap.xml") == REMEMBERED_INDEX_QUERIES


@pytest.mark.parametrize("section", ["rulings", "pages", "documents"])
def test_files_past_the_middle_list_their_share_in_order(
    small_catalogue, client, settings, section
):
    """The later files are read from the end of the list, yet file after file the addresses
    follow one another in the section's order, none twice and none left out."""
    settings.SITEMAP_URLS_PER_FILE = 8  # pages take a quarter: two a file
    files = section_files(sitemap_files(client), f"{section}-en")
    assert len(files) > 2
    listed = [location for read in files for location in read.entries]
    with translation.override("en"):
        if section == "rulings":
            rows = Ruling.objects.public().select_related("edition").order_by("pk")
            expected = [HOST + ruling.get_absolute_url() for ruling in rows]
        elif section == "documents":
            rows = Document.objects.select_related("edition").order_by("pk")
            expected = [HOST + document.get_absolute_url() for document in rows]
        else:
            rows = Page.objects.filter(depth__gt=1).live().order_by("path")
            expected = [HOST + url_in(page.specific, "en") for page in rows]
    assert listed == expected
    assert len(listed) == len(set(listed)) == sum(read.count for read in files)
    assert [read.count for read in files[:-1]] == [files[0].count] * (len(files) - 1)


@pytest.mark.parametrize("section", list(SECTIONS))
def test_an_empty_sections_file_lists_nothing_rather_than_failing(client, root_page, section):
    """A new site has no rulings, errata or documents yet: their files, asked for directly
    (a crawler remembers them), list nothing."""
    for code in ("en", "es"):
        response = client.get(f"/sitemap-{section}-{code}.xml")
        assert response.status_code == 200, (section, code)
        assert "<urlset" in response.content.decode()


def test_before_any_site_is_set_up_no_sitemap_file_fails(client, root_page):
    """No Site yet (a database just emptied): no file, nor the index, is a server error."""
    Site.objects.all().delete()
    bump_everything()  # each section's size and date are counted again, not remembered
    assert client.get("/sitemap.xml").status_code == 200
    for section in SECTIONS:
        for code in ("en", "es"):
            response = client.get(f"/sitemap-{section}-{code}.xml")
            assert response.status_code == 200, (section, code)
            assert "<urlset" in response.content.decode()
