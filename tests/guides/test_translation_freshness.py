"""A translation never pretends to be current: notices, fallbacks and the "up to date" action."""

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse
from wagtail.models import PageLogEntry

from core.models import TranslationMark
from tests.guides.factories import GuideCorrectionFactory, publish, publish_version, url_in
from tests.guides.fixtures import fixtures_from_guide_site, guide_mark

pytestmark = pytest.mark.django_db


# The guide's site is built once for the module (tests.guides.fixtures.GuideSite).
home, policy, game_page, rulebook, guide = fixtures_from_guide_site()


BEHIND_NOTICE = (
    "Esta traducción corresponde a la versión 1 del original en inglés; la versión actual es 2."
)


def spanish(client, page):
    response = client.get(url_in(page, "es"))
    assert response.status_code == 200
    return BeautifulSoup(response.content, "html.parser")


def notice(html):
    element = html.select_one(".notice--translation")
    return " ".join(element.get_text(" ", strip=True).split()) if element else ""


def mark_url(page):
    return reverse("guides_translation_up_to_date", args=(page.pk, "es"))


def test_current_translation_has_no_notice_and_no_english_parts(client, spanish_guide):
    html = spanish(client, spanish_guide)
    assert html.html["lang"] == "es"
    assert notice(html) == ""
    assert html.h1.get_text() == "Cómo jugar"
    for part in (html.h1, html.select_one(".lede"), html.select_one(".guide-body")):
        assert not part.has_attr("lang")


def test_outdated_notice_until_a_translators_mark_is_approved(
    client, spanish_guide, translator, editor
):
    guide = publish(
        spanish_guide,
        change_kind="substantive",
        change_summary_en="Added the tie-break rule.",
        change_summary_es="Se añade la regla de desempate.",
    )
    assert guide.version_number == 2

    html = spanish(client, guide)
    assert BEHIND_NOTICE in notice(html)
    link = html.select_one(".notice--translation a")
    assert link["href"] == url_in(guide, "en")
    assert link["hreflang"] == "en"
    # English readers are never told about translations.
    english = BeautifulSoup(client.get(url_in(guide, "en")).content, "html.parser")
    assert not english.select(".notice--translation")

    client.force_login(translator)
    # Nothing in Spanish changed since version 1: marking needs a reason…
    response = client.post(mark_url(guide), {"version": "2"})
    assert response.status_code == 200
    assert guide_mark(guide).version != 2
    # …and, given one, goes to the editors for review like a Spanish edit: nothing yet.
    reason = "La regla de desempate ya figuraba en la traducción."
    response = client.post(mark_url(guide), {"version": "2", "reason": reason})
    assert response.status_code == 302
    assert guide_mark(guide).version == 1
    assert BEHIND_NOTICE in notice(spanish(client, guide))
    state = guide.current_workflow_state
    assert state is not None and state.requested_by == translator

    # An editor approves: the mark takes effect, in the translator's name and words.
    state.current_task_state.approve(user=editor)
    record = guide_mark(guide)
    assert (record.version, record.marked_by) == (2, translator)

    client.logout()
    html = spanish(client, guide)
    assert notice(html) == ""
    line = " ".join(html.select_one("#changes li").get_text(" ").split())
    assert reason in line
    assert "(por tania)" in line
    english = BeautifulSoup(client.get(url_in(guide, "en")).content, "html.parser")
    assert reason not in english.get_text()


def test_an_editor_marks_up_to_date_at_once(client, spanish_guide, editor):
    guide = publish_version(spanish_guide, "Added the tie-break rule.")
    client.force_login(editor)
    reason = "La regla de desempate ya figuraba en la traducción."
    response = client.post(mark_url(guide), {"version": "2", "reason": reason})
    assert response.status_code == 302
    record = guide_mark(guide)
    assert (record.version, record.marked_by) == (2, editor)
    assert PageLogEntry.objects.filter(page=guide, action="guides.translation_up_to_date").exists()
    assert guide.current_workflow_state is None


