"""The editors' desk stays quick however large the catalogue grows: a listing's queries do not
grow with the editions, games or documents its filters name, nor a ruling's edit page with
its citations; and nothing offers a `<select>` of every edition, passage or document."""

import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.db.models import Count, Max
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from catalogue.models import Document, Edition, ErrataCard, Game, Passage
from rulings.models import Citation, ReaderQuestion, Ruling
from tests.rulings.factories import DocumentFactory, EditionFactory
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db

BUDGET = 40
LISTINGS = {
    "rulings": "wagtailsnippets_rulings_ruling:list",
    "review queue": "wagtailsnippets_rulings_ruling:review_queue",
    "reader questions": "reader_questions:index",
    "errata cards": "wagtailsnippets_catalogue_erratacard:list",
    "passages": "wagtailsnippets_catalogue_passage:list",
    "documents": "wagtailsnippets_catalogue_document:list",
    "editions": "wagtailsnippets_catalogue_edition:list",
    "translations": "guides_translations",
}


def queries(client, url):
    client.get(url)  # warm: the first request of a test fills per-process caches
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured), response


def more_editions(count):
    """`count` more games, each with an edition and a rulebook: what a filter listing every
    edition, game or document would grow with."""
    first = Game.objects.aggregate(last=Max("bgg_id"))["last"] + 1
    for bgg_id in range(first, first + count):
        DocumentFactory(edition=EditionFactory(game__bgg_id=bgg_id, game__slug=f"more-{bgg_id}"))


def largest_select(html):
    soup = BeautifulSoup(html, "html.parser")
    return max((len(select.find_all("option")) for select in soup.find_all("select")), default=0)


@pytest.mark.parametrize("name", LISTINGS)
@pytest.mark.parametrize("page", ["", "?p=last"])
def test_a_listing_costs_the_same_with_thirty_more_editions(
    small_catalogue, admin_client, name, page
):
    url = reverse(LISTINGS[name]) + page
    before, response = queries(admin_client, url)
    more_editions(30)
    after, response = queries(admin_client, url)

    assert after == before <= BUDGET
    # No filter lists the catalogue's editions, games or documents as options.
    assert largest_select(response.content) < 30


def test_the_edition_filters_still_filter(small_catalogue, admin_client):
    edition = Edition.objects.annotate(n=Count("rulings")).order_by("-n").first()
    response = admin_client.get(
        reverse(LISTINGS["rulings"]), {"edition": edition.pk, "status": "", "p": "last"}
    )
    rulings = response.context["object_list"]
    assert rulings and all(ruling.edition_id == edition.pk for ruling in rulings)
    # The active filter names the edition chosen, as the chooser does.
    assert str(edition) in response.content.decode()

    question = ReaderQuestion.objects.first()
    response = admin_client.get(
        reverse(LISTINGS["reader questions"]), {"edition": question.edition_id}
    )
    questions = response.context["object_list"]
    assert question in questions
    assert {q.edition_id for q in questions} == {question.edition_id}

    card = ErrataCard.objects.first()
    response = admin_client.get(reverse(LISTINGS["errata cards"]), {"edition": card.edition_id})
    assert {c.edition_id for c in response.context["object_list"]} == {card.edition_id}

    response = admin_client.get(reverse(LISTINGS["documents"]), {"edition": card.edition_id})
    assert {d.edition_id for d in response.context["object_list"]} == {card.edition_id}


def test_passages_and_editions_filter_by_their_document_and_game(small_catalogue, admin_client):
    document = Document.objects.filter(passages__isnull=False).last()
    response = admin_client.get(reverse(LISTINGS["passages"]), {"document": document.pk})
    passages = response.context["object_list"]
    assert passages and {p.document_id for p in passages} == {document.pk}
    assert response.context["paginator"].count == document.passages.count()

    game = document.edition.game
    response = admin_client.get(reverse(LISTINGS["editions"]), {"game": game.pk})
    assert set(response.context["object_list"]) == set(game.editions.all())


@pytest.mark.parametrize("model", ["edition", "game"])
def test_editions_and_games_are_found_by_typing_in_their_chooser(
    small_catalogue, admin_client, model
):
    url = reverse(f"wagtailsnippetchoosers_catalogue_{model}:choose_results")
    edition = Edition.objects.select_related("game").last()
    typed = edition.code if model == "edition" else edition.game.name.split()[-1]
    before, response = queries(admin_client, f"{url}?q={typed}")
    found = response.context["results"]
    assert edition.pk in {row.pk for row in found} if model == "edition" else edition.game in found
    assert len(found) < (Edition if model == "edition" else Game).objects.count()
    modal = admin_client.get(url.replace("results/", "")).json()["html"]
    assert 'name="q"' in modal  # the box to type in
    more_editions(30)
    after, _response = queries(admin_client, url)
    assert after == before <= BUDGET


def test_an_unknown_edition_in_the_filter_is_no_error(small_catalogue, admin_client):
    response = admin_client.get(reverse(LISTINGS["rulings"]), {"edition": "999999999"})
    assert response.status_code == 200


def edit_ruling(client, ruling):
    return queries(client, reverse("wagtailsnippets_rulings_ruling:edit", args=[ruling.pk]))


def test_editing_a_ruling_costs_the_same_with_5_or_40_citations(small_catalogue, admin_client):
    most_cited = Citation.objects.values("ruling").annotate(n=Count("pk")).order_by("-n").first()
    assert most_cited["n"] == 40
    ruling = Ruling.objects.get(pk=most_cited["ruling"])
    with_40, response = edit_ruling(admin_client, ruling)
    html = response.content.decode()
    # Each citation still names its passage and its document in its choosers.
    for citation in ruling.citations.select_related("passage__document", "document")[:40]:
        assert str(citation.passage) in html or citation.passage is None
        assert str(citation.document) in html or citation.document is None

    Citation.objects.filter(ruling=ruling, n__gt=5).delete()
    with_5, _ = edit_ruling(admin_client, ruling)

    assert with_40 == with_5 <= BUDGET


