"""Two people at one page: a translator who loaded the edit form before an editor published
saves afterwards. What each changed is kept; a field both changed is named, with the text
saving would replace, before anything is lost."""

import pytest
from bs4 import BeautifulSoup
from django.contrib.messages import get_messages

from guides.models import GuidePage
from tests.guides.factories import publish, url_in
from tests.guides.test_translator_role import SPANISH_BODY, edit_url, guide_form, latest

pytestmark = pytest.mark.django_db

SPANISH_INTRO = "Una guía breve, ahora con el desempate."


@pytest.fixture
def loaded(client, translator, spanish_guide):
    """The translator's edit form, loaded: the page, and what the form would post as it
    stands (with the revision it was loaded from)."""
    client.force_login(translator)
    html = client.get(edit_url(spanish_guide)).content.decode()
    base = BeautifulSoup(html, "html.parser").select_one("input[name=merge_base]")["value"]
    assert base == str(spanish_guide.latest_revision_id)
    as_loaded = guide_form(spanish_guide, body_es=SPANISH_BODY)
    return spanish_guide, {**as_loaded, "merge_base": base, "loaded_revision_id": base}


def editor_publishes(page, editor, **changes):
    for field, value in changes.items():
        setattr(page, field, value)
    page.save_revision(user=editor).publish(user=editor)
    return GuidePage.objects.get(pk=page.pk)


def translator_saves(client, page, sitting, action="action-submit", **changes):
    """The translator's form posted with `changes` typed over what it was loaded with."""
    data = {**sitting, **changes}
    if action:
        data[action] = "1"
    return client.post(edit_url(page), data)


def page_text(response):
    return " ".join(BeautifulSoup(response.content, "html.parser").get_text(" ").split())


def test_different_fields_are_both_kept(client, editor, loaded):
    page, sitting = loaded
    newer = editor_publishes(
        GuidePage.objects.get(pk=page.pk),
        editor,
        intro_en="A short guide, now with ties.",
        rules_scope_es="Multijugador normal, revisado por el editor.",
    )
    response = translator_saves(client, page, sitting, intro_es=SPANISH_INTRO)
    assert response.status_code == 302, page_text(response)[:2000]
    saved = latest(page)
    assert saved.intro_es == SPANISH_INTRO  # the translator's change
    assert saved.intro_en == "A short guide, now with ties."  # the editor's English
    # A Spanish field the translator left as they loaded it takes the editor's newer text.
    assert saved.rules_scope_es == "Multijugador normal, revisado por el editor."
    assert saved.get_latest_revision().pk != newer.live_revision_id
    said = [str(m).strip() for m in get_messages(response.wsgi_request)]
    assert any("made meanwhile: both are kept" in line and "eduardo" in line for line in said)


def test_the_same_field_is_named_before_anything_is_lost(client, editor, loaded):
    page, sitting = loaded
    newer = editor_publishes(
        GuidePage.objects.get(pk=page.pk), editor, intro_es="Texto del editor."
    )
    revisions = newer.revisions.count()
    response = translator_saves(client, page, sitting, intro_es=SPANISH_INTRO)
    assert response.status_code == 200
    said = page_text(response)
    assert "eduardo saved a newer version" in said
    assert "Summary [es], which now reads “Texto del editor.”" in said
    assert "Nothing was saved." in said
    assert newer.revisions.count() == revisions
    assert latest(page).intro_es == "Texto del editor."

    # The form kept what the translator typed and carries what they were shown.
    form = BeautifulSoup(response.content, "html.parser")
    assert form.select_one("textarea[name=intro_es]").get_text().strip() == SPANISH_INTRO
    carried = {
        name: form.select_one(f"input[name={name}]")["value"]
        for name in ("merge_base", "newer_seen")
    }
    assert carried == {
        "merge_base": sitting["merge_base"],
        "newer_seen": str(newer.latest_revision_id),
    }

    # An autosave never replaces it: only a save the translator presses, having been told.
    data = {**sitting, **carried, "intro_es": SPANISH_INTRO}
    autosave = client.post(edit_url(page), data, headers={"Accept": "application/json"})
    assert autosave.status_code == 400
    assert latest(page).intro_es == "Texto del editor."

    # Saving again, having been told, replaces the editor's text with theirs.
    response = translator_saves(client, page, {**sitting, **carried}, intro_es=SPANISH_INTRO)
    assert response.status_code == 302
    assert latest(page).intro_es == SPANISH_INTRO


