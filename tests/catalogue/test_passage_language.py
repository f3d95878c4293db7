"""A passage is written in its edition's language, and the database knows it: whoever
writes it (an editor, the importer), it is searched with that language's configuration
only, and it follows its edition when an editor changes the edition's language or moves its
document to another edition."""

import pytest
from bs4 import BeautifulSoup
from django.contrib.postgres.search import SearchQuery
from django.db import IntegrityError, transaction
from django.utils import translation

from catalogue.models import Document, Edition, Game, Passage
from tests.rulings.exports import run_import, write_export

pytestmark = pytest.mark.django_db


def found(passage, language, word):
    """Whether `language`'s search vector of `passage` holds `word`."""
    config = {"en": "english", "es": "spanish"}[language]
    rows = Passage.objects.filter(pk=passage.pk)
    return rows.filter(**{f"search_{language}": SearchQuery(word, config=config)}).exists()


@pytest.fixture
def spanish():
    game = Game.objects.create(name="Juego de prueba", slug="juego-de-prueba")
    return Edition.objects.create(game=game, code="bg-900002-es-1e", language="es", label="1.ª")


def fog(edition, title="Reglamento"):
    document = Document.objects.create(edition=edition, title=title)
    return Passage.objects.create(
        document=document,
        page=4,
        heading_path="Niebla",
        text="La niebla cubre las cartas del tablero.",
        text_origin=Passage.TextOrigin.RULEBOOK,
    )


def test_an_editors_passage_takes_its_editions_language_and_only_its_search(spanish):
    passage = fog(spanish)
    passage.refresh_from_db()
    assert passage.language == "es"
    assert found(passage, "es", "cartas")
    assert not found(passage, "en", "cartas"), "no English vector for a Spanish passage"


def test_passages_follow_their_edition_when_its_language_changes(spanish):
    passage = fog(spanish)
    spanish.language = "en"
    spanish.save()
    passage.refresh_from_db()
    assert passage.language == "en"
    assert found(passage, "en", "cartas") and not found(passage, "es", "cartas")


def test_passages_follow_their_document_to_another_edition(spanish):
    passage = fog(spanish)
    english = Edition.objects.create(
        game=spanish.game, code="bg-900002-en-1e", language="en", label="1st"
    )
    document = passage.document
    document.edition = english
    document.save()
    passage.refresh_from_db()
    assert passage.language == "en"


def test_the_database_refuses_a_passage_language_that_is_not_a_code(spanish):
    passage = fog(spanish)
    with pytest.raises(IntegrityError), transaction.atomic():
        Passage.objects.filter(pk=passage.pk).update(language="Spanish")


def test_a_spanish_exports_passages_are_spanish_and_searched_in_spanish(tmp_path):
    export = write_export(
        tmp_path,
        "es.txt",
        code="bg-900001-es-1e",
        game="Juego de prueba",
        question="¿Puedo pasar el turno sin robar cartas?",
        answer="Sí, puedes pasar.[1] Las cartas se quedan en el mazo.[2]",
        heading="TURNO",
        snippet="Al final del turno, roba dos cartas del mazo.",
    )
    _out, err, ok = run_import(export)
    assert ok, err
    passages = Passage.objects.filter(document__edition__code="bg-900001-es-1e")
    assert passages.count() == 2
    assert set(passages.values_list("language", flat=True)) == {"es"}
    assert all(found(passage, "es", "robando") for passage in passages)
    assert not any(found(passage, "en", "mazo") for passage in passages)


def test_the_search_finds_a_spanish_passage_on_the_spanish_page_only(client, spanish):
    from tests.conftest import make_home

    make_home()
    fog(spanish, title="Reglamento de prueba")
    english = client.get("/en/search/", {"q": "niebla"})
    assert "Reglamento de prueba" not in english.content.decode()
    page = BeautifulSoup(client.get("/es/buscar/", {"q": "niebla"}).content, "html.parser")
    hits = page.select("section#passages .search-results li, [aria-labelledby=results-passages] li")
    assert any("Reglamento de prueba" in hit.get_text() for hit in hits)


def test_a_spanish_exports_document_title_is_stored_in_spanish(tmp_path):
    export = write_export(tmp_path, "es.txt", code="bg-900001-es-1e", game="Juego de prueba")
    _out, err, ok = run_import(export)
    assert ok, err
    document = Document.objects.get(edition__code="bg-900001-es-1e")
    assert document.title_es == "Juego de prueba — Rulebook" and not document.title_en
    # Read on an English page, it is the title as published.
    with translation.override("en"):
        assert document.title == "Juego de prueba — Rulebook"


def test_an_editors_title_typed_in_the_first_box_is_stored_in_its_editions_language(spanish):
    document = Document(edition=spanish, kind="rulebook", title_en="Reglamento")
    document.save()
    document.refresh_from_db()
    assert (document.title_en, document.title_es) == (None, "Reglamento")
    # A title of its own in Spanish keeps the English box's as the English readers' title.
    document.title_en = "Rulebook"
    document.save()
    document.refresh_from_db()
    assert (document.title_en, document.title_es) == ("Rulebook", "Reglamento")


def test_the_document_form_names_each_title_box_by_its_readers(admin_client, spanish):
    from django.urls import reverse

    document = fog(spanish).document
    response = admin_client.get(
        reverse("wagtailsnippets_catalogue_document:edit", args=[document.pk])
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "Title for English readers" in page and "Title for Spanish readers" in page
    assert "The title as published goes in its edition&#x27;s language." in page
