"""One date of record per thing, wherever it is shown: a ruling's answer (and its latest
correction), a correction's date, an errata card's issue, a guide version's publishing.
Every feed dates each entry as its page and structured data do, never by when a row was
written (loading the demo, importing); every feed is valid Atom (RFC 4287), with ids that
do not change with the host; no sitemap says a page changed after now."""

import datetime
import json
import re
from urllib.parse import urlsplit
from xml.etree import ElementTree

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse
from django.utils import timezone, translation

from devtools.demo import files
from guides.models import GamePage
from rulings.models import Ruling
from tests.rulesage.atom import ATOM, atom_problems
from tests.rulesage.sitemap_files import sitemap_files
from tests.rulings.factories import record_correction
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db

GAME = "point-city"
FEEDS = [("corrections_feed", {}), ("rulings_feed", {}), ("game_feed", {"slug": GAME})]


@pytest.fixture(autouse=True)
def demo(demo_site):
    """The demo as `load_demo` builds it, once for the module."""


def feed_url(name, kwargs, language):
    """A site feed's address, or a game's (a route of its game page) in `language`."""
    with translation.override(language):
        if name == "game_feed":
            return GamePage.objects.get(game__slug=kwargs["slug"]).subpage_url("feed")
        return reverse(name, kwargs=kwargs)


def read_entries(client, url, **extra):
    response = client.get(url, **extra)
    assert response.status_code == 200, url
    feed = ElementTree.fromstring(response.content)
    return [
        {
            "id": entry.findtext(f"{ATOM}id"),
            "link": entry.find(f"{ATOM}link").get("href"),
            "published": moment(entry.findtext(f"{ATOM}published")),
            "updated": moment(entry.findtext(f"{ATOM}updated")),
        }
        for entry in feed.iter(f"{ATOM}entry")
    ]


def moment(text):
    return datetime.datetime.fromisoformat(text) if text else None


def day_of(value):
    return timezone.localdate(value, timezone.get_default_timezone())


def structured_data(page, kind):
    (data,) = [
        json.loads(script.string)
        for script in page.select('script[type="application/ld+json"]')
        if f'"{kind}"' in script.string
    ]
    return data


def shown_date(client, entry):
    """What the page an entry links to says of it: [(what, the feed's value, the page's)]."""
    parts = urlsplit(entry["link"])
    response = client.get(parts.path, follow=True)
    assert response.status_code == 200, entry["link"]
    page = BeautifulSoup(response.content, "html.parser")
    anchor = parts.fragment
    if anchor.startswith("correction-"):
        shown = page.select_one(f"#{anchor} time")["datetime"]
        data = structured_data(page, "QAPage" if page.select_one(".ruling") else "WebPage")
        (described,) = [c for c in data["correction"] if c["url"].endswith(f"#{anchor}")]
        return [
            ("the day it shows", day_of(entry["updated"]).isoformat(), shown),
            ("its structured data", entry["updated"], moment(described["datePublished"])),
        ]
    if anchor.startswith("erratum-"):
        shown = page.select_one(f"#{anchor} time")["datetime"]
        return [("the day the card was issued", day_of(entry["updated"]).isoformat(), shown)]
    if page.select_one(".ruling"):
        data = structured_data(page, "QAPage")
        printed = page.select_one(".provenance time")["datetime"]
        return [
            ("the answer date it prints", entry["published"], moment(printed)),
            ("published", entry["published"], moment(data["datePublished"])),
            ("modified", entry["updated"], moment(data["dateModified"])),
        ]
    # A guide's version: its line in the change log (a superseded version's page, which
    # describes no current guide, has only that).
    number = re.search(r"/v/(\d+)/$", parts.path).group(1)
    line = page.select_one(f"#version-{number} time")["datetime"]
    shown = [("its change-log line", day_of(entry["updated"]).isoformat(), line)]
    if response.redirect_chain:  # the current version: the guide's own page
        data = structured_data(page, "WebPage")
        shown.append(("the guide's date", entry["updated"], moment(data["dateModified"])))
    return shown


def test_every_feed_entry_is_dated_as_its_page_dates_it(client):
    demo_ruling = Ruling.objects.filter(edition__game__slug=GAME).order_by("pk").first()
    # Dated earlier than the day it is recorded, then one made today.
    earlier = timezone.localdate() - datetime.timedelta(days=3)
    record_correction(
        demo_ruling, what_it_says_now="Ties go to the later builder.", corrected_on=earlier
    )
    record_correction(demo_ruling, what_it_says_now="Ties are shared.")
    import_export(question="Answered weeks before it was imported?")

    compared = 0
    for name, kwargs in FEEDS:
        for language in ("en", "es"):
            for entry in read_entries(client, feed_url(name, kwargs, language)):
                for what, in_feed, on_page in shown_date(client, entry):
                    assert in_feed == on_page, (entry["link"], what)
                    compared += 1
    assert compared > 30


