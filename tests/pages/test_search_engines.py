"""What search engines and feed readers get: JSON-LD on guides and rulings, Open Graph
tags, the sitemap on the site's own host, and Atom feeds whose ids are tag URIs."""

import datetime
import json
import re
from xml.etree import ElementTree

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse
from django.utils import translation

from guides.models import GamePage, GuideCorrection
from tests.rulesage.fixtures import reader_urls
from tests.rulesage.sitemap_files import all_entries, sitemap_files
from tests.rulings.factories import record_correction
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"
# RFC 4151: tag:<domain or e-mail>,<YYYY[-MM[-DD]]>:<specific>
TAG_URI = re.compile(r"^tag:[a-z0-9.-]+,\d{4}(-\d{2}(-\d{2})?)?:[^\s]+$")


def page(client, url, **extra):
    response = client.get(url, **extra)
    assert response.status_code == 200, url
    return BeautifulSoup(response.content, "html.parser")


def json_ld(html):
    blocks = html.select('head script[type="application/ld+json"]')
    assert len(blocks) == 1
    return json.loads(blocks[0].string)


def test_a_guide_says_when_it_was_checked_against_what_and_what_was_corrected(client, full_site):
    guide, _ruling = full_site
    GuideCorrection.objects.create(
        page=guide, what_was_wrong="Said five cards.", what_it_says_now="Four cards."
    )
    english = reader_urls(guide, _ruling, "en")["guide"]
    spanish = reader_urls(guide, _ruling, "es")["guide"]
    data = json_ld(page(client, english))
    assert data["@type"] == "WebPage"
    assert data["url"] == f"http://testserver{english}"
    assert data["inLanguage"] == "en"
    assert data["lastReviewed"] == guide.checked_on.isoformat()
    assert data["reviewedBy"]["name"] == "Rulesage"
    # Dated as its change log dates its versions: first published, and the current one.
    versions = guide.versions.order_by("number")
    assert data["datePublished"] == versions.first().published_at.isoformat()
    assert data["dateModified"] == versions.last().published_at.isoformat()
    assert data["version"] == "2"
    assert [c["name"] for c in data["citation"]] == [s.document.title for s in guide.sources.all()]
    assert [c["text"] for c in data["correction"]] == ["Said five cards. → Four cards."]
    assert data["correction"][0]["@type"] == "CorrectionComment"
    assert data["workTranslation"] == [
        {"@type": "WebPage", "@id": f"http://testserver{spanish}", "inLanguage": "es"}
    ]

    data = json_ld(page(client, spanish))
    assert data["inLanguage"] == "es"
    assert data["name"] == "Cómo jugar"
    assert data["translationOfWork"]["@id"] == f"http://testserver{english}"
    assert "workTranslation" not in data


def test_an_untranslated_guide_in_spanish_says_it_is_english_and_translates_nothing(client, guide):
    from tests.guides.factories import url_in

    data = json_ld(page(client, url_in(guide, "es")))
    assert data["inLanguage"] == "en"
    assert "translationOfWork" not in data
    data = json_ld(page(client, url_in(guide, "en")))
    assert "workTranslation" not in data


def test_a_ruling_is_a_question_with_its_answer_citations_review_and_corrections(client, full_site):
    _guide, ruling = full_site
    ruling.reviewed_by = "Ana Editor"
    ruling.reviewed_at = datetime.datetime(2026, 11, 3, 9, 0, tzinfo=datetime.UTC)
    ruling.save()
    data = json_ld(page(client, ruling.get_absolute_url()))
    assert data["@type"] == "QAPage"
    assert data["mainEntity"]["@type"] == "Question"
    assert data["mainEntity"]["name"] == ruling.question
    assert data["mainEntity"]["acceptedAnswer"]["text"]
    assert data["lastReviewed"] == "2026-11-03T09:00:00+00:00"
    assert data["reviewedBy"] == {"@type": "Person", "name": "Ana Editor"}
    ruling.refresh_from_db()
    # Modified for readers by its latest correction, dated as the page dates it.
    (correction,) = ruling.corrections.all()
    assert data["dateModified"] == ruling.changed_for_readers_at.isoformat()
    assert data["dateModified"] == correction.dated_at.isoformat()
    assert data["dateModified"].startswith(correction.corrected_on.isoformat())
    assert len(data["citation"]) == ruling.citations.count()
    first = ruling.citations.get(n=1)
    assert data["citation"][0]["url"] == f"http://testserver{first.passage.get_absolute_url()}"
    assert [c["text"] for c in data["correction"]] == ["Said you may not pass. → You may pass."]
    assert data["correction"][0]["author"] == {"@type": "Person", "name": "Ana"}


