"""Readers compare two published versions of a guide, in their language, with what was
added and removed marked in words as well as colour."""

import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.test.utils import CaptureQueriesContext

from guides.models import GuidePage
from tests.guides.factories import publish_version, url_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def guide(demo_site):
    """The demo's Point City guide, given two more versions with illustrative changes."""
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")
    first = guide.version_number
    publish_version(
        guide,
        "Illustrative: the summary names the market.",
        intro_en="Illustrative summary: draft two cards from the market, then build.",
        intro_es="Resumen ilustrativo: roba dos cartas del mercado y construye.",
    )
    publish_version(
        guide, "Illustrative: a shorter summary.", intro_en="Illustrative summary.", intro_es=""
    )
    guide.refresh_from_db()
    assert guide.version_number == first + 2
    return guide, first


def compare_url(guide, old, new, language="en"):
    return url_in(guide, language) + guide.compare_subpath(old, new)


def changes(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    soup = BeautifulSoup(response.content, "html.parser")
    return {
        item.h2.get_text(" ", strip=True): item.select_one(".compare-change__text")
        for item in soup.select(".compare-change")
    }, soup


def test_the_summary_change_is_marked_inserted_and_deleted_in_english(client, guide):
    guide, first = guide
    found, soup = changes(client, compare_url(guide, first + 1, first + 2))
    summary = found["Summary"]
    assert [d.get_text() for d in summary.select("del")][0].startswith("[removed:")
    assert "draft two cards from the market" in " ".join(d.get_text() for d in summary("del"))
    assert "Key:" in soup.select_one(".diff-legend").get_text()
    assert (
        "Illustrative: a shorter summary." in soup.select_one(".compare-versions__notes").get_text()
    )


def test_a_spanish_reader_compares_the_spanish_text_and_the_english_where_none(client, guide):
    guide, first = guide
    found, _soup = changes(client, compare_url(guide, first, first + 1, "es"))
    summary = [text for label, text in found.items() if label.startswith("Resumen")][0]
    assert "roba dos cartas del mercado" in " ".join(i.get_text() for i in summary("ins"))
    # The next version has no Spanish summary: a Spanish reader sees the English one.
    found, _soup = changes(client, compare_url(guide, first + 1, first + 2, "es"))
    summary = [text for label, text in found.items() if label.startswith("Resumen")][0]
    assert "Illustrative summary" in " ".join(i.get_text() for i in summary("ins"))


def test_versions_out_of_order_redirect_and_unknown_ones_are_not_found(client, guide):
    guide, first = guide
    response = client.get(compare_url(guide, first + 2, first))
    assert response.status_code == 302
    assert response["Location"].endswith(guide.compare_subpath(first, first + 2))
    assert client.get(compare_url(guide, first, first + 9)).status_code == 404
    assert client.get(compare_url(guide, first, first)).status_code == 404
    assert client.get(compare_url(guide, first, 2**40)).status_code == 404


def test_the_change_log_and_an_old_version_link_to_the_comparison(client, guide):
    guide, first = guide
    soup = BeautifulSoup(client.get(url_in(guide, "en")).content, "html.parser")
    links = [a["href"] for a in soup.select(".change-log a")]
    assert guide.url + guide.compare_subpath(first + 1, first + 2) in links
    assert guide.url + guide.compare_subpath(first, first + 1) in links
    old = BeautifulSoup(client.get(guide.url + f"v/{first}/").content, "html.parser")
    banner = [a["href"] for a in old.select(".notice--superseded a")]
    assert guide.url + guide.compare_subpath(first, first + 2) in banner


def test_comparing_costs_the_same_however_many_versions(client, guide):
    guide, first = guide
    url = compare_url(guide, first, first + 1)
    client.get(url)
    with CaptureQueriesContext(connection) as before:
        client.get(url)
    publish_version(guide, "Illustrative: one more.", intro_en="Illustrative summary again.")
    client.get(url)
    with CaptureQueriesContext(connection) as after:
        client.get(url)
    assert len(after) == len(before)
