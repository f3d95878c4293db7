"""The translators' dashboard and the explicit "up to date" action in the Wagtail admin."""

from collections import Counter

import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.models import TranslationMark
from guides.admin_desk import translation_counts
from guides.models import GuidePage
from guides.views import guide_states
from tests.conftest import kept_for_the_module
from tests.guides.factories import GuidePageFactory, add_source, publish, publish_version, url_in
from tests.guides.fixtures import guide_mark, make_spanish_guide

pytestmark = pytest.mark.django_db

DASHBOARD = reverse("guides_translations")


def mark_url(page, language="es"):
    return reverse("guides_translation_up_to_date", args=(page.pk, language))


def statuses(client, query=""):
    response = client.get(DASHBOARD + query)
    assert response.status_code == 200
    html = BeautifulSoup(response.content, "html.parser")
    return {
        row.td.get_text(strip=True): row["data-status"]
        for row in html.select("#translation-guides tbody tr")
    }


@pytest.fixture(scope="module")
def three_guides_built(django_db_setup, django_db_blocker):
    """One guide behind (English moved to v2), one current, one never translated: built
    once for the module (`kept_for_the_module`), their primary keys."""
    with kept_for_the_module(django_db_blocker):
        spanish_guide, _policy = make_spanish_guide()
        game_page = spanish_guide.get_parent()
        rulebook = spanish_guide.sources.get().document
        behind = publish_version(
            spanish_guide, "Added the tie-break rule.", intro_en="Now with the tie-break rule."
        )
        current = GuidePageFactory(
            parent=game_page, title="Draft & Build", slug="draft", live=False
        )
        add_source(current, rulebook)
        current.save()
        current = publish(current, title_es="Robar y construir", slug_es="robar")
        TranslationMark.objects.create(
            content_object=current, language="es", follows=current.versions.get().revision
        )
        missing = GuidePageFactory(parent=game_page, title="Scoring", slug="scoring", live=False)
        add_source(missing, rulebook)
        missing.save()
        yield behind.pk, current.pk, publish(missing).pk


@pytest.fixture
def three_guides(three_guides_built):
    """The three guides, read afresh for each test (whose changes are rolled back)."""
    return tuple(GuidePage.objects.get(pk=pk) for pk in three_guides_built)


REASON = "El desempate ya estaba traducido."


def test_dashboard_lists_each_guide_as_behind_current_or_missing(client, translator, three_guides):
    client.force_login(translator)
    assert statuses(client) == {
        "How to play": "behind",
        "Scoring": "missing",
        "Draft & Build": "current",
    }
    assert list(statuses(client, "?status=behind")) == ["How to play"]
    html = client.get(DASHBOARD).content.decode()
    assert "See what changed and mark up to date with v2…" in html
    assert mark_url(three_guides[0]) in html


def test_dashboard_and_page_agree_on_what_is_shown_in_english(client, translator, three_guides):
    behind = three_guides[0]
    client.force_login(translator)
    html = BeautifulSoup(client.get(DASHBOARD).content, "html.parser")
    row = html.select_one("#translation-guides tbody tr")
    cells = [cell.get_text(" ", strip=True) for cell in row.select("td")]
    # English version 2, the Spanish follows 1; the English summary changed; the v2 log
    # line has no Spanish note yet, so that part of the page is shown in English.
    assert cells[2:5] == ["2", "1", "Behind"]
    assert row.select_one(".changed-fields summary").get_text(strip=True) == "Summary"
    assert cells[6] == "Change log"
    page = BeautifulSoup(client.get(url_in(behind, "es")).content, "html.parser")
    assert "se muestran en inglés: Historial de cambios." in page.select_one(
        ".notice--translation"
    ).get_text(" ", strip=True)


def test_marking_shows_what_the_english_added_and_removed(client, translator, three_guides):
    client.force_login(translator)
    html = BeautifulSoup(client.get(mark_url(three_guides[0])).content, "html.parser")
    change = html.select_one("#english-changes .english-change")
    assert change.select_one(".english-change__label").get_text(strip=True) == "Summary"
    assert [d.get_text(strip=True) for d in change.select("del")] == ["[removed:A short guide]"]
    assert [i.get_text(strip=True) for i in change.select("ins")] == [
        "[added:Now with the tie-break rule]"
    ]
    # Marked in words for those who cannot see the colours or the lines.
    assert change.select_one("del .w-sr-only").get_text() == "[removed: "


