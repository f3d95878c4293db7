"""The API's answers are cached as the reader pages are, under the same tags and made stale
by the same changes; they carry validators a client can ask with (304), CORS headers for
any origin, and a limit per client address (429 with Retry-After)."""

import uuid

import pytest
from django.core.cache import caches

from core.cache_tags import bump_everything
from core.page_cache import STATUS_HEADER
from rulings.models import Ruling, RulingCorrection

pytestmark = pytest.mark.django_db


@pytest.fixture
def page_cache(settings):
    settings.RULESAGE_PAGE_CACHE = True
    bump_everything()  # pages of earlier tests were rendered from another database
    yield caches["pages"]
    bump_everything()


def test_an_unchanged_answer_is_not_sent_again(client, demo):
    first = client.get("/api/v1/rulings/")
    assert first["ETag"] and first["Last-Modified"]
    again = client.get("/api/v1/rulings/", headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304 and again.content == b""
    other = client.get("/api/v1/rulings/?language=es", headers={"if-none-match": first["ETag"]})
    assert other.status_code == 200


def test_a_ruling_is_cached_under_its_pages_tags_until_it_changes(client, demo, page_cache):
    ruling = Ruling.objects.public().select_related("edition").first()
    address = f"/api/v1/rulings/{ruling.pk}/"
    first = client.get(address)
    assert first[STATUS_HEADER] == "miss"
    tags = set(first["Surrogate-Key"].split())
    assert {f"ruling-{ruling.pk}", f"game-{ruling.edition.game_id}", "site"} <= tags
    hit = client.get(address)
    assert hit[STATUS_HEADER] == "hit" and hit.content == first.content
    # A client holding the answer is told it is current by the cached copy too, which
    # keeps the moment it was made as its Last-Modified.
    assert client.get(address, headers={"if-none-match": hit["ETag"]}).status_code == 304
    assert hit["Last-Modified"] == first["Last-Modified"]
    since = client.get(address, headers={"if-modified-since": hit["Last-Modified"]})
    assert since.status_code == 304
    RulingCorrection.objects.create(
        ruling=ruling, what_was_wrong="A wrong count.", what_it_says_now="The right count."
    )
    after = client.get(address)
    assert after[STATUS_HEADER] == "miss"
    assert after.json()["corrections"][-1]["what_it_says_now"] == "The right count."
    assert client.get(address, headers={"if-none-match": first["ETag"]}).status_code == 200


def test_a_list_is_made_stale_by_a_change_to_what_it_lists(client, demo, page_cache):
    assert client.get("/api/v1/rulings/")[STATUS_HEADER] == "miss"
    assert client.get("/api/v1/rulings/")[STATUS_HEADER] == "hit"
    withdrawn = Ruling.objects.public().first()
    withdrawn.status = Ruling.Status.WITHDRAWN
    withdrawn.save()
    after = client.get("/api/v1/rulings/")
    assert after[STATUS_HEADER] == "miss"
    assert withdrawn.pk not in {ruling["id"] for ruling in after.json()["results"]}


def test_every_origin_may_read_the_api_and_only_the_api(client, demo):
    origin = {"origin": "https://boardgame-app.example"}
    api = client.get("/api/v1/games/", headers=origin)
    assert api["Access-Control-Allow-Origin"] == "*"
    preflight = client.options(
        "/api/v1/games/", headers={**origin, "access-control-request-method": "GET"}
    )
    assert "GET" in preflight["Access-Control-Allow-Methods"]
    assert "POST" not in preflight["Access-Control-Allow-Methods"]
    assert "Access-Control-Allow-Origin" not in client.get("/en/rulings/", headers=origin)


def test_reads_are_limited_per_client_address(client, demo, settings):
    """Counted on the address the site's one rule gives (behind one proxy here), so a
    client cannot start again by writing another X-Forwarded-For of its own."""
    settings.RULESAGE_API_RATE_LIMIT = "2/minute"
    settings.RULESAGE_TRUSTED_PROXIES = 1
    run = uuid.uuid4().int % 200 + 1  # counts outlive a test: addresses of this run alone
    mine, theirs = f"10.{run}.0.1", f"10.{run}.0.2"

    def read(address, forged=""):
        forwarded = ", ".join(a for a in (forged, address) if a)
        return client.get("/api/v1/games/", headers={"x-forwarded-for": forwarded})

    assert [read(mine).status_code for _ in range(2)] == [200, 200]
    refused = read(mine, forged="192.0.2.7")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert refused.json()["detail"]
    assert read(theirs).status_code == 200


def test_answers_from_the_page_cache_count_toward_the_limit(client, demo, settings, page_cache):
    """A stored copy is a read like any other: a client cannot go past the limit by asking
    for what is already cached. The refusal is in the language asked for."""
    settings.RULESAGE_API_RATE_LIMIT = "3/minute"
    settings.RULESAGE_TRUSTED_PROXIES = 1
    address = f"10.{uuid.uuid4().int % 200 + 1}.1.9"

    def read(url="/api/v1/games/"):
        return client.get(url, headers={"x-forwarded-for": address})

    assert read()[STATUS_HEADER] == "miss"
    assert [read()[STATUS_HEADER] for _ in range(2)] == ["hit", "hit"]
    refused = read("/api/v1/games/?language=es")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert refused["Content-Type"] == "application/json"
    assert "Solicitud fue regulada" in refused.json()["detail"]
