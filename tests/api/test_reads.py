"""What a developer reads at /api/v1/: every list and item, in each language, filtered by
what a reader knows, a page at a time; each endpoint in a fixed number of queries."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from api import pagination
from catalogue.models import Document, Edition
from guides.models import GuidePage
from rulings.models import Citation, Ruling
from tests.api.conftest import every_item
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db

LISTS = ["games", "editions", "documents", "errata", "rulings", "guides"]


def first_key(client, endpoint):
    item = client.get(f"/api/v1/{endpoint}/").json()["results"][0]
    return item.get("id") or item.get("slug") or item.get("code")


def test_the_root_names_every_list_its_schema_and_documentation(client, demo):
    root = client.get("/api/v1/").json()
    assert root["language"] == "en"
    for name in LISTS:
        assert root[name] == f"http://testserver/api/v1/{name}/"
        assert client.get(root[name]).status_code == 200
    assert client.get(root["schema"]).status_code == 200
    assert client.get(root["documentation"]).status_code == 200


def test_spanish_is_asked_in_the_query_and_said_in_the_answer(client, demo):
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")
    english = client.get(f"/api/v1/guides/{guide.pk}/")
    spanish = client.get(f"/api/v1/guides/{guide.pk}/", {"language": "es"})
    assert english["Content-Language"] == "en" and spanish["Content-Language"] == "es"
    assert english.json()["title"] == "How to play Point City"
    assert spanish.json()["title"] == "Cómo jugar a Ciudad de Puntos"
    assert spanish.json()["url"] == "http://testserver/es/juegos/ciudad-de-puntos/como-jugar/"
    listed = client.get("/api/v1/rulings/", {"language": "es"}).json()
    assert listed["language"] == "es"
    assert all("/es/resoluciones/" in ruling["url"] for ruling in listed["results"])
    # The browser's languages change nothing: one address, one answer.
    asked = client.get(f"/api/v1/guides/{guide.pk}/", headers={"accept-language": "es"})
    assert asked.json()["title"] == "How to play Point City"
    assert "Accept-Language" not in asked.get("Vary", "")


@pytest.mark.parametrize(
    "query", [{"language": "fr"}, {"language": ""}, {"edition": ["a", "b"]}, {"game": "\x00"}]
)
def test_a_value_the_api_cannot_use_is_refused_with_a_message(client, demo, query):
    response = client.get("/api/v1/rulings/", query)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert all(isinstance(message, str) for message in response.json().values())


def test_what_is_not_there_is_not_found_as_json(client, demo):
    for address in (
        "/api/v1/rulings/999999/",
        "/api/v1/games/no-such-game/",
        "/api/v1/rulings/?cursor=x",
    ):
        response = client.get(address)
        assert response.status_code == 404
        assert response.json()["detail"]


def test_rulings_are_filtered_by_edition_and_game(client, demo):
    edition = Edition.objects.get(code="bg-368017-en-1e")
    by_edition, _pages = every_item(client, "/api/v1/rulings/", edition=edition.code)
    expected = set(Ruling.objects.public().filter(edition=edition).values_list("pk", flat=True))
    assert {ruling["id"] for ruling in by_edition} == expected and expected
    by_game, _pages = every_item(client, "/api/v1/rulings/", game=edition.game.slug)
    assert {ruling["id"] for ruling in by_game} == expected
    assert every_item(client, "/api/v1/rulings/", edition="bg-1-xx-1e")[0] == []


def test_a_ruling_gives_its_citations_review_and_site_address(client, demo):
    ruling = Ruling.objects.public().filter(citations__isnull=False).first()
    item = client.get(f"/api/v1/rulings/{ruling.pk}/").json()
    assert item["url"] == f"http://testserver{ruling.get_absolute_url()}"
    assert [c["n"] for c in item["citations"]] == sorted(
        ruling.citations.values_list("n", flat=True)
    )
    assert item["review"]["status"] == ruling.status
    assert {"provenance", "retrieval", "timings", "import_key", "source_file"}.isdisjoint(item)


def test_a_citation_links_its_passage_on_the_passages_own_document(client, demo):
    ruling = Ruling.objects.public().filter(citations__passage__isnull=False).first()
    citation = ruling.citations.filter(passage__isnull=False).first()
    other = Document.objects.exclude(pk=citation.passage.document_id).first()
    Citation.objects.filter(pk=citation.pk).update(document=other)  # as no save would
    item = client.get(f"/api/v1/rulings/{ruling.pk}/").json()
    cited = next(c for c in item["citations"] if c["n"] == citation.n)
    assert cited["url"] == f"http://testserver{citation.passage.get_absolute_url()}"
    assert cited["document"]["url"] == f"http://testserver{other.get_absolute_url()}"


def test_a_guide_gives_its_sections_sources_and_setup_per_player_count(client, demo):
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")
    item = client.get(f"/api/v1/guides/{guide.pk}/").json()
    assert item["version"] == guide.version_number
    assert item["sources"] and item["checked_on"] == guide.checked_on.isoformat()
    assert all(section["text"] and "<" not in section["text"] for section in item["sections"])
    assert [count["players"] for count in item["setup"]] == [1, 2, 3, 4]


def test_lists_come_a_page_at_a_time_without_counting(client, demo, monkeypatch):
    for n in range(3):
        import_export(question=f"Is paging question {n} answered?")
    monkeypatch.setattr(pagination.KeysetPagination, "page_size", 2)
    with CaptureQueriesContext(connection) as queries:
        rulings, pages = every_item(client, "/api/v1/rulings/")
    assert pages == (len(rulings) + 1) // 2 and pages > 2
    assert [r["id"] for r in rulings] == sorted({r["id"] for r in rulings}, reverse=True)
    assert {r["id"] for r in rulings} == set(Ruling.objects.public().values_list("pk", flat=True))
    assert not any("COUNT(" in query["sql"].upper() for query in queries.captured_queries)


# Queries per answer: the same on the demo as with more records (below).
BUDGETS = {
    "games": (5, 3),
    "editions": (2, 2),
    "documents": (1, 1),
    "errata": (1, 1),
    "rulings": (3, 3),
    "guides": (6, 9),
}


@pytest.mark.parametrize("endpoint", LISTS)
@pytest.mark.parametrize("language", ["en", "es"])
def test_each_endpoint_reads_a_fixed_number_of_queries(
    client, demo, endpoint, language, django_assert_max_num_queries
):
    listed, alone = BUDGETS[endpoint]
    key = first_key(client, endpoint)
    with django_assert_max_num_queries(listed):
        assert client.get(f"/api/v1/{endpoint}/", {"language": language}).status_code == 200
    with django_assert_max_num_queries(alone):
        assert client.get(f"/api/v1/{endpoint}/{key}/", {"language": language}).status_code == 200


def test_more_rulings_cost_no_more_queries(client, demo):
    def counted():
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/api/v1/rulings/").status_code == 200
        return len(queries)

    counted()  # the site, once remembered, costs none
    before = counted()
    for n in range(4):
        import_export(question=f"Does question {n} cost a query?", citations=3)
    assert counted() == before