def test_markup_alone_is_no_spanish_edit(client, spanish_guide, translator):
    """Wagtail re-serialising the Spanish rich text (block keys, entities, spacing) when
    an editor saves leaves the text readers see as it was: still a reason to give."""
    body = [("paragraph", '<p data-block-key="a1b2c">Roba una carta.</p>')]
    guide = publish(spanish_guide, body_es=body)
    guide = publish_version(guide, "Added the tie-break rule.")
    markup_only = [("paragraph", '<p data-block-key="zz9x8">Roba  una&nbsp;carta.</p>')]
    guide = publish(guide, body_es=markup_only, intro_es=guide.intro_es + " ")
    client.force_login(translator)
    page = BeautifulSoup(client.get(mark_url(guide)).content, "html.parser")
    assert "has not been edited since" in page.get_text(" ")
    response = client.post(mark_url(guide), {"version": "2"})
    assert response.status_code == 200
    assert "This field is required" in response.content.decode()
    assert guide.current_workflow_state is None


def test_version_published_as_not_affecting_translations_keeps_them_current(client, spanish_guide):
    guide = publish(
        spanish_guide,
        change_kind="substantive",
        change_summary_en="Fixed a typo.",
        change_summary_es="Errata corregida.",
        affects_translations=False,
    )
    assert guide.version_number == 2
    assert not guide.current_version.affects_translations
    assert guide.affects_translations  # the choice was for that publish only
    assert notice(spanish(client, guide)) == ""

    guide = publish_version(guide, "Added the tie-break rule.")
    assert "corresponde a la versión 1 del original en inglés; la versión actual es 3" in notice(
        spanish(client, guide)
    )


def test_a_small_fix_keeps_the_version_and_the_translation_current(client, spanish_guide):
    guide = publish(spanish_guide, intro_en="A short guide (typo fixed).")
    assert guide.version_number == 1
    assert notice(spanish(client, guide)) == ""


def test_a_spanish_only_edit_is_a_spanish_line_and_keeps_the_version(client, spanish_guide):
    guide = publish(
        spanish_guide, intro_es="Una guía breve y clara.", change_summary_es="Se aclara el resumen."
    )
    assert guide.version_number == 1
    assert notice(spanish(client, guide)) == ""
    html = spanish(client, guide)
    assert "Traducción: Se aclara el resumen." in " ".join(
        html.select_one("#changes li").get_text(" ").split()
    )
    english = BeautifulSoup(client.get(url_in(guide, "en")).content, "html.parser")
    assert "Se aclara" not in english.get_text()


def test_the_spanish_header_names_the_version_the_spanish_follows(client, spanish_guide):
    guide = publish_version(spanish_guide, "Added the tie-break rule.")
    status = spanish(client, guide).select_one(".guide-status").get_text(" ", strip=True)
    assert "Traducción de la versión 1" in status
    assert "Versión 2" not in status


def test_translation_nobody_has_marked_is_behind(client, spanish_guide):
    TranslationMark.objects.all().delete()
    assert "aún no se ha cotejado" in notice(spanish(client, spanish_guide))


def test_missing_translation_falls_back_to_english_and_says_so(client, guide):
    html = spanish(client, guide)
    assert html.html["lang"] == "es"
    assert "Esta página aún no está traducida al español" in notice(html)
    assert html.h1["lang"] == "en"
    assert html.h1.get_text() == "How to play"
    assert html.select_one(".guide-body")["lang"] == "en"
    # The interface around the English text is still Spanish.
    assert html.select_one("#sources-heading").get_text() == "Fuentes y alcance"


def test_partial_translation_marks_only_the_english_parts(client, spanish_guide):
    guide = publish(spanish_guide, intro_es="")
    html = spanish(client, guide)
    assert "se muestran en inglés: Resumen." in notice(html)
    assert html.select_one(".lede")["lang"] == "en"
    assert html.select_one(".lede").get_text() == "A short guide."
    assert not html.h1.has_attr("lang")
    assert not html.select_one(".guide-body").has_attr("lang")


def test_untranslated_correction_is_marked_english(client, spanish_guide):
    page = type(spanish_guide).objects.get(pk=spanish_guide.pk)
    page.corrections = [GuideCorrectionFactory()]
    html = spanish(client, publish(page))
    assert "se muestran en inglés: Correcciones." in notice(html)
    was = html.select_one(".corrections li p:nth-of-type(2) span")
    assert (was["lang"], was.get_text()) == ("en", "Said the market is emptied.")


def test_other_page_types_fall_back_and_say_so(client, home, game_page):
    for page in (home, game_page.get_parent().specific, game_page):
        html = spanish(client, page)
        assert html.html["lang"] == "es"
        assert "aún no está traducida" in notice(html), page
        assert html.h1["lang"] == "en"
