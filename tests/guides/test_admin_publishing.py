"""Editors in the admin: nothing is published silently, and every path obeys the same rules.

Publishing needs sources and a checked date whichever way it happens (edit form, bulk
publish, scheduled publishing); a refused publish keeps the draft and says what to fix.
Every publish after the first leaves a public change-log line: a substantive change raises
the version and needs a note, a minor edit keeps the version.
"""

import datetime

import pytest
from django.contrib.messages import get_messages
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from wagtail.test.utils.form_data import inline_formset, nested_form_data, rich_text, streamfield

from guides.forms import PublishRefused
from guides.models import GuidePage
from tests.guides.factories import GuidePageFactory, give_setup_figures, publish

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
        "sources": inline_formset([{"document": doc.pk, "first_page": "4"} for doc in sources]),
        "corrections": inline_formset([]),
        "change_kind": "minor",
        "change_summary_en": "",
        "affects_translations": "on",  # ticked by default, as the admin posts it
    }
    data.update(extra)
    return nested_form_data(data)


def add_url(game_page):
    return reverse("wagtailadmin_pages:add", args=("guides", "guidepage", game_page.pk))


def edit_url(page):
    return reverse("wagtailadmin_pages:edit", args=(page.pk,))


def message_texts(response):
    return [str(message) for message in get_messages(response.wsgi_request)]


def change_log(client, guide):
    from bs4 import BeautifulSoup

    html = BeautifulSoup(client.get(guide.url).content, "html.parser")
    return [" ".join(li.get_text(" ", strip=True).split()) for li in html.select("#changes li")]


def test_refused_publish_keeps_the_draft_and_says_what_to_fix(admin_client, game_page):
    response = admin_client.post(add_url(game_page), guide_form(**{"action-publish": "1"}))
    draft = GuidePage.objects.get()
    assert response.status_code == 302
    assert response["Location"] == edit_url(draft)
    [message] = message_texts(response)
    assert message.startswith("Your changes were saved as a draft, but not published.")
    assert "give the date the guide was checked against its sources" in message
    assert "add at least one source" in message
    assert not draft.live
    assert draft.get_latest_revision_as_object().intro == "Learn the game in ten minutes."

    # publishing the saved draft is still refused, and the editor's text is still there
    response = admin_client.post(edit_url(draft), guide_form(**{"action-publish": "1"}))
    assert "saved as a draft" in message_texts(response)[0]
    draft.refresh_from_db()
    assert not draft.live
    assert not draft.versions.exists()


def test_publish_with_sources_and_date_goes_live_as_version_1(admin_client, game_page, rulebook):
    form = guide_form(checked_on="2026-10-06", sources=[rulebook], **{"action-publish": "1"})
    response = admin_client.post(add_url(game_page), form)
    assert response.status_code == 302, response.content.decode()[:2000]
    guide = GuidePage.objects.get()
    assert guide.live
    assert guide.version_number == 1
    assert [change.note for change in guide.changes.all()] == ["first published."]


def test_substantive_change_needs_a_note_and_raises_the_version(
    admin_client, client, guide, rulebook
):
    common = {"checked_on": "2026-10-06", "sources": [rulebook], "action-publish": "1"}

    response = admin_client.post(
        edit_url(guide), guide_form(title="How to play v2", change_kind="substantive", **common)
    )
    assert "say in the change-log note what the new version changes" in message_texts(response)[0]
    assert GuidePage.objects.get(pk=guide.pk).version_number == 1

    admin_client.post(
        edit_url(guide),
        guide_form(
            title="How to play v2",
            change_kind="substantive",
            change_summary_en="Added the tie-break rule.",
            **common,
        ),
    )
    guide = GuidePage.objects.get(pk=guide.pk)
    assert guide.version_number == 2
    assert (guide.change_kind, guide.change_summary) == ("minor", "")  # consumed by the publish
    assert guide.get_latest_revision_as_object().change_kind == "minor"
    log = change_log(client, guide)
    assert log[0].endswith(
        "Version 2: Added the tie-break rule. (current) · Compare with version 1"
    )
    assert "Version 1: first published. Read version 1" in log[1]


def test_two_publishes_without_a_note_leave_two_minor_lines(admin_client, client, guide, rulebook):
    common = {"checked_on": "2026-10-06", "sources": [rulebook], "action-publish": "1"}
    admin_client.post(edit_url(guide), guide_form(title="How to play (typo)", **common))
    admin_client.post(
        edit_url(guide),
        guide_form(title="How to play (link)", change_summary_en="Fixed a link.", **common),
    )
    guide = GuidePage.objects.get(pk=guide.pk)
    assert guide.version_number == 1
    log = change_log(client, guide)
    assert len(log) == 3
    assert log[0].endswith("Minor edit to version 1: Fixed a link.")
    assert log[1].endswith(
        "Minor edit to version 1: wording, typography or links only; no rule changed."
    )
    today = timezone.localdate().strftime("%-d %B %Y")
    assert log[0].startswith(today)


def test_bulk_publish_of_a_guide_without_sources_is_refused(admin_client, game_page):
    draft = GuidePageFactory(parent=game_page, live=False, checked_on=None)
    draft.save_revision()
    url = reverse("wagtail_bulk_action", args=("wagtailcore", "page", "publish"))
    response = admin_client.post(f"{url}?id={draft.pk}&next=/admin/", {"include_descendants": ""})
    assert response.status_code == 302
    assert "Nothing was published" in message_texts(response)[0]
    assert "How to play" in message_texts(response)[0]
    assert not GuidePage.objects.get(pk=draft.pk).live


def test_every_other_way_of_publishing_is_refused_too(game_page):
    draft = GuidePageFactory(parent=game_page, live=False, checked_on=None)
    revision = draft.save_revision()
    with pytest.raises(PublishRefused):
        revision.publish()
    assert not GuidePage.objects.get(pk=draft.pk).live


def test_scheduled_publishing_publishes_a_valid_guide(guide):
    guide.go_live_at = timezone.now() + datetime.timedelta(minutes=5)
    revision = guide.save_revision()
    revision.publish()  # schedules it
    # …and time passes until it is due.
    past = timezone.now() - datetime.timedelta(minutes=1)
    revision.approved_go_live_at = past
    revision.content["go_live_at"] = past.isoformat()
    revision.save(update_fields=["approved_go_live_at", "content"])
    call_command("publish_scheduled", verbosity=0)
    guide = GuidePage.objects.get(pk=guide.pk)
    assert guide.live_revision_id == revision.pk
    assert guide.changes.count() == 2


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


def test_a_version_page_never_offers_a_newer_version_that_does_not_exist(client, guide):
    guide = publish(guide, intro="Typo fixed.")
    assert guide.version_number == 1
    html = client.get(guide.url).content.decode()
    assert "Read version" not in html
    assert client.get(f"{guide.url}v/1/").status_code == 302


def test_a_guides_draft_can_be_viewed_by_its_editor(client, editor, guide):
    guide.intro = "A draft summary."
    guide.save_revision(user=editor)
    client.force_login(editor)
    response = client.get(reverse("wagtailadmin_pages:view_draft", args=(guide.pk,)))
    assert response.status_code == 200
    assert "A draft summary." in response.content.decode()
