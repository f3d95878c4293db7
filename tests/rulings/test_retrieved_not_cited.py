"""Editors see what a ruling's search retrieved but its answer does not cite, ready to cite."""

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse

from catalogue.models import Passage
from rulings.models import Ruling
from rulings.panels import next_citation_number, retrieved_not_cited
from tests.rulings.fixtures import import_export
from tests.rulings.test_editors_desk import edit_url, form_data
from tests.seeds import POINT_CITY_RULING, import_seed

pytestmark = pytest.mark.django_db


def panel(admin_client, ruling):
    response = admin_client.get(edit_url(ruling))
    assert response.status_code == 200
    return BeautifulSoup(response.content, "html.parser").select_one(".retrieved-not-cited")


def test_point_city_edit_page_offers_p9_and_p11_as_citation_7(admin_client):
    ruling = import_seed(POINT_CITY_RULING)
    rows = panel(admin_client, ruling).select("li")
    assert [row.strong.get_text() for row in rows] == [
        "p.9 · GAME END · SCORING",
        "p.11 · AI opponent turn · Scoring · AI opponent scoring",
    ]
    p9 = rows[0]
    assert "The game ends when the Market is no longer able to be refilled" in p9.get_text()
    button = p9.select_one("button[data-insert-citation]")
    assert button.get_text() == "Insert as citation [7]"
    passage = Passage.objects.get(
        document__edition=ruling.edition, page=9, heading_path="GAME END · SCORING"
    )
    assert button["data-passage-id"] == str(passage.pk)
    assert button["data-document-id"] == str(passage.document_id)
    assert (button["data-page"], button["data-heading-path"]) == ("9", "GAME END · SCORING")
    assert button["data-passage-edit-url"] == reverse(
        "wagtailsnippets_catalogue_passage:edit", args=[passage.pk]
    )


def test_edit_page_loads_the_insert_script(admin_client, ruling):
    html = admin_client.get(edit_url(ruling)).content.decode()
    assert "rulings/admin/insert-citation.js" in html


def test_a_fully_cited_retrieval_says_so(admin_client, ruling):
    assert retrieved_not_cited(ruling) == []
    assert "Every place the passage search returned is cited" in panel(admin_client, ruling).text


def test_malformed_retrieval_rows_are_skipped_not_errors(admin_client, ruling):
    good = dict(ruling.retrieval[0], page=40, headingPath="LATER")
    Passage.objects.create(
        document=ruling.citations.get(n=1).document, page=40, heading_path="LATER"
    )
    Ruling.objects.filter(pk=ruling.pk).update(
        retrieval=[
            "not a row",
            {"page": "abc", "headingPath": 7, "sharpsignalDocId": {"x": 1}, "score": "high"},
            {"page": -3, "snippet": None},
            {"page": 12, "headingPath": "NOT IN CORPUS", "sharpsignalDocId": 424242},
            good,
        ]
    )
    ruling = Ruling.objects.get(pk=ruling.pk)
    rows = retrieved_not_cited(ruling)
    # The two rows with no usable page, heading or document name one (unknown) place.
    assert [(row.page, row.insertable) for row in rows] == [(None, False), (12, False), (40, True)]
    html = panel(admin_client, ruling)
    assert len(html.select("button[data-insert-citation]")) == 1
    assert "Not in the corpus" in html.get_text()


def test_uncited_retrieval_costs_three_queries_however_long(ruling, django_assert_num_queries):
    document = ruling.citations.get(n=1).document
    rows = []
    for page in range(100, 160):
        Passage.objects.create(document=document, page=page, heading_path="H")
        rows.append({"page": page, "headingPath": "H", "sharpsignalDocId": 5001})
    Ruling.objects.filter(pk=ruling.pk).update(retrieval=rows)
    ruling = Ruling.objects.select_related("edition").get(pk=ruling.pk)
    with django_assert_num_queries(3):
        assert len(retrieved_not_cited(ruling)) == 60


def test_next_number_is_one_past_the_highest():
    ruling = import_export(citations=3, answer="A.[1] B.[3] C.[2]")
    ruling.citations.filter(n=2).delete()
    assert next_citation_number(ruling) == 4


def test_inserted_citation_without_correction_is_refused_and_nothing_lost(admin_client):
    """What the browser posts after "Insert": a new citation row and the editor's text."""
    ruling = import_seed(POINT_CITY_RULING)
    passage = Passage.objects.get(document__edition=ruling.edition, page=9)
    data = form_data(ruling, answer_en=ruling.answer + "\n\nIt ends when the pile is empty.[7]")
    prefix = f"citations-{ruling.citations.count()}"
    data.update(
        {
            f"{prefix}-n": "7",
            f"{prefix}-passage": str(passage.pk),
            f"{prefix}-document": str(passage.document_id),
            f"{prefix}-page": "9",
            f"{prefix}-heading_path": passage.heading_path,
            f"{prefix}-quote": "",
            f"{prefix}-ORDER": "7",
            "citations-TOTAL_FORMS": str(ruling.citations.count() + 1),
        }
    )
    response = admin_client.post(edit_url(ruling), data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "add a correction" in html
    assert "It ends when the pile is empty.[7]" in html
    assert not ruling.citations.filter(n=7).exists()
