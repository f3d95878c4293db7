"""Saving or publishing a page costs the same however many pages share its parent."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.models.signals import post_init
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from wagtail.models import Page
from wagtail.test.utils.form_data import inline_formset, nested_form_data, rich_text
from wagtail.users.models import UserProfile

from tests.guides.factories import GamePageFactory, GuidePageFactory
from tests.guides.test_translator_role import guide_form
from tests.rulings.factories import GameFactory

pytestmark = pytest.mark.django_db


def edit_url(page):
    return reverse("wagtailadmin_pages:edit", args=(page.pk,))


def game_form(page, **changes):
    data = {
        "title_en": page.title_en,
        "title_es": page.title_es or "",
        "slug_en": page.slug_en,
        "slug_es": page.slug_es or "",
        "game": page.game_id,
        "overview_en": rich_text("<p>An overview.</p>"),
        "overview_es": rich_text(""),
    }
    data.update(changes)
    return nested_form_data(data)


def game_pages_beside(game_page, count, start=0):
    index = game_page.get_parent()
    for n in range(start, start + count):
        GamePageFactory(parent=index, game=GameFactory(name=f"Game {n}", slug=f"game-{n}"))


def guides_beside(guide, count, start=0):
    parent = guide.get_parent()
    for n in range(start, start + count):
        GuidePageFactory(parent=parent, title=f"Guide {n}", slug=f"guide-{n}", live=False)


def measured(client, url, data):
    """(queries, pages built) of the editor posting `data` to `url`; the post is taken."""
    built = []

    def count(sender, instance, **kwargs):
        if isinstance(instance, Page):
            built.append(instance)

    post_init.connect(count)
    try:
        with CaptureQueriesContext(connection) as captured:
            response = client.post(url, data)
    finally:
        post_init.disconnect(count)
    assert response.status_code == 302, response.context and response.context["form"].errors
    return len(captured), len(built)


# What each costs: the session and user, Wagtail's edit view, its revision, search index,
# reference index and audit log entry (in tests each transaction block is a savepoint); for a
# guide, its translation status stored again on each save of the page or of its version.
BUDGETS = {
    ("game page", "draft"): 56,
    ("game page", "publish"): 109,
    ("guide", "draft"): 74,
    ("guide", "publish"): 201,
}


@pytest.mark.parametrize("action", ["draft", "publish"])
@pytest.mark.parametrize("kind", ["game page", "guide"])
def test_saving_costs_the_same_among_3_or_40_siblings(admin_client, guide, kind, action):
    page, form, beside = {
        "game page": (guide.get_parent().specific, game_form, game_pages_beside),
        "guide": (guide, guide_form, guides_beside),
    }[kind]
    data = form(page, **({"action-publish": "1"} if action == "publish" else {}))
    beside(page, 3)
    # The first saves of a page by an editor cost more (subscription, first revisions).
    for _ in range(2):
        measured(admin_client, edit_url(page), data)
    among_3 = measured(admin_client, edit_url(page), data)
    beside(page, 37, start=3)
    among_40 = measured(admin_client, edit_url(page), data)

    assert among_40 == among_3
    queries, _pages_built = among_40
    assert queries <= BUDGETS[kind, action]


def clashing_forms(game_page):
    """The game page's form with its English, then its Spanish slug set to a sibling's."""
    index = game_page.get_parent()
    sibling = GamePageFactory(parent=index, game=GameFactory(name="Other", slug="other"))
    sibling.slug_es = "otro"
    sibling.save()
    return {
        "slug_en": game_form(game_page, slug_en=sibling.slug_en),
        "slug_es": game_form(game_page, slug_es="otro"),
    }


@pytest.mark.parametrize("field", ["slug_en", "slug_es"])
def test_a_slug_a_sibling_has_is_refused_on_that_languages_field(admin_client, game_page, field):
    data = clashing_forms(game_page)[field]
    response = admin_client.post(edit_url(game_page), data)

    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors == {field: ["This slug is already in use"]}
    assert form[field].value() == data[field]
    game_page.refresh_from_db()
    assert game_page.get_latest_revision_as_object().slug_es != "otro"


def test_a_spanish_slug_is_refused_when_a_sibling_shows_it_in_spanish_through_english(
    admin_client, game_page
):
    """A sibling without a Spanish slug is addressed by its English one in Spanish too."""
    index = game_page.get_parent()
    GamePageFactory(parent=index, game=GameFactory(name="Other", slug="other"))

    response = admin_client.post(edit_url(game_page), game_form(game_page, slug_es="other"))

    assert response.context["form"].errors == {"slug_es": ["This slug is already in use"]}


def test_an_editor_working_in_spanish_is_told_in_spanish(admin_client, admin_user, game_page):
    profile = UserProfile.get_for_user(admin_user)
    profile.preferred_language = "es"
    profile.save()
    response = admin_client.post(edit_url(game_page), clashing_forms(game_page)["slug_es"])
    assert "Este slug ya está en uso" in response.content.decode()


def test_a_page_saved_outside_the_admin_is_checked_in_each_language(game_page):
    """The page's own check (its `clean`) reads the slug as readers are given it:
    an empty Spanish slug is the English one."""
    index = game_page.get_parent()
    GamePageFactory(parent=index, game=GameFactory(name="Other", slug="other"))
    game_page.slug_en, game_page.slug_es = "point-city", "other"
    with pytest.raises(ValidationError) as refused:
        game_page.full_clean()
    assert refused.value.message_dict == {"slug_es": ["This slug is already in use"]}

    game_page.slug_es = "la-ciudad"
    game_page.full_clean()


def test_a_page_keeps_its_own_slug(admin_client, game_page):
    game_page.slug_es = "ciudad"
    game_page.save()
    response = admin_client.post(edit_url(game_page), game_form(game_page))
    assert response.status_code == 302


def test_a_new_page_is_refused_a_slug_its_siblings_have(admin_client, guide):
    add = reverse("wagtailadmin_pages:add", args=("guides", "guidepage", guide.get_parent().pk))
    data = guide_form(guide, title_en="Another", sources=inline_formset([]))
    response = admin_client.post(add, data)

    assert response.status_code == 200
    assert response.context["form"].errors == {"slug_en": ["This slug is already in use"]}