def test_the_demos_feed_dates_are_the_dates_the_demo_states(client):
    entries = read_entries(client, feed_url("game_feed", {"slug": GAME}, "en"))
    by_link = {
        urlsplit(entry["link"]).path + "#" + urlsplit(entry["link"]).fragment: entry
        for entry in entries
    }

    rulings = [spec for spec in files.rulings() if spec["edition"] == "bg-368017-en-1e"]
    for spec in rulings:
        ruling = Ruling.objects.get(slug=spec["slug"])
        entry = by_link[ruling.get_absolute_url() + "#"]
        assert entry["published"] == entry["updated"] == spec["dated"]

    (card,) = files.errata_cards()
    (errata,) = [entry for entry in entries if "#erratum-" in entry["link"]]
    assert day_of(errata["updated"]) == card["issued_on"]

    (guide,) = [
        spec
        for spec in files.guides()
        if spec["slug"]["en"] == "how-to-play" and spec["game"] == GAME
    ]
    (stated,) = guide["corrections"]
    (correction,) = [entry for entry in entries if "#correction-" in entry["link"]]
    assert day_of(correction["updated"]) == stated["corrected_on"]
    # The corrections feed dates the same correction the same way.
    (logged,) = read_entries(client, feed_url("corrections_feed", {}, "en"))
    assert logged["link"] == correction["link"]
    assert (logged["published"], logged["updated"]) == (
        correction["published"],
        correction["updated"],
    )

    published = {
        version["published_on"]
        for spec in files.guides()
        if spec["game"] == GAME
        for version in spec["versions"]
    }
    versions = [entry for entry in entries if "/v/" in entry["link"]]
    assert versions and {day_of(entry["updated"]) for entry in versions} <= published


@pytest.mark.parametrize(("name", "kwargs"), FEEDS, ids=[name for name, _kwargs in FEEDS])
@pytest.mark.parametrize("language", ["en", "es"])
def test_every_feed_is_valid_atom_whatever_host_it_is_read_on(client, name, kwargs, language):
    url = feed_url(name, kwargs, language)
    ids = {}
    for host in ("testserver", "localhost"):
        response = client.get(url, HTTP_HOST=host)
        assert atom_problems(response.content, hosts=[host]) == []
        feed = ElementTree.fromstring(response.content)
        assert feed.find(f"{ATOM}author/{ATOM}name").text == "Rulesage"
        ids[host] = [element.text for element in feed.iter(f"{ATOM}id")]
    assert len(ids["testserver"]) > 1
    assert ids["testserver"] == ids["localhost"]


def test_the_check_names_what_rfc_4287_refuses():
    feed = b"""<?xml version="1.0" encoding="utf-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><id>http://testserver/feed/</id>
    <updated>2026-10-14</updated>
    <entry><title>E</title><id>rulings/3</id><updated>2026-10-14T08:02:00+00:00</updated></entry>
    <entry><title>F</title><id>rulings/3</id><updated>2026-10-14T08:02:00+00:00</updated>
    <updated>2026-10-15T08:02:00+00:00</updated><link href="http://testserver/a"/></entry></feed>"""
    assert atom_problems(feed, hosts=["testserver"]) == [
        "atom:feed: id 'http://testserver/feed/' names the host 'testserver'",
        "atom:feed: '2026-10-14' is not an RFC 3339 date-time",
        "entry 1: id 'rulings/3' is not an absolute IRI",
        "entry 1 has no atom:author, nor has the feed",
        "entry 1 has neither atom:content nor an alternate atom:link",
        "entry 2: id 'rulings/3' is not an absolute IRI",
        "entry 2 has 2 atom:updated, not exactly one",
        "entry 2 has no atom:author, nor has the feed",
        "two entries share an id",
    ]


def test_an_imported_ruling_is_news_of_the_day_it_was_answered(client):
    ruling = import_export(question="Answered on the first of October?")
    assert ruling.answered_at == datetime.datetime(2026, 10, 1, 10, 0, tzinfo=datetime.UTC)
    (entry,) = [
        entry
        for entry in read_entries(client, feed_url("rulings_feed", {}, "en"))
        if entry["link"].endswith(ruling.get_absolute_url())
    ]
    assert entry["published"] == entry["updated"] == ruling.answered_at


def test_no_sitemap_says_a_page_changed_after_now(client):
    # An export stamped by a clock running ahead, and a correction dated by hand.
    ahead = import_export(question="Answered in the future?", recorded="Dec 31, 2099 10:00 UTC")
    record_correction(ahead, corrected_on=datetime.date(2099, 12, 31))
    files = sitemap_files(client)
    checked_after = timezone.now()
    lastmods = [read.lastmod for read in files] + [
        entry["lastmod"] for read in files for entry in read.entries.values()
    ]
    dated = [moment(value) for value in lastmods if value]
    assert len(dated) > 20
    # Moments with their offset: a bare day is later than now wherever it has not begun.
    assert all(value.tzinfo is not None for value in dated)
    assert max(dated) <= checked_after
