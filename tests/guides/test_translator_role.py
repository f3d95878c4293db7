"""Translators edit Spanish only, enforced on the server, and submit to Editors for approval."""

import json

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse
from wagtail.models import Page
from wagtail.test.utils.form_data import inline_formset, nested_form_data, rich_text, streamfield

from guides.models import GuidePage
from tests.forms import browser_post_data
from tests.guides.factories import publish_version, url_in
from tests.guides.fixtures import fixtures_from_guide_site

pytestmark = pytest.mark.django_db


# The guide's site is built once for the module (tests.guides.fixtures.GuideSite).
home, policy, game_page, rulebook, guide = fixtures_from_guide_site()


def edit_url(page):
    return reverse("wagtailadmin_pages:edit", args=(page.pk,))


def guide_form(page, action=None, corrections=(), **changes):
    """The edit form as the admin would post it, with `changes` typed over the page's values."""
    data = {
        "title_en": page.title_en,
        "title_es": page.title_es or "",
        "slug_en": page.slug_en,
        "slug_es": page.slug_es or "",
        "kind": page.kind,
        "intro_en": page.intro_en,
        "intro_es": page.intro_es or "",
        "body_en": streamfield([("paragraph", rich_text("<p>Shuffle.</p>"))]),
        "body_es": streamfield([("paragraph", rich_text("<p>Baraja cada nivel.</p>"))]),
        "checked_on": page.checked_on.isoformat(),
        "rules_scope_en": page.rules_scope_en,
        "rules_scope_es": page.rules_scope_es or "",
        "change_kind": "minor",
        "change_summary_en": "",
        "change_summary_es": "",
        "affects_translations": "on",
        "sources": inline_formset(
            [
                {
                    "id": s.pk,
                    "document": s.document_id,
                    "first_page": s.first_page or "",
                    "last_page": s.last_page or "",
                    "section_en": s.section_en or "",
                    "section_es": s.section_es or "",
                }
                for s in page.sources.all()
            ],
            initial=page.sources.count(),
        ),
        "corrections": inline_formset(list(corrections)),
    }
    data.update(changes)
    if action:
        data[action] = "1"
    return nested_form_data(data)


def latest(page):
    return GuidePage.objects.get(pk=page.pk).get_latest_revision_as_object()


def test_translators_cannot_publish_and_editors_approve(roles):
    translators, editors = roles["Translators"], roles["Editors"]
    root = Page.get_first_root_node()
    assert translators.page_permissions.filter(page=root).count() == 1
    assert not translators.page_permissions.filter(permission__codename="publish_page").exists()
    assert editors.page_permissions.filter(permission__codename="publish_page").exists()
    task = root.get_workflow().tasks.get().specific
    assert list(task.groups.all()) == [editors]


