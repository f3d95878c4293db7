"""A correction brings its ruling back to the top of the rulings feed, at once."""

import datetime
from xml.etree import ElementTree

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from rulings.models import Ruling
from tests.rulings.factories import record_correction
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"


def feed_entries(client):
    feed = ElementTree.fromstring(client.get(reverse("rulings_feed")).content)
    return [
        {
            "id": entry.find(f"{ATOM}id").text,
            "title": entry.find(f"{ATOM}title").text,
            "updated": datetime.datetime.fromisoformat(entry.find(f"{ATOM}updated").text),
        }
        for entry in feed.iter(f"{ATOM}entry")
    ]


def published(question, hours_ago):
    """A ruling answered `hours_ago`: news for readers from then."""
    ruling = import_export(question=question)
    ruling.answered_at = timezone.now() - datetime.timedelta(hours=hours_ago)
    ruling.save()
    return ruling


def test_a_correction_made_later_the_same_day_moves_its_ruling_to_the_top(client, home):
    older = published("Can I pass?", hours_ago=3)
    newer = published("Can I trade?", hours_ago=1)
    before = feed_entries(client)
    assert [e["title"] for e in before] == ["Can I trade?", "Can I pass?"]

    # Dated today, as an editor dates it; recorded now, after "Can I trade?" was published.
    record_correction(older, what_it_says_now="You may pass once per round.")
    correction = older.corrections.get()
    assert correction.corrected_on == timezone.localdate()

    after = feed_entries(client)
    assert [e["title"] for e in after] == ["Corrected: Can I pass?", "Can I trade?"]
    # Its entry is updated the moment the correction was recorded, not at midnight…
    assert abs(after[0]["updated"] - correction.recorded_at) < datetime.timedelta(seconds=1)
    assert after[0]["updated"] > newer.dated_at
    # …and keeps its id, so feed readers see the same entry come back.
    ids = {e["title"].removeprefix("Corrected: "): e["id"] for e in before}
    assert after[0]["id"] == ids["Can I pass?"] and after[1]["id"] == ids["Can I trade?"]

    # A second correction brings it back again; a newer ruling goes above until then.
    latest = published("Can I build?", hours_ago=0)
    assert [e["title"] for e in feed_entries(client)][0] == "Can I build?"
    record_correction(Ruling.objects.get(pk=newer.pk), what_it_says_now="Trade twice.")
    titles = [e["title"] for e in feed_entries(client)]
    assert titles == ["Corrected: Can I trade?", "Can I build?", "Corrected: Can I pass?"]
    assert latest.pk


def test_the_feed_reads_the_rulings_last_change_without_an_aggregate(client, home):
    for n in range(3):
        record_correction(published(f"Question {n}?", hours_ago=n + 1))
    client.get(reverse("rulings_feed"))
    with CaptureQueriesContext(connection) as queries:
        entries = feed_entries(client)
    assert len(entries) == 3
    sql = " ".join(query["sql"].upper() for query in queries.captured_queries)
    assert "MAX(" not in sql and "GROUP BY" not in sql
    assert '"CHANGED_FOR_READERS_AT" DESC' in sql
