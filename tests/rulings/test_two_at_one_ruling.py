"""A translator's save of a ruling after an editor saved a newer version is merged as a
page's is (core.concurrent_edits): what each changed is kept, and a field both changed is
named before anything is lost."""

import pytest
from bs4 import BeautifulSoup

from rulings.models import Ruling
from tests.rulings.test_editors_desk import edit_url, form_data

pytestmark = pytest.mark.django_db

SPANISH_ANSWER = "Sí.[1] Una vez por ronda.[2]"


@pytest.fixture
def loaded(client, translator, ruling):
    """The translator's edit form, loaded: the ruling as they saw it and their form's base."""
    ruling.question_es, ruling.answer_es = "¿Puedo pasar?", "Sí.[1][2]"
    ruling.save()
    ruling.save_revision()
    client.force_login(translator)
    html = client.get(edit_url(ruling)).content.decode()
    base = BeautifulSoup(html, "html.parser").select_one("input[name=merge_base]")["value"]
    assert base == str(Ruling.objects.get(pk=ruling.pk).latest_revision_id)
    return Ruling.objects.get(pk=ruling.pk), {"merge_base": base, "loaded_revision_id": base}


def editor_saves(ruling, editor, **changes):
    ruling = Ruling.objects.get(pk=ruling.pk)
    for field, value in changes.items():
        setattr(ruling, field, value)
    ruling.save()
    ruling.save_revision(user=editor)


def translator_saves(client, loaded, sitting, **changes):
    as_loaded = {"question_es": loaded.question_es, "answer_es": loaded.answer_es}
    return client.post(
        edit_url(loaded), {**form_data(loaded, **{**as_loaded, **changes}), **sitting}
    )


def test_different_fields_are_both_kept(client, editor, loaded):
    ruling, sitting = loaded
    editor_saves(ruling, editor, question_es="¿Se puede pasar el turno?")
    response = translator_saves(client, ruling, sitting, answer_es=SPANISH_ANSWER)
    assert response.status_code == 302, response.content.decode()[:2000]
    # A translator saves a draft, for an editor to publish.
    saved = Ruling.objects.get(pk=ruling.pk).get_latest_revision_as_object()
    assert (saved.question_es, saved.answer_es) == ("¿Se puede pasar el turno?", SPANISH_ANSWER)


def test_the_same_field_is_named_before_anything_is_lost(client, editor, loaded):
    ruling, sitting = loaded
    editor_saves(ruling, editor, answer_es="Sí, una vez.[1][2]")
    response = translator_saves(client, ruling, sitting, answer_es=SPANISH_ANSWER)
    assert response.status_code == 200
    text = " ".join(BeautifulSoup(response.content, "html.parser").get_text(" ").split())
    assert "eduardo saved a newer version" in text
    assert "Answer [es], which now reads “Sí, una vez.[1][2]”" in text
    assert (
        Ruling.objects.get(pk=ruling.pk).get_latest_revision_as_object().answer_es
        == "Sí, una vez.[1][2]"
    )
