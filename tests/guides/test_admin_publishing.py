"""Editors in the admin: publishing needs sources and a checked date; versions go up."""

import pytest
from django.urls import reverse
from wagtail.test.utils.form_data import inline_formset, nested_form_data, rich_text, streamfield

from guides.models import GuidePage
from tests.guides.factories import give_setup_figures

pytestmark = pytest.mark.django_db


def guide_form(title="How to play", slug="how-to-play", checked_on="", sources=(), **extra):
    data = {
        "title_en": title,
        "slug_en": slug,
        "kind": "how_to_play",
        "intro_en": "Learn the game in ten minutes.",
        "body_en": streamfield([("paragraph", rich_text("<p>Shuffle each tier.</p>"))]),
        "body_es": streamfield([]),
        "checked_on": checked_on,
        "rules_scope_en": "Standard multiplayer.",
        "sources": inline_formset([{"document": doc.pk, "locator": "p. 4"} for doc in sources]),
        "corrections": inline_formset([]),
        "change_summary_en": "",
        "affects_translations": "on",  # ticked by default, as the admin posts it
    }
    data.update(extra)
    return nested_form_data(data)


def add_url(game_page):
    return reverse("wagtailadmin_pages:add", args=("guides", "guidepage", game_page.pk))


def test_publish_without_sources_or_date_is_refused_and_draft_kept(admin_client, game_page):
    response = admin_client.post(add_url(game_page), guide_form(**{"action-publish": "1"}))
    assert response.status_code == 200
    text = response.content.decode()
    assert "cannot be published without at least one source" in text
    assert "Give the date this guide was checked" in text
    # what the editor typed is still in the form
    assert "Learn the game in ten minutes." in text
    assert not GuidePage.objects.exists()

    # the same content saves fine as a draft…
    admin_client.post(add_url(game_page), guide_form())
    draft = GuidePage.objects.get()
    assert not draft.live

    # …and publishing that draft is still refused, leaving the draft as it was
    edit_url = reverse("wagtailadmin_pages:edit", args=(draft.pk,))
    response = admin_client.post(edit_url, guide_form(**{"action-publish": "1"}))
    assert "cannot be published without at least one source" in response.content.decode()
    draft.refresh_from_db()
    assert not draft.live
    assert draft.get_latest_revision_as_object().intro == "Learn the game in ten minutes."


def test_publish_with_sources_and_date_goes_live_as_version_1(admin_client, game_page, rulebook):
    form = guide_form(checked_on="2026-10-06", sources=[rulebook], **{"action-publish": "1"})
    response = admin_client.post(add_url(game_page), form)
    assert response.status_code == 302, response.content.decode()[:2000]
    guide = GuidePage.objects.get()
    assert guide.live
    assert guide.version_number == 1
    assert guide.versions.get().summary == "First published"


def test_substantive_change_bumps_version_and_small_fix_does_not(
    admin_client, client, guide, rulebook
):
    edit_url = reverse("wagtailadmin_pages:edit", args=(guide.pk,))
    common = {"checked_on": "2026-10-06", "sources": [rulebook], "action-publish": "1"}

    admin_client.post(
        edit_url,
        guide_form(title="How to play v2", **common, change_summary_en="Added the tie-break rule."),
    )
    guide.refresh_from_db()
    assert guide.version_number == 2
    assert guide.change_summary == ""  # consumed by the publish

    admin_client.post(edit_url, guide_form(title="How to play v2 (typo fixed)", **common))
    guide = GuidePage.objects.get(pk=guide.pk)
    assert guide.version_number == 2
    assert guide.get_latest_revision_as_object().change_summary == ""

    page = client.get(guide.url).content.decode()
    assert "Version 2" in page
    assert "Added the tie-break rule." in page
    assert "First published" in page


def test_a_new_guide_can_be_previewed_before_its_first_save(admin_client, game_page):
    give_setup_figures(game_page.game)
    form = guide_form(
        body_en=streamfield(
            [
                ("setup_facts", {"show": "cards_used", "caption": ""}),
                ("paragraph", rich_text("<p>Shuffle.</p>")),
            ]
        )
    )
    url = reverse("wagtailadmin_pages:preview_on_add", args=("guides", "guidepage", game_page.pk))
    assert admin_client.post(url, form).json()["is_valid"]
    response = admin_client.get(url)
    assert response.status_code == 200
    assert "Cards used from each tier" in response.content.decode()
