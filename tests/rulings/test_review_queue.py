"""The review queue lists what no editor has decided, oldest first; an editor narrows it
and marks several reviewed with a note (a bulk action), which each ruling's history keeps.
The rulings listing and the reader questions filter as editors need."""

import datetime

import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from wagtail.models import ModelLogEntry

from catalogue.models import Game
from rulings.models import ReaderQuestion, Ruling
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db

QUEUE = "/admin/snippets/rulings/ruling/review/"
LISTING = "/admin/snippets/rulings/ruling/"
MARK = "/admin/bulk/rulings/ruling/mark_reviewed/"


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
        "mid": ruling("Middle?", 5, status=Ruling.Status.NEEDS_REVIEW),
        "new": ruling("Newest?", 1, code="bg-900002-en-1e"),
        "done": ruling("Verified?", 20, status=Ruling.Status.VERIFIED),
        "gone": ruling("Withdrawn?", 30, status=Ruling.Status.WITHDRAWN),
    }


def listed(client, url=QUEUE, **params):
    response = client.get(url, params)
    assert response.status_code == 200
    soup = BeautifulSoup(response.content, "html.parser")
    return [
        " ".join(link.get_text().split()).split(": ", 1)[-1]
        for link in soup.select("table.listing tbody td.title .title-wrapper > a")
    ]


def test_only_what_needs_review_oldest_first(admin_client, home, queue):
    assert listed(admin_client) == ["Oldest?", "Middle?", "Newest?"]
    expected = Ruling.objects.filter(status__in=["imported", "written", "needs_review"])
    assert set(Ruling.objects.needing_review()) == set(expected)


def test_the_queue_narrows_by_status_edition_game_and_flag(admin_client, home, queue):
    newest = queue["new"]
    assert listed(admin_client, edition=newest.edition_id) == ["Newest?"]
    assert listed(admin_client, flag="cut_off") == ["Oldest?"]
    assert listed(admin_client, status="needs_review") == ["Middle?"]
    assert listed(admin_client, game=newest.edition.game_id) == ["Newest?"]


def test_the_queue_offers_no_decided_status_and_no_list_of_every_game(admin_client, home, queue):
    soup = BeautifulSoup(admin_client.get(QUEUE).content, "html.parser")
    statuses = {option["value"] for option in soup.select("select[name=status] option")}
    assert statuses == {"", "imported", "written", "needs_review"}
    # Game and edition are chosen in a searchable chooser, never a <select> of all.
    assert not soup.select("select[name=game], select[name=edition]")
    assert soup.select_one("input[name=game]") and soup.select_one("input[name=edition]")


def test_the_bulk_action_is_offered_on_the_queue(admin_client, home, queue):
    body = admin_client.get(QUEUE).content.decode()
    assert MARK in body and "Mark reviewed" in body


def test_several_marked_reviewed_with_a_note(admin_client, home, queue, admin_user):
    chosen = [queue["old"].pk, queue["mid"].pk]
    url = f"{MARK}?id={chosen[0]}&id={chosen[1]}&next={QUEUE}"
    confirm = admin_client.get(url).content.decode()
    assert "Oldest?" in confirm and "Middle?" in confirm and 'name="note"' in confirm
    response = admin_client.post(url, {"note": "Checked against p.8."})
    assert response.status_code == 302 and response["Location"] == QUEUE
    assert listed(admin_client) == ["Newest?"]
    for pk in chosen:
        done = Ruling.objects.get(pk=pk)
        assert done.status == Ruling.Status.VERIFIED and done.reviewed_at is not None
        assert done.reviewed_by == admin_user.get_username()
        entry = ModelLogEntry.objects.filter(object_id=str(pk), action="rulings.reviewed").get()
        assert entry.data["note"] == "Checked against p.8." and entry.user == admin_user
    for pk in chosen:  # each history shows the note, not only the last one written
        history = admin_client.get(f"{LISTING}history/{pk}/").content.decode()
        assert "Marked reviewed: Checked against p.8." in history


def test_a_mark_without_a_note_is_refused_and_changes_nothing(admin_client, home, queue):
    response = admin_client.post(f"{MARK}?id={queue['old'].pk}", {"note": ""})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert Ruling.objects.get(pk=queue["old"].pk).status == Ruling.Status.IMPORTED


