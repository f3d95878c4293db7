"""The page cache keeps only pages at their one address: a value a view cannot use (an
unknown status or kind, a page number written otherwise, a passage the document does not
have) is refused, redirected, or rendered without being stored, so strangers' random
values cannot push real pages out of the cache."""

import random
import re
from urllib.parse import parse_qsl, urlsplit

import pytest
import redis
from bs4 import BeautifulSoup
from django.conf import settings
from django.core.cache import caches
from django.urls import reverse
from django.utils import translation

from catalogue.models import Document, Edition
from core.cache_tags import bump_everything
from core.page_cache import READ_PARAMETERS, STATUS_HEADER
from guides.models import GamesIndexPage
from rulings.models import Ruling
from scripts.hostile_values import random_value, reader_pages

pytestmark = pytest.mark.django_db

HOST = "http://testserver"
PAGE_KEY = re.compile(r"[0-9a-f]{64}")


@pytest.fixture
def page_cache(settings):
    settings.RULESAGE_PAGE_CACHE = True
    bump_everything()  # pages of earlier tests were rendered from another database
    yield caches["pages"]
    bump_everything()


def stored_pages():
    """The keys of the pages in the page cache (not tags, versions or remembered values)."""
    prefix = caches["pages"].make_key("page-cache:")
    client = redis.Redis.from_url(settings.CACHES["pages"]["LOCATION"])
    try:
        keys = [key.decode() for key in client.scan_iter(match=f"{prefix}*", count=1000)]
    finally:
        client.close()
    return {key for key in keys if PAGE_KEY.fullmatch(key.removeprefix(prefix))}


def canonical_of(response):
    link = BeautifulSoup(response.content, "html.parser").select_one('link[rel="canonical"]')
    return link["href"] if link else None


def same_address(one, other):
    """The same path and parameters, whatever their order."""
    one, other = urlsplit(one), urlsplit(other)
    return one.path == other.path and sorted(parse_qsl(one.query)) == sorted(parse_qsl(other.query))


def test_random_values_of_every_read_parameter_store_nothing_but_real_pages(
    client, demo_site, page_cache
):
    chance = random.Random(20261206)
    paths = reader_pages()
    names = sorted(READ_PARAMETERS)
    before = stored_pages()
    stored = set()
    for _ in range(400):
        query = {name: random_value(chance) for name in chance.sample(names, chance.randint(1, 3))}
        path = chance.choice(paths)
        response = client.get(path, query)
        assert response.status_code < 500, (path, query)
        if response.get(STATUS_HEADER) == "miss":
            address = response.wsgi_request.get_full_path()
            stored.add(address)
            if response["Content-Type"].startswith("text/html"):
                assert same_address(canonical_of(response), HOST + address), address
    added = stored_pages() - before
    assert len(added) <= len(stored) <= 20, sorted(stored)


def state(response):
    assert response.status_code == 200
    return response.get(STATUS_HEADER)


def test_an_unknown_status_lists_every_ruling_unstored_and_names_the_plain_list(
    client, demo_site, page_cache
):
    plain = client.get(reverse("rulings:index"))
    for _ in range(2):
        unknown = client.get(reverse("rulings:index"), {"status": "nonsense"})
        assert state(unknown) is None
        assert canonical_of(unknown) == f"{HOST}{reverse('rulings:index')}"
    listed = BeautifulSoup(plain.content, "html.parser").select(".ruling-list > li > a")
    shown = BeautifulSoup(unknown.content, "html.parser").select(".ruling-list > li > a")
    assert [a["href"] for a in shown] == [a["href"] for a in listed] != []
    status = Ruling.objects.public().first().status
    assert state(client.get(reverse("rulings:index"), {"status": status})) == "miss"
    assert state(client.get(reverse("rulings:index"), {"status": status})) == "hit"


@pytest.mark.parametrize("number", ["1", "01", "+1", "last", " 1"])
def test_the_first_page_written_otherwise_leads_to_the_lists_own_address(
    client, demo_site, page_cache, number
):
    status = Ruling.objects.public().first().status
    with translation.override("es"):
        spanish = reverse("rulings:index")
    games = GamesIndexPage.objects.live().first().url
    for address, query, expected in [
        (reverse("rulings:index"), {}, reverse("rulings:index")),
        (spanish, {"status": status}, f"{spanish}?status={status}"),
        (reverse("corrections_log"), {"utm_source": "mail"}, "/en/corrections/?utm_source=mail"),
        (games, {}, games),
        ("/sitemap-rulings-en.xml", {}, "/sitemap-rulings-en.xml"),
    ]:
        if address.endswith(".xml") and number == "last":
            continue  # a sitemap's files are numbers only (Django's sitemap view)
        name = "p" if address.endswith(".xml") else "page"
        response = client.get(address, {**query, name: number})
        assert response.status_code == 302, (address, number)
        assert response["Location"] == expected
        assert state(client.get(expected)) in ("miss", None)


def test_a_later_page_written_otherwise_leads_to_its_one_address(client, demo_site, settings):
    settings.SITEMAP_URLS_PER_FILE = 1
    response = client.get("/sitemap-rulings-en.xml", {"p": "02"})
    assert (response.status_code, response["Location"]) == (302, "/sitemap-rulings-en.xml?p=2")
    assert client.get(response["Location"]).status_code == 200


@pytest.mark.parametrize("number", ["0", "-1", "abc", "1.5", "999999"])
def test_a_page_number_that_names_no_page_is_not_found_anywhere(client, demo_site, number):
    with translation.override("es"):
        spanish_log = reverse("corrections_log")
    for address, query in [
        (reverse("corrections_log"), {}),
        (spanish_log, {}),
        (GamesIndexPage.objects.live().first().url, {}),
        ("/en/search/", {"q": "card", "kind": "rulings"}),
        ("/sitemap-pages-es.xml", {}),
    ]:
        name = "p" if address.endswith(".xml") else "page"
        assert client.get(address, {**query, name: number}).status_code == 404, address


def test_a_passage_the_document_does_not_have_is_not_found(client, demo_site):
    document = Document.objects.filter(passages__isnull=False).first()
    passage = document.passages.first()
    found = client.get(document.get_absolute_url(), {"passage": passage.anchor})
    assert found.status_code == 302
    for anchor in ["no-such-passage", "", "p-0", passage.anchor.upper()]:
        response = client.get(document.get_absolute_url(), {"passage": anchor})
        assert response.status_code == 404, anchor


def test_search_stores_a_kind_it_knows_and_no_other(client, demo_site, page_cache):
    search = reverse("search")
    assert state(client.get(search, {"kind": "rulings"})) == "miss"
    assert state(client.get(search, {"kind": "rulings"})) == "hit"
    for _ in range(2):
        unknown = client.get(search, {"kind": "nonsense"})
        assert state(unknown) is None
    assert canonical_of(unknown) == f"{HOST}{search}"


def test_a_page_that_reads_no_parameter_is_not_stored_under_one(client, demo_site, page_cache):
    edition = Edition.objects.filter(rulings__isnull=False).first()
    ruling = Ruling.objects.public().first()
    for address in (edition.get_errata_url(), ruling.get_absolute_url()):
        for query in ({"kind": "rulings"}, {"page": "2"}, {"status": ruling.status}):
            for _ in range(2):
                response = client.get(address, query)
                assert state(response) is None, (address, query)
            assert canonical_of(response) == f"{HOST}{address}"
