"""The editors' search of rulings, reader questions and passages finds the words typed in
any language, in any of their forms, through the stored text-search vectors and their GIN
indexes, never by comparing every row's text (`LIKE '%…%'`)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from catalogue.models import Passage
from core import admin_search
from rulings.models import ReaderQuestion, Ruling

pytestmark = pytest.mark.django_db

BUDGET = 40


def searched(client, name, typed):
    """The rows listed on the first page for `typed`, and the SQL it ran."""
    with CaptureQueriesContext(connection) as captured:
        response = client.get(reverse(name), {"q": typed})
    assert response.status_code == 200
    assert len(captured) <= BUDGET
    sql = " ".join(query["sql"] for query in captured)
    return [row.pk for row in response.context["object_list"]], sql


def uses_the_vectors(sql):
    return "LIKE" not in sql and '"search_en" @@' in sql and '"search_es" @@' in sql


def test_rulings_are_found_by_their_words_in_either_language(small_catalogue, admin_client):
    english, spanish = Ruling.objects.order_by("pk")[:2]
    Ruling.objects.filter(pk=english.pk).update(
        question_en="Can the zorblax tokens move through walls?"
    )
    Ruling.objects.filter(pk=spanish.pk).update(answer_es="Sí: los quintaroles cuentan dos veces.")

    # Another form of each word finds it, as on the site search.
    found, sql = searched(admin_client, "wagtailsnippets_rulings_ruling:list", "zorblax token")
    assert found == [english.pk]
    assert uses_the_vectors(sql)
    found, _ = searched(admin_client, "wagtailsnippets_rulings_ruling:list", "quintarol")
    assert found == [spanish.pk]
    # Every word must be there.
    found, _ = searched(admin_client, "wagtailsnippets_rulings_ruling:list", "zorblax quintarol")
    assert found == []


def test_reader_questions_are_found_by_their_words_in_the_language_asked(
    small_catalogue, admin_client
):
    question = ReaderQuestion.objects.filter(language="es").first()
    ReaderQuestion.objects.filter(pk=question.pk).update(
        question="¿Puedo descartar los quintaroles al final del turno?"
    )

    found, sql = searched(admin_client, "reader_questions:index", "quintaroles descartados")
    assert found == [question.pk]
    assert uses_the_vectors(sql)


def test_passages_are_found_by_their_heading_and_text(small_catalogue, admin_client):
    passage = Passage.objects.filter(language="en").first()
    Passage.objects.filter(pk=passage.pk).update(
        heading_path="Setup > Zorblaxes", text="Place the glimmering tokens."
    )

    found, sql = searched(
        admin_client, "wagtailsnippets_catalogue_passage:list", "zorblax glimmer token"
    )
    assert found == [passage.pk]
    assert uses_the_vectors(sql)


def test_a_common_word_counts_its_matches_only_so_far(small_catalogue, admin_client, monkeypatch):
    """Counting every match of a common word would read them all: past the limit the
    listing says the limit, and its pages still list the matches in the listing's order."""
    monkeypatch.setattr(admin_search, "COUNTED_MATCHES", 25)
    url = reverse("wagtailsnippets_rulings_ruling:list")
    thirty = Ruling.objects.order_by("pk").values("pk")[:30]
    Ruling.objects.filter(pk__in=thirty).update(answer_en="Yes: the glimmerfang rule applies.")
    response = admin_client.get(url, {"q": "glimmerfang"})
    assert response.context["paginator"].count == 25
    assert "Only the first 25 matches are counted and listed" in response.content.decode()
    second = admin_client.get(url, {"q": "glimmerfang", "p": 2}).context["object_list"]
    assert len(second) == 5
    first = [row.pk for row in response.context["object_list"]]
    assert not set(first) & {row.pk for row in second}