def test_the_dashboard_shows_the_changes_of_a_behind_guide(client, translator, three_guides):
    client.force_login(translator)
    html = BeautifulSoup(client.get(DASHBOARD).content, "html.parser")
    details = html.select_one("#translation-guides .changed-fields details")
    assert "Now with the tie-break rule" in details.select_one(".english-change ins").get_text()


def test_marking_needs_a_spanish_edit_or_a_reason(client, translator, editor, three_guides):
    behind = three_guides[0]
    client.force_login(translator)
    response = client.post(mark_url(behind), {"version": "2"})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert guide_mark(behind).version == 1
    # A Spanish edit published since the followed version is reason enough; the mark
    # still goes to review, and counts once an editor approves it.
    edited = publish(behind, intro_es="Una guía breve, revisada.")
    assert client.post(mark_url(edited), {"version": "2"}).status_code == 302
    assert guide_mark(behind).version == 1
    edited.current_workflow_state.current_task_state.approve(user=editor)
    assert guide_mark(behind).version == 2


def test_marking_from_the_dashboard_makes_the_guide_current_once_approved(
    client, translator, editor, three_guides
):
    behind = three_guides[0]
    client.force_login(translator)
    response = client.post(mark_url(behind), {"version": "2", "reason": REASON, "next": DASHBOARD})
    assert response.status_code == 302
    assert response["Location"] == DASHBOARD
    assert statuses(client)["How to play"] == "behind"
    behind.current_workflow_state.current_task_state.approve(user=editor)
    assert statuses(client)["How to play"] == "current"


def test_a_reviewers_request_for_changes_is_shown_where_translators_work(
    client, translator, editor, three_guides
):
    behind = three_guides[0]
    client.force_login(translator)
    client.post(mark_url(behind), {"version": "2", "reason": REASON})
    comment = "El resumen aún no menciona el desempate."
    behind.current_workflow_state.current_task_state.reject(user=editor, comment=comment)
    dashboard = BeautifulSoup(client.get(DASHBOARD).content, "html.parser")
    note = dashboard.select_one("#translation-guides .review-comment").get_text(" ", strip=True)
    assert comment in note and "eduardo" in note
    edit = client.get(reverse("wagtailadmin_pages:edit", args=(behind.pk,))).content.decode()
    assert comment in edit
    # Submitting again takes the comment away: the page is waiting for review once more.
    client.post(mark_url(behind), {"version": "2", "reason": REASON})
    dashboard = BeautifulSoup(client.get(DASHBOARD).content, "html.parser")
    assert dashboard.select_one("#translation-guides .review-comment") is None


def test_confirmation_page_names_the_versions(client, editor, three_guides):
    client.force_login(editor)
    response = client.get(mark_url(three_guides[0]))
    assert response.status_code == 200
    text = " ".join(BeautifulSoup(response.content, "html.parser").get_text().split())
    assert "follows English version 1; the current English version is 2." in text
    assert "Yes, up to date with version 2" in text


def test_marking_can_translate_the_missing_change_log_lines(client, translator, three_guides):
    behind = three_guides[0]
    change = behind.changes.get(version__number=2)
    client.force_login(translator)
    html = client.get(mark_url(behind)).content.decode()
    assert f'name="note_{change.pk}"' in html
    assert "Added the tie-break rule." in html  # the English line, as help
    first = behind.changes.get(version__number=1, kind="first")
    assert f'name="note_{first.pk}"' not in html  # version 1 already has its Spanish line
    client.post(
        mark_url(behind),
        {"version": "2", "reason": REASON, f"note_{change.pk}": "Se añade el desempate."},
    )
    change.refresh_from_db()
    assert (change.note_en, change.note_es) == (
        "Added the tie-break rule.",
        "Se añade el desempate.",
    )