def test_a_decided_ruling_is_left_as_it_is(admin_client, home, queue):
    done, old = queue["done"], queue["old"]
    url = f"{MARK}?id={done.pk}&id={old.pk}"
    confirm = admin_client.get(url).content.decode()
    assert "Already decided" in confirm
    admin_client.post(url, {"note": "Again."})
    entries = ModelLogEntry.objects.filter(action="rulings.reviewed")
    assert [entry.object_id for entry in entries] == [str(old.pk)]
    assert Ruling.objects.get(pk=done.pk).reviewed_at is None


def test_all_in_the_filtered_listing_is_what_it_listed(admin_client, home, queue):
    newest = queue["new"]
    confirm = admin_client.get(MARK, {"id": "all", "edition": newest.edition_id})
    assert [item["item"] for item in confirm.context["items"]] == [newest]
    confirm = admin_client.get(MARK, {"id": "all"})
    assert [item["item"].question for item in confirm.context["items"]] == [
        "Oldest?",
        "Middle?",
        "Newest?",
    ]
    confirm = admin_client.get(MARK, {"id": "all", "status": "verified"})
    assert not confirm.context["items"]


def test_the_queue_and_the_mark_cost_bounded_queries(admin_client, home, queue):
    def cost(url, method="get", **data):
        with CaptureQueriesContext(connection) as queries:
            getattr(admin_client, method)(url, data)
        return len(queries)

    cost(QUEUE)  # the site, once remembered, costs none
    few = cost(QUEUE)
    for n in range(6):
        ruling(f"More {n}?", 3, code=f"bg-90001{n}-en-1e")
    cost(QUEUE)  # what the imports made stale (the site among it) is read again, once
    assert cost(QUEUE) == few <= 40

    two = [r.pk for r in Ruling.objects.needing_review()[:2]]
    four = [r.pk for r in Ruling.objects.needing_review()[2:6]]
    ids = lambda pks: "&".join(f"id={pk}" for pk in pks)  # noqa: E731
    marking_two = cost(f"{MARK}?{ids(two)}", "post", note="Checked.")
    marking_four = cost(f"{MARK}?{ids(four)}", "post", note="Checked.")
    per_ruling = (marking_four - marking_two) / 2
    # Per ruling: its row, its pages' cache tags, Wagtail's reference index, its log entry.
    assert per_ruling <= 14
    assert marking_two - 2 * per_ruling <= 20


def test_reader_questions_filter_by_state_and_how_long_they_have_waited(admin_client, home, queue):
    edition = queue["old"].edition
    old = ReaderQuestion.objects.create(edition=edition, question="Illustrative: old?")
    ReaderQuestion.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - datetime.timedelta(days=10)
    )
    ReaderQuestion.objects.create(edition=edition, question="Illustrative: new?")
    ReaderQuestion.objects.create(
        edition=edition,
        question="Illustrative: declined?",
        status=ReaderQuestion.Status.DECLINED,
        decline_reason="Not a rules question.",
    )
    body = admin_client.get("/admin/reader-questions/", {"waiting": "7"}).content.decode()
    assert "Illustrative: old?" in body and "Illustrative: new?" not in body
    body = admin_client.get("/admin/reader-questions/", {"status": "new"}).content.decode()
    assert "Illustrative: new?" in body and "Illustrative: declined?" not in body


def test_the_rulings_listing_filters_by_status_flag_game_and_edition(admin_client, home, queue):
    assert "Verified?" in listed(admin_client, LISTING, status="verified")
    assert listed(admin_client, LISTING, status="verified") == ["Verified?"]
    flagged = listed(admin_client, LISTING, flag="cut_off")
    assert flagged == ["Oldest?"]
    newest = queue["new"]
    assert listed(admin_client, LISTING, game=newest.edition.game_id) == ["Newest?"]
    assert listed(admin_client, LISTING, edition=newest.edition_id) == ["Newest?"]
    assert Game.objects.count() == 2


def test_the_review_queue_is_in_the_menu(admin_client, home):
    body = admin_client.get("/admin/").content.decode()
    assert QUEUE in body