def test_json_ld_cannot_end_its_script_element(client, home):
    ruling = import_export(question="Is </script><script>alert(1)</script> a rule?")
    html = client.get(ruling.get_absolute_url()).content.decode()
    block = re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)[1]
    assert "<" not in block
    assert json.loads(block)["name"].startswith("Is </script>")


def test_every_reader_page_has_open_graph_title_and_description(client, every_reader_page):
    for language, name, url in every_reader_page:
        html = page(client, url)
        og = {tag["property"]: tag["content"] for tag in html.select("meta[property^='og:']")}
        assert og["og:title"] == html.title.string, (language, name)
        assert og["og:description"] == html.select_one("meta[name=description]")["content"]
        assert og["og:url"] == f"http://testserver{url}", (language, name)
        assert og["og:locale"].startswith(language), (language, name)
        assert og["og:type"] == (
            "article" if name in ("guide", "guide version", "ruling") else "website"
        )


def test_every_reader_page_links_both_feeds(client, every_reader_page):
    game_page = GamePage.objects.get()
    for language, name, url in every_reader_page:
        links = page(client, url).select('head link[rel=alternate][type="application/atom+xml"]')
        with translation.override(language):
            expected = {reverse("corrections_feed"), reverse("rulings_feed")}
            game_feed = game_page.subpage_url("feed")
        hrefs = {link["href"] for link in links}
        # A game's pages also link that game's feed.
        assert expected <= hrefs, (language, name)
        assert hrefs - expected <= {game_feed}, (language, name)


def test_the_sitemap_is_on_the_host_it_is_asked_for(client, full_site):
    _guide, ruling = full_site
    files = sitemap_files(client, HTTP_HOST="127.0.0.1")
    locations = [read.location for read in files] + list(all_entries(files))
    assert locations and all(loc.startswith("http://127.0.0.1/") for loc in locations)
    for language in ("en", "es"):
        with translation.override(language):
            assert f"http://127.0.0.1{ruling.get_absolute_url()}" in locations


def entries(client, url, **extra):
    feed = ElementTree.fromstring(client.get(url, **extra).content)
    return feed, [
        {
            "id": entry.find(f"{ATOM}id").text,
            "title": entry.find(f"{ATOM}title").text,
            "updated": entry.find(f"{ATOM}updated").text,
            "link": entry.find(f"{ATOM}link").get("href"),
            "summary": entry.find(f"{ATOM}summary").text,
        }
        for entry in feed.iter(f"{ATOM}entry")
    ]


def test_the_rulings_feed_has_new_rulings_and_brings_back_corrected_ones(client, home):
    older = import_export(question="Can I pass?")
    newer = import_export(question="Can I trade?")
    _feed, items = entries(client, reverse("rulings_feed"))
    assert [item["title"] for item in items] == ["Can I trade?", "Can I pass?"]

    record_correction(
        older,
        what_was_wrong="Said no.",
        what_it_says_now="You may pass once per round.",
        corrected_on=datetime.date.today(),
    )
    _feed, items = entries(client, reverse("rulings_feed"))
    assert [item["title"] for item in items] == ["Corrected: Can I pass?", "Can I trade?"]
    assert "You may pass once per round." in items[0]["summary"]
    assert items[0]["link"] == f"http://testserver{older.get_absolute_url()}"
    assert items[1]["link"] == f"http://testserver{newer.get_absolute_url()}"

    with translation.override("es"):
        url = reverse("rulings_feed")
    assert url == "/es/resoluciones/canal/"
    feed, spanish = entries(client, url)
    assert feed.get("{http://www.w3.org/XML/1998/namespace}lang") == "es"
    assert spanish[0]["link"].startswith("http://testserver/es/resoluciones/")


def test_feed_and_entry_ids_are_tag_uris_that_stay_the_same(client, full_site, settings):
    for name in ("corrections_feed", "rulings_feed"):
        for language in ("en", "es"):
            with translation.override(language):
                url = reverse(name)
            feed, items = entries(client, url)
            ids = [feed.find(f"{ATOM}id").text] + [item["id"] for item in items]
            assert len(items) >= 1, url
            assert all(TAG_URI.match(value) for value in ids), ids
            assert len(set(ids)) == len(ids), ids
            authority = settings.RULESAGE_FEED_TAG_AUTHORITY
            assert all(value.startswith(f"tag:{authority}:{language}/") for value in ids)
            # Asked again, on another of the site's hosts too, the same ids: readers keep
            # track of what they have read by them.
            for host in ("testserver", "localhost"):
                again, items = entries(client, url, HTTP_HOST=host)
                assert ids == [again.find(f"{ATOM}id").text] + [item["id"] for item in items]
