"""The "Mark reviewed" action names the rulings that cite a passage errata superseded and
asks first: they are verified only when the editor ticks that they checked them against the
errata, and the outcome message says which were left as they were."""

import pytest
from bs4 import BeautifulSoup
from django.contrib.messages import get_messages

from rulings.models import Ruling
from tests.rulings.factories import errata_card
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db

QUEUE = "/admin/snippets/rulings/ruling/review/"
MARK = "/admin/bulk/rulings/ruling/mark_reviewed/"


@pytest.fixture
def ticked(home):
    plain = import_export(question="Illustrative: how many cards?", doc_id=1035)
    superseded = import_export(question="Illustrative: what ends the turn?", doc_id=1036)
    errata_card(superseded.citations.get(n=1).passage)
    superseded.refresh_from_db()
    assert superseded.has_flag("superseded_passage") and not plain.has_flag("superseded_passage")
    url = f"{MARK}?id={plain.pk}&id={superseded.pk}&next={QUEUE}"
    return plain, superseded, url


def status(ruling):
    return Ruling.objects.get(pk=ruling.pk).status


def messages(response):
    return [str(message).strip() for message in get_messages(response.wsgi_request)]


def test_the_confirmation_names_them_apart_and_asks(admin_client, ticked):
    plain, superseded, url = ticked
    page = BeautifulSoup(admin_client.get(url).content, "html.parser")
    verified = page.select_one(".mark-reviewed__items").get_text()
    warned = page.select_one(".mark-reviewed__superseded").get_text()
    assert "how many cards?" in verified and "what ends the turn?" not in verified
    assert "what ends the turn?" in warned and "how many cards?" not in warned
    assert "errata card supersedes" in page.get_text()
    assert page.select_one("input[type=checkbox][name=verify_superseded]")


def test_left_as_they_were_unless_confirmed(admin_client, ticked):
    plain, superseded, url = ticked
    before = status(superseded)
    response = admin_client.post(url, {"note": "Checked against p.8."}, follow=True)
    assert status(plain) == Ruling.Status.VERIFIED
    assert status(superseded) == before != Ruling.Status.VERIFIED
    (said,) = messages(response)
    assert said.startswith("1 ruling marked reviewed. Left as it was")
    assert "what ends the turn?" in said
    # Still in the queue, waiting for a decision.
    assert "what ends the turn?" in admin_client.get(QUEUE).content.decode()


def test_verified_with_the_others_once_confirmed(admin_client, ticked):
    plain, superseded, url = ticked
    data = {"note": "Checked against the errata card.", "verify_superseded": "on"}
    response = admin_client.post(url, data, follow=True)
    assert status(plain) == status(superseded) == Ruling.Status.VERIFIED
    assert messages(response) == ["2 rulings marked reviewed."]


def test_only_superseded_rulings_ticked_and_not_confirmed_verifies_none(admin_client, ticked):
    _plain, superseded, _url = ticked
    response = admin_client.post(f"{MARK}?id={superseded.pk}", {"note": "Checked."}, follow=True)
    assert status(superseded) != Ruling.Status.VERIFIED
    assert messages(response)[0].startswith("0 rulings marked reviewed. Left as it was")
    page = BeautifulSoup(admin_client.get(f"{MARK}?id={superseded.pk}").content, "html.parser")
    assert not page.select(".mark-reviewed__items")  # nothing would be verified unasked
