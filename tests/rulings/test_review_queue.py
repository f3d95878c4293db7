"""The review queue lists what no editor has decided, oldest first; an editor narrows it
and marks several reviewed with a note, which each ruling's history keeps."""

import datetime

import pytest
from bs4 import BeautifulSoup
from django.utils import timezone
from wagtail.models import ModelLogEntry

from rulings.models import ReaderQuestion, Ruling
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db

URL = "/admin/review-queue/"


def ruling(question, days_ago, status=None, code="bg-900001-en-1e", flags=()):
    found = import_export(question=question, code=code)
    Ruling.objects.filter(pk=found.pk).update(
        created_at=timezone.now() - datetime.timedelta(days=days_ago),
        status=status or Ruling.Status.IMPORTED,
        flags=[{"code": flag, "message": flag} for flag in flags],
        flag_count=len(flags),
    )
    return Ruling.objects.get(pk=found.pk)


@pytest.fixture
def queue(db):
    return {
        "old": ruling("Oldest?", 9, flags=["cut_off"]),
        "mid": ruling("Middle?", 5),
        "new": ruling("Newest?", 1, code="bg-900002-en-1e"),
        "done": ruling("Verified?", 20, status=Ruling.Status.VERIFIED),
        "gone": ruling("Withdrawn?", 30, status=Ruling.Status.WITHDRAWN),
    }


def listed(client, **params):
    response = client.get(URL, params)
    assert response.status_code == 200
    soup = BeautifulSoup(response.content, "html.parser")
    return [a.get_text() for a in soup.select("table.review-queue tbody td a")]


def test_only_what_needs_review_oldest_first(admin_client, home, queue):
    assert listed(admin_client) == ["Oldest?", "Middle?", "Newest?"]


def test_the_queue_narrows_by_edition_game_and_flag(admin_client, home, queue):
    assert listed(admin_client, edition="bg-900002-en-1e") == ["Newest?"]
    assert listed(admin_client, flag="cut_off") == ["Oldest?"]
    assert listed(admin_client, game="test game") == ["Oldest?", "Middle?", "Newest?"]


def test_several_marked_reviewed_with_a_note(admin_client, home, queue, admin_user):
    chosen = [queue["old"].pk, queue["mid"].pk]
    response = admin_client.post(URL, {"rulings": chosen, "note": "Checked against p.8."})
    assert response.status_code == 302
    assert listed(admin_client) == ["Newest?"]
    for pk in chosen:
        done = Ruling.objects.get(pk=pk)
        assert done.status == Ruling.Status.VERIFIED and done.reviewed_at is not None
        entry = ModelLogEntry.objects.filter(object_id=str(pk), action="rulings.reviewed").get()
        assert entry.data["note"] == "Checked against p.8." and entry.user == admin_user


def test_a_mark_without_a_note_is_refused_and_changes_nothing(admin_client, home, queue):
    response = admin_client.post(URL, {"rulings": [queue["old"].pk], "note": ""})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert Ruling.objects.get(pk=queue["old"].pk).status == Ruling.Status.IMPORTED


def test_a_decided_ruling_cannot_be_marked_again(admin_client, home, queue):
    response = admin_client.post(URL, {"rulings": [queue["done"].pk], "note": "Again."})
    assert response.status_code == 200
    assert not ModelLogEntry.objects.filter(action="rulings.reviewed").exists()


def test_reader_questions_filter_by_how_long_they_have_waited(admin_client, home, queue):
    edition = queue["old"].edition
    old = ReaderQuestion.objects.create(edition=edition, question="Illustrative: old?")
    ReaderQuestion.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - datetime.timedelta(days=10)
    )
    ReaderQuestion.objects.create(edition=edition, question="Illustrative: new?")
    body = admin_client.get("/admin/reader-questions/", {"waiting": "7"}).content.decode()
    assert "Illustrative: old?" in body and "Illustrative: new?" not in body


def test_the_rulings_listing_filters_by_flag_and_game(admin_client, home, queue):
    listing = "/admin/snippets/rulings/ruling/"
    flagged = admin_client.get(listing, {"flag": "cut_off"}).content.decode()
    assert "Oldest?" in flagged and "Middle?" not in flagged
    game = queue["new"].edition.game_id
    by_game = admin_client.get(listing, {"game": game}).content.decode()
    assert "Newest?" in by_game and "Oldest?" not in by_game