def test_marking_needs_a_real_version_and_a_safe_next_url(client, translator, three_guides):
    behind = three_guides[0]
    client.force_login(translator)
    for bad in ("", "abc", "7"):
        client.post(mark_url(behind), {"version": bad})
        assert guide_mark(behind).version == 1
    response = client.post(
        mark_url(behind), {"version": "2", "reason": REASON, "next": "https://evil.example/"}
    )
    assert response["Location"] == DASHBOARD


def test_marking_and_dashboard_need_permission(client, django_user_model, three_guides, roles):
    behind = three_guides[0]
    assert client.post(mark_url(behind), {"version": "2"}).status_code == 302  # to login
    # Admin access alone (e.g. a group without translation permissions) is not enough.
    staff = django_user_model.objects.create_user("sam", "sam@example.com", "pw")
    staff.user_permissions.add(*roles["Translators"].permissions.filter(codename="access_admin"))
    client.force_login(staff)
    # Wagtail turns a refused admin view into a redirect to the dashboard with a message.
    refused = reverse("wagtailadmin_home")
    assert client.get(DASHBOARD)["Location"] == refused
    assert client.post(mark_url(behind), {"version": "2"})["Location"] == refused
    assert guide_mark(behind).version == 1


def test_only_translations_can_be_marked(client, translator, three_guides):
    client.force_login(translator)
    response = client.post(mark_url(three_guides[0], "en"), {"version": "2"})
    assert response["Location"] == reverse("wagtailadmin_home")
    assert not TranslationMark.objects.filter(language="en").exists()


def test_menu_panel_and_page_action_point_translators_to_the_work(client, translator, three_guides):
    behind = three_guides[0]
    client.force_login(translator)
    home = client.get(reverse("wagtailadmin_home")).content.decode()
    assert DASHBOARD in home  # menu item and home panel
    home = " ".join(home.split())
    assert "1 Spanish guide translation is behind its English original." in home
    assert "1 guide has no Spanish translation yet." in home
    edit = client.get(reverse("wagtailadmin_pages:edit", args=(behind.pk,))).content.decode()
    assert "Mark the Spanish translation up to date" in edit
    assert mark_url(behind) in edit


def test_history_shows_the_marking(client, editor, three_guides):
    behind = three_guides[0]
    client.force_login(editor)
    client.post(mark_url(behind), {"version": "2", "reason": REASON})
    history = client.get(reverse("wagtailadmin_pages:history", args=(behind.pk,)))
    assert (
        "Spanish translation marked up to date with English version 2" in history.content.decode()
    )


def test_the_home_panels_count_what_the_dashboard_shows(three_guides):
    states = [state.status for state, _game in guide_states("es")]
    assert sorted(states) == ["behind", "current", "missing"]
    with CaptureQueriesContext(connection) as queries:
        assert translation_counts("es") == Counter(states)
    assert len(queries) == 1  # counted by the database over the stored statuses
    # A second guide behind: a new version that affects translations.
    publish_version(three_guides[1], "Reworded.", intro_en="Reworded intro.")
    states = [s.status for s, _g in guide_states("es")]
    assert translation_counts("es") == Counter(states)
    assert states.count("behind") == 2


def test_the_dashboard_shows_a_page_at_a_time_and_counts_every_guide(
    client, translator, three_guides, monkeypatch
):
    """A catalogue has thousands of guides and rulings to list: a page at a time, in the
    same order, the counts still of all."""
    monkeypatch.setattr("guides.translation_listing.PER_PAGE", 2)
    client.force_login(translator)

    def page(url):
        html = BeautifulSoup(client.get(url).content, "html.parser")
        names = [row.td.get_text(strip=True) for row in html.select("#translation-guides tbody tr")]
        return html, names

    first, names = page(DASHBOARD)
    assert names == ["How to play", "Scoring"]  # behind first, then missing
    assert "All (3)" in " ".join(first.get_text(" ").split())
    nav = first.find("nav", attrs={"aria-label": "Guides"})
    assert "Page 1 of 2" in nav.get_text()
    assert nav.find("a", rel="prev") is None
    second, names = page(nav.find("a", rel="next")["href"])
    assert names == ["Draft & Build"]
    assert second.find("nav", attrs={"aria-label": "Guides"}).find("a", rel="next") is None
