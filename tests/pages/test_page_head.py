"""What every reader page tells browsers and search engines: description, icon, landmarks."""

import pytest
from bs4 import BeautifulSoup

from pages.templatetags.rulesage_tags import DESCRIPTION_LENGTH
from tests.guides.factories import publish, sections
from tests.rulesage.fixtures import fixtures_from_full_site
from tests.rulesage.sitemap_files import index_files
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db


# The site is built once for the module (tests.rulesage.fixtures.FullSite).
full_site, home, policy, guide = fixtures_from_full_site("full_site", "home", "policy", "guide")


def get_html(client, url, status=200):
    response = client.get(url)
    assert response.status_code == status, url
    return BeautifulSoup(response.content, "html.parser")


def description(html):
    tags = html.select("head meta[name=description]")
    assert len(tags) == 1
    return tags[0]["content"]


def test_every_reader_page_has_its_own_description(client, every_reader_page):
    seen = {}
    for language, name, url in every_reader_page:
        text = description(get_html(client, url))
        assert text.strip(), (language, name)
        assert len(text) <= DESCRIPTION_LENGTH, (language, name)
        assert "<" not in text and "&lt;" not in text, (language, name)
        seen.setdefault((language, text), []).append(name)
    # In one language, only the guide and its earlier version share a summary.
    shared = [names for names in seen.values() if len(names) > 1]
    assert all(set(names) == {"guide", "guide version"} for names in shared), shared


def test_descriptions_come_from_the_page(client, every_reader_page, full_site):
    guide, ruling = full_site
    urls = {(language, name): url for language, name, url in every_reader_page}
    assert description(get_html(client, urls["en", "guide"])) == "A short guide."
    assert description(get_html(client, urls["es", "guide"])) == "Una guía breve."
    assert description(get_html(client, urls["en", "ruling"])).startswith("Can I pass? A claim.")
    assert description(get_html(client, urls["en", "game"])) == "An overview."
    guide.search_description = "Learn Point City in ten minutes."
    guide.save_revision().publish()
    assert description(get_html(client, urls["en", "guide"])) == "Learn Point City in ten minutes."


def test_a_long_summary_is_cut_at_a_word(client, guide):
    summary = "Shuffle the tiers & deal the market. " * 10
    guide.intro = summary
    guide.save_revision().publish()
    text = description(get_html(client, guide.url))
    assert text.endswith("…")
    assert summary.startswith(text[:-1]) and summary[len(text) - 1] == " "
    assert "& deal" in text


def test_error_pages_have_a_description(client, home):
    assert description(get_html(client, "/en/no-such-page/", 404))
    assert description(get_html(client, "/es/%00/", 400))


def test_the_favicon_is_served_wherever_a_page_points(client, every_reader_page):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] in {"image/x-icon", "image/vnd.microsoft.icon"}
    icons = set()
    for _language, _name, url in every_reader_page:
        icons |= {link["href"] for link in get_html(client, url).select("link[rel=icon]")}
    assert "/favicon.ico" in icons and len(icons) == 2
    for href in icons:
        assert client.get(href).status_code == 200, href


def test_robots_txt_names_the_sitemap_index(client, home):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert "Sitemap: http://testserver/sitemap.xml" in response.content.decode()
    assert "Disallow: /admin/" in response.content.decode()
    assert index_files(client)  # the address named is the index, listing the files


def test_guide_call_outs_are_notes_not_landmarks(client, guide):
    guide = publish(guide, body=sections(6))
    """A guide has many notes and examples; as landmarks they would all share one name.

    (axe's landmark rules run on every reader page in tests/browser/test_accessibility.py.)
    """
    html = get_html(client, guide.url)
    callouts = html.select(".callout")
    assert {c["class"][1] for c in callouts} == {"callout--example", "callout--note"}
    assert all(c.name == "div" and c["role"] == "note" for c in callouts)
    assert not html.select("aside")


def test_a_malformed_answer_still_gets_its_page_and_a_description(client, db):
    """Django's strip_tags refuses '<b<b<b…' (a 400); the description must not depend on it."""
    ruling = import_export(question="Malformed?", answer="<b" * 400 + " A claim.[1][2]")
    html = get_html(client, ruling.get_absolute_url())
    assert description(html).startswith("Malformed?")