def test_a_translators_english_changes_are_ignored_and_spanish_saved(
    client, translator, spanish_guide
):
    client.force_login(translator)
    edit = client.get(edit_url(spanish_guide)).content.decode()
    assert "English fields and settings are kept as they are" in edit
    response = client.post(
        edit_url(spanish_guide),
        guide_form(
            spanish_guide,
            title_en="Hijacked title",
            intro_en="Hijacked intro.",
            checked_on="2020-01-01",
            kind="topic",
            title_es="Cómo se juega",
        ),
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    draft = latest(spanish_guide)
    assert draft.title_es == "Cómo se juega"
    assert "Baraja cada nivel." in draft.body_es[0].value.source
    assert (draft.title_en, draft.intro_en) == ("How to play", "A short guide.")
    assert draft.checked_on.isoformat() == "2026-10-06"
    assert draft.kind == "how_to_play"
    assert draft.body_en[0].block_type == "heading"  # the English body is untouched


def test_a_translator_cannot_add_a_correction(client, translator, spanish_guide):
    client.force_login(translator)
    correction = {
        "corrected_on": "2026-10-20",
        "what_was_wrong_en": "",
        "what_was_wrong_es": "Decía otra cosa.",
        "what_it_says_now_en": "",
        "what_it_says_now_es": "Ahora dice esto.",
        "corrected_by": "",
    }
    response = client.post(
        edit_url(spanish_guide), guide_form(spanish_guide, corrections=[correction])
    )
    assert response.status_code == 200
    assert "but not add new ones" in response.content.decode()
    assert not latest(spanish_guide).corrections.exists()


def test_a_translator_submits_and_an_editor_publishes_the_spanish(
    client, translator, editor, spanish_guide
):
    client.force_login(translator)
    client.post(
        edit_url(spanish_guide),
        guide_form(spanish_guide, "action-publish", title_es="Publicado sin permiso"),
    )
    assert GuidePage.objects.get(pk=spanish_guide.pk).title_es == "Cómo jugar"

    response = client.post(
        edit_url(spanish_guide),
        guide_form(spanish_guide, "action-submit", title_es="Cómo se juega", title_en="Nope"),
    )
    assert response.status_code == 302
    page = GuidePage.objects.get(pk=spanish_guide.pk)
    workflow_state = page.current_workflow_state
    assert workflow_state is not None and workflow_state.status == "in_progress"
    assert page.title_es == "Cómo jugar"  # not live until approved

    task_state = workflow_state.current_task_state
    task_state.task.specific.on_action(task_state, editor, "approve")
    page = GuidePage.objects.get(pk=spanish_guide.pk)
    assert (page.title_en, page.title_es) == ("How to play", "Cómo se juega")
    assert "Cómo se juega" in client.get(url_in(page, "es")).content.decode()


# The Spanish body of `spanish_guide`, posted as it stands.
SPANISH_BODY = streamfield(
    [("heading", "Preparación"), ("paragraph", rich_text("<p>Baraja cada nivel.</p>"))]
)
NOT_CHANGED = "The text in this language has not changed since the version it follows."


@pytest.mark.parametrize(
    ("changes", "accepted"),
    [
        ({}, False),
        ({"change_summary_es": "Nada que cambiar: el desempate ya figuraba."}, True),
        ({"intro_es": "Una guía breve, con el desempate."}, True),
    ],
    ids=["untouched", "with a note", "edited"],
)
def test_marking_spanish_up_to_date_needs_a_spanish_edit_or_a_note(
    client, translator, spanish_guide, changes, accepted
):
    guide = publish_version(spanish_guide, "Added how ties are broken.", intro_en="Ties too.")
    client.force_login(translator)
    form = guide_form(
        guide, "action-submit", body_es=SPANISH_BODY, translation_current_es="on", **changes
    )
    response = client.post(edit_url(guide), form)
    text = " ".join(BeautifulSoup(response.content, "html.parser").get_text().split())
    assert (NOT_CHANGED not in text) is accepted
    assert (response.status_code == 302) is accepted
    assert (GuidePage.objects.get(pk=guide.pk).current_workflow_state is not None) is accepted


def test_editors_change_english_as_before(client, editor, spanish_guide):
    client.force_login(editor)
    response = client.post(
        edit_url(spanish_guide),
        guide_form(spanish_guide, "action-publish", title_en="How to play!"),
    )
    assert response.status_code == 302
    assert GuidePage.objects.get(pk=spanish_guide.pk).title_en == "How to play!"


def test_the_editor_who_states_the_checked_date_is_named_to_readers(
    client, editor, translator, spanish_guide
):
    editor.first_name, editor.last_name = "Eduardo", "Ruiz"
    editor.save()
    client.force_login(editor)
    form = guide_form(spanish_guide, "action-publish", checked_on="2026-12-02")
    assert client.post(edit_url(spanish_guide), form).status_code == 302
    # A translator's Spanish, approved by another editor, is not a new check.
    client.force_login(translator)
    guide = GuidePage.objects.get(pk=spanish_guide.pk)
    form = guide_form(guide, "action-submit", title_es="Cómo se juega", checked_on="2026-12-05")
    assert client.post(edit_url(guide), form).status_code == 302
    task_state = guide.current_workflow_state.current_task_state
    task_state.task.specific.on_action(task_state, editor, "approve")
    client.logout()
    html = BeautifulSoup(client.get(url_in(guide, "en")).content, "html.parser")
    checked = " ".join(html.select_one(".guide-status .checked").get_text().split())
    assert checked.startswith("Checked 2 December 2026 by Eduardo Ruiz against")
    data = json.loads(html.select_one('script[type="application/ld+json"]').string)
    assert (data["lastReviewed"], data["reviewedBy"]) == (
        "2026-12-02",
        {"@type": "Person", "name": "Eduardo Ruiz"},
    )


def test_a_translators_save_posts_only_what_a_browser_posts(client, translator, spanish_guide):
    client.force_login(translator)
    html = client.get(edit_url(spanish_guide)).content.decode()
    data = browser_post_data(html, "page-edit-form")
    # English fields, settings and the editors' rows are shown as text: nothing is sent.
    for absent in ("title_en", "intro_en", "kind", "checked_on", "sources-0-document"):
        assert absent not in data
    assert {"sources-TOTAL_FORMS", "sources-0-id", "corrections-TOTAL_FORMS"} <= set(data)
    data["title_es"] = ["Cómo se juega"]
    # The Spanish StreamField's inputs are built by its script; send what it would.
    data.update(
        {
            key: [value]
            for key, value in nested_form_data(
                {"body_es": streamfield([("paragraph", rich_text("<p>Baraja.</p>"))])}
            ).items()
        }
    )
    response = client.post(edit_url(spanish_guide), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    draft = latest(spanish_guide)
    assert draft.title_es == "Cómo se juega"
    assert (draft.title_en, draft.checked_on.isoformat()) == ("How to play", "2026-10-06")
    assert [s.document_id for s in draft.sources.all()] == [
        s.document_id for s in spanish_guide.sources.all()
    ]


def test_translators_cannot_delete_pages_drafts_included(client, translator, game_page):
    from tests.guides.factories import GuidePageFactory

    draft = GuidePageFactory(parent=game_page, slug="a-draft", live=False)
    assert not draft.permissions_for_user(translator).can_delete()
    client.force_login(translator)
    url = reverse("wagtailadmin_pages:delete", args=(draft.pk,))
    client.post(url)
    assert GuidePage.objects.filter(pk=draft.pk).exists()
    edit = client.get(edit_url(draft)).content.decode()
    assert url not in edit


def test_only_who_may_mark_a_translation_up_to_date_is_offered_the_box(
    client, django_user_model, translator, spanish_guide
):
    from django.contrib.auth.models import Group, Permission
    from wagtail.models import GroupPagePermission

    writers = Group.objects.create(name="Writers")
    writers.permissions.add(Permission.objects.get(codename="access_admin"))
    GroupPagePermission.objects.create(
        group=writers,
        page=Page.get_first_root_node(),
        permission=Permission.objects.get(codename="change_page"),
    )
    writer = django_user_model.objects.create_user("writer", password="pw")
    writer.groups.add(writers)
    for user, offered in ((translator, True), (writer, False)):
        client.force_login(user)
        form = BeautifulSoup(client.get(edit_url(spanish_guide)).content, "html.parser")
        assert bool(form.select("input[name=translation_current_es]")) is offered


def test_only_rulesage_roles_remain(roles):
    from django.contrib.auth.models import Group

    assert set(Group.objects.values_list("name", flat=True)) == {"Editors", "Translators"}


@pytest.fixture
def every_page_type(home, policy, spanish_guide):
    """One live page of each type: home, editorial policy, games index, game, guide."""
    game_page = spanish_guide.get_parent()
    return {
        "home": home,
        "policy": policy,
        "games index": game_page.get_parent().specific,
        "game": game_page.specific,
        "guide": spanish_guide,
    }


def browser_data(html, **spanish):
    """What the edit form's browser sends: its plain inputs, plus the inputs each editable
    StreamField's script builds (sent here as an empty stream), with `spanish` typed over."""
    data = browser_post_data(html, "page-edit-form")
    for root in BeautifulSoup(html, "html.parser").select("[data-controller~=w-block]"):
        stream = nested_form_data({root["id"]: streamfield([])})
        data.update({key: [value] for key, value in stream.items()})
    data.update({key: [value] for key, value in spanish.items()})
    return data


@pytest.mark.parametrize("page_type", ["home", "policy", "games index", "game", "guide"])
def test_translators_save_and_autosave_every_page_type(
    client, translator, every_page_type, page_type
):
    client.force_login(translator)
    page = every_page_type[page_type]
    url = edit_url(page)
    html = client.get(url).content.decode()
    data = browser_data(html, title_es=f"{page.title} (es)")
    # Autosave: the editor's script posts the same form and expects JSON.
    autosave = client.post(url, data, HTTP_ACCEPT="application/json")
    assert autosave.status_code == 200, (type(page).__name__, autosave.content[:500])
    assert autosave.json()["success"] is True
    html = client.get(url).content.decode()
    response = client.post(url, browser_data(html, title_es=f"{page.title} (es)"))
    assert response.status_code == 302, (type(page).__name__, response.content[:2000])
    draft = type(page).objects.get(pk=page.pk).get_latest_revision_as_object()
    assert draft.title_es == f"{page.title} (es)"
    assert draft.title_en == page.title_en
