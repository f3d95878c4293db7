"""The bulk files: every public ruling of a language in one gzipped JSON Lines file, rebuilt
by a task the operator's daily command queues, linked from the API's root."""

import gzip
import json

import pytest
from django.core.management import call_command

from api.bulk import CHUNK, build_bulk_files, ruling_lines
from rulings.models import Ruling

pytestmark = pytest.mark.django_db


def downloaded(client, url):
    response = client.get(url)
    assert response.status_code == 200 and response.streaming
    assert response["Content-Type"] == "application/gzip"
    body = gzip.decompress(b"".join(response.streaming_content))
    return [json.loads(line) for line in body.decode().splitlines()]


def test_the_daily_files_hold_every_public_ruling_of_each_language(client, demo):
    withdrawn = Ruling.objects.public().first()
    withdrawn.status = Ruling.Status.WITHDRAWN
    withdrawn.save()
    assert client.get("/api/v1/").json()["bulk"] == []
    assert client.get("/api/v1/bulk/rulings-en.jsonl.gz").status_code == 404

    call_command("build_api_bulk_files")  # queued; tests run tasks at once
    files = {entry["language"]: entry for entry in client.get("/api/v1/").json()["bulk"]}
    assert set(files) == {"en", "es"} and all(entry["size"] > 0 for entry in files.values())
    public = set(Ruling.objects.public().values_list("pk", flat=True))
    english = downloaded(client, files["en"]["url"])
    spanish = downloaded(client, files["es"]["url"])
    assert {ruling["id"] for ruling in english} == public == {r["id"] for r in spanish}
    assert withdrawn.pk not in public
    # Each line is the API's own answer for the ruling, its address on the site's host.
    one = english[0]
    assert one == client.get(f"/api/v1/rulings/{one['id']}/").json()
    assert spanish[0]["url"].startswith("http://testserver/es/resoluciones/")


def test_a_rebuild_replaces_the_file(client, demo):
    build_bulk_files.call()
    first = client.get("/api/v1/").json()["bulk"][0]
    build_bulk_files.call()
    again = client.get("/api/v1/").json()["bulk"]
    assert len(again) == 2 and again[0]["built_at"] >= first["built_at"]


def test_rulings_are_read_a_chunk_at_a_time(demo, django_assert_max_num_queries):
    """A cursor over the rulings, each chunk's citations and corrections in a query each:
    the queries grow with the chunks, the memory with none of it."""
    with django_assert_max_num_queries(2 + 3 * (Ruling.objects.public().count() // CHUNK + 1)):
        assert sum(1 for _line in ruling_lines("en")) == Ruling.objects.public().count()