def test_a_translators_autosave_after_an_editors_publish_is_merged_not_refused(
    client, editor, loaded
):
    page, sitting = loaded
    editor_publishes(GuidePage.objects.get(pk=page.pk), editor, intro_en="Now with ties.")
    data = {**sitting, "intro_es": SPANISH_INTRO}
    response = client.post(edit_url(page), data, headers={"Accept": "application/json"})
    assert response.status_code == 200, response.content[:500]
    assert response.json()["success"] is True
    saved = latest(page)
    assert (saved.intro_es, saved.intro_en) == (SPANISH_INTRO, "Now with ties.")


def test_the_translators_own_autosave_is_no_conflict(client, editor, translator, loaded):
    page, sitting = loaded
    # Typed and autosaved, then the editor published on top of it (their form older).
    publish_as_translator = GuidePage.objects.get(pk=page.pk)
    publish_as_translator.intro_es = "Primera versión de la traductora."
    mine = publish_as_translator.save_revision(user=translator)
    newer = editor_publishes(
        GuidePage.objects.get(pk=page.pk),
        editor,
        intro_en="Now with ties.",
        intro_es="Primera versión de la traductora.",
    )
    response = translator_saves(
        client,
        page,
        {**sitting, "overwrite_revision_id": str(mine.pk)},
        action=None,  # Save draft, which would overwrite their autosave were it the latest
        intro_es=SPANISH_INTRO,
    )
    assert response.status_code == 302, page_text(response)[:2000]
    saved = latest(page)
    assert (saved.intro_es, saved.intro_en) == (SPANISH_INTRO, "Now with ties.")
    assert saved.get_latest_revision().pk not in (mine.pk, newer.latest_revision_id)


def test_an_editors_save_is_wagtails_as_before(client, editor, spanish_guide):
    client.force_login(editor)
    html = client.get(edit_url(spanish_guide)).content.decode()
    assert 'name="merge_base"' not in html
    publish(GuidePage.objects.get(pk=spanish_guide.pk), intro_es="Otro texto.")
    response = client.post(
        edit_url(spanish_guide),
        guide_form(spanish_guide, "action-publish", body_es=SPANISH_BODY, intro_en="Mine."),
    )
    assert response.status_code == 302
    live = GuidePage.objects.get(pk=spanish_guide.pk)
    assert (live.intro_en, live.intro_es) == ("Mine.", spanish_guide.intro_es)


def test_the_translators_change_log_line_is_theirs_on_the_spanish_page_only(
    client, editor, translator, loaded
):
    page, sitting = loaded
    editor_publishes(GuidePage.objects.get(pk=page.pk), editor, intro_en="Now with ties.")
    note = "Resumen traducido de nuevo."
    response = translator_saves(
        client, page, sitting, intro_es=SPANISH_INTRO, change_summary_es=note
    )
    assert response.status_code == 302, page_text(response)[:2000]

    # The editor publishes it as submitted; approving in the page editor saves a
    # revision of the editor's own first.
    latest(page).save_revision(user=editor).publish(user=editor)
    live = GuidePage.objects.get(pk=page.pk)
    assert (live.intro_es, live.intro_en) == (SPANISH_INTRO, "Now with ties.")

    spanish = client.get(url_in(live, "es"))
    line = " ".join(
        BeautifulSoup(spanish.content, "html.parser")
        .select_one("#changes li")
        .get_text(" ")
        .split()
    )
    assert note in line and "por tania" in line
    english = page_text(client.get(url_in(live, "en")))
    assert note not in english


def test_the_editors_rows_and_their_spanish_are_kept(client, editor, loaded):
    page, sitting = loaded
    newer = GuidePage.objects.get(pk=page.pk)
    (source,) = rows = list(newer.sources.all())
    source.section_es = "Capítulo 2, revisado por el editor"
    newer.sources = rows
    newer = editor_publishes(newer, editor, intro_en="Now with ties.")
    response = translator_saves(client, page, sitting, intro_es=SPANISH_INTRO)
    assert response.status_code == 302, page_text(response)[:2000]
    saved = latest(page)
    assert saved.intro_es == SPANISH_INTRO
    assert saved.sources.get().section_es == "Capítulo 2, revisado por el editor"


def test_a_row_both_changed_is_named(client, editor, loaded):
    page, sitting = loaded
    newer = GuidePage.objects.get(pk=page.pk)
    (source,) = rows = list(newer.sources.all())
    source.section_es = "Capítulo 2, revisado por el editor"
    newer.sources = rows
    editor_publishes(newer, editor)
    response = translator_saves(
        client, page, sitting, **{"sources-0-section_es": "Capítulo 2 de la traductora"}
    )
    assert response.status_code == 200
    said = page_text(response)
    assert "Source 1: Section [es], which now reads “Capítulo 2, revisado por el editor”" in said