# The edit page of a ruling citing forty places, in bytes: each citation is a compact row.
EDIT_PAGE_BYTES = 300_000


def test_a_ruling_citing_forty_places_is_edited_on_a_compact_page(small_catalogue, admin_client):
    most_cited = Citation.objects.values("ruling").annotate(n=Count("pk")).order_by("-n").first()
    ruling = Ruling.objects.get(pk=most_cited["ruling"])
    _, response = edit_ruling(admin_client, ruling)
    assert len(response.content) <= EDIT_PAGE_BYTES

    # Each row is a group named for its citation whose every field has its label; the
    # choosers are buttons, each naming the chosen passage or document.
    soup = BeautifulSoup(response.content, "html.parser")
    rows = soup.select("#id_citations-FORMS > [data-inline-panel-child]")
    assert len(rows) == 40
    for row in rows:
        assert row.find("fieldset").find("legend")
        for field in row.select("input:not([type=hidden]), textarea"):
            assert row.find("label", attrs={"for": field["id"]}), field["id"]
        for name in ("passage", "document"):
            field = row.select_one(f"input[name$='-{name}']")
            assert row.find("label", attrs={"for": field["id"]})
            choose = row.select_one(f"#{field['id']}-chooser [data-chooser-action-choose]")
            assert choose.name == "button" and choose["aria-describedby"] == f"{field['id']}-title"
    # What the passage and document fields are for is said once, above the rows.
    assert response.content.decode().count("Only the ruling&#x27;s edition&#x27;s passages") == 1


def test_a_ruling_is_edited_with_choosers_not_lists_of_the_catalogue(small_catalogue, admin_client):
    ruling = Ruling.objects.filter(citations__passage__isnull=False).first()
    more_editions(30)
    _, response = edit_ruling(admin_client, ruling)
    soup = BeautifulSoup(response.content, "html.parser")
    for name in ("edition", "citations-0-passage", "citations-0-document"):
        assert soup.find("select", attrs={"name": name}) is None, name
        assert soup.find("input", attrs={"name": name}) is not None, name
    assert largest_select(response.content) < 30
    assert Passage.objects.count() > 30 and Edition.objects.count() > 30


@pytest.mark.parametrize("name", ["rulings", "review queue"])
def test_sorted_by_a_column_that_repeats_every_row_is_on_one_page(
    small_catalogue, admin_client, name
):
    """Sorted by status (hundreds of rulings share one), the pages read from either end
    still hold each ruling once."""
    url = reverse(LISTINGS[name])
    first = admin_client.get(url, {"ordering": "status"})
    paginator = first.context["paginator"]
    assert paginator.num_pages > 2
    shown = []
    for number in range(1, paginator.num_pages + 1):
        page = admin_client.get(url, {"ordering": "status", "p": number}).context["page_obj"]
        shown += [row.pk for row in page.object_list]
    assert len(shown) == len(set(shown)) == paginator.count


@pytest.mark.parametrize("name", ["passages", "rulings", "review queue"])
def test_pages_past_the_middle_list_the_same_rows_in_the_same_order(
    small_catalogue, admin_client, name
):
    """Read from the far end, a late page still holds the rows the listing's order puts there."""
    first = admin_client.get(reverse(LISTINGS[name]))
    paginator = first.context["paginator"]
    ordering = first.context["view"].get_ordering()
    in_order = list(paginator.object_list.order_by(*ordering).values_list("pk", flat=True))
    for number in (paginator.num_pages - 1, paginator.num_pages):
        page = admin_client.get(reverse(LISTINGS[name]), {"p": number}).context["page_obj"]
        shown = [row.pk for row in page.object_list]
        start = (number - 1) * paginator.per_page
        assert shown == in_order[start : start + paginator.per_page]
        assert shown


def listed_total(client, name, query=None):
    response = client.get(reverse(LISTINGS[name]), query or {})
    assert response.status_code == 200
    return response.context["paginator"].count


def test_a_long_listings_total_is_remembered_until_a_row_is_added_or_removed(
    small_catalogue, admin_client
):
    """The rulings' and passages' totals are not counted again on each view, yet each
    addition and deletion (of a ruling through the importer too) shows on the next one."""
    document = Document.objects.first()
    by_document = {"document": document.pk}
    totals = {
        "rulings": lambda: listed_total(admin_client, "rulings"),
        "passages": lambda: listed_total(admin_client, "passages"),
        "a document's passages": lambda: listed_total(admin_client, "passages", by_document),
    }
    counted = {
        "rulings": Ruling.objects.count,
        "passages": Passage.objects.count,
        "a document's passages": document.passages.count,
    }
    before = {name: read() for name, read in totals.items()}
    with CaptureQueriesContext(connection) as warm:
        assert {name: read() for name, read in totals.items()} == before
    assert not [q for q in warm.captured_queries if "COUNT(" in q["sql"].upper()]

    passage = Passage.objects.create(document=document, page=99, heading_path="ADDED")
    ruling = import_export(question="Illustrative: counted?")
    added = {name: read() for name, read in totals.items()}
    assert added == {name: count() for name, count in counted.items()}
    assert added["rulings"] == before["rulings"] + 1
    assert added["a document's passages"] == before["a document's passages"] + 1

    passage.delete()
    Ruling.objects.get(pk=ruling.pk).delete()
    assert {name: read() for name, read in totals.items()} == {
        name: count() for name, count in counted.items()
    }
