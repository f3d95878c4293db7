"""In Chromium: a guide checked before an errata card warns its readers near the section the
card concerns, in English and Spanish, links to the card, and stops once an editor has
re-checked the guide in the admin."""

import re

import pytest
from django.utils import timezone

from catalogue.models import ErrataCard
from guides.models import GuidePage
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user
from tests.guides.factories import url_in

pytestmark = BROWSER_TEST


@pytest.fixture
def editor(demo_guide, roles, django_user_model):
    make_user(django_user_model, "eduardo", roles["Editors"])
    return "eduardo"


def test_readers_see_the_later_errata_card_by_its_section_until_the_guide_is_re_checked(
    journey, demo_guide, editor
):
    card = ErrataCard.objects.get()  # the demo's card: p.8 TURN END, issued 1 November 2026
    reader = journey.open()

    # English: under "Refill the market", whose related ruling cites p.8 TURN END.
    reader.goto(journey.url + url_in(demo_guide, "en"))
    notice = reader.locator("h2#refill-the-market + .errata-since-check")
    assert notice.is_visible()
    said = " ".join(notice.inner_text().split())
    assert "An errata card issued on 1 November 2026 corrects Point City — Rulebook" in said
    assert "p.8 · TURN END" in said
    assert "This guide was checked on 6 October 2026, before that card was issued" in said
    assert reader.locator(".errata-since-check").count() == 1  # nowhere else, not on top
    notice.get_by_role("link", name="Read the errata card").click()
    reader.wait_for_url(re.compile(rf"#{card.anchor}$"))
    entry = reader.locator(f"#{card.anchor}")
    assert entry.is_visible()
    assert "Illustrative demo card" in entry.inner_text()

    # Spanish: the same notice in Spanish, under "Repón el mercado".
    reader.goto(journey.url + url_in(demo_guide, "es"))
    notice = reader.locator("h2#repon-el-mercado + .errata-since-check")
    assert notice.is_visible()
    said = " ".join(notice.inner_text().split())
    assert "Una entrada de erratas publicada el 1 de noviembre de 2026 corrige" in said
    assert "Esta guía se revisó el 6 de octubre de 2026" in said
    notice.get_by_role("link", name="Ver la entrada de erratas").click()
    reader.wait_for_url(re.compile(rf"/es/.*#{card.anchor}$"))
    assert "Ficha ilustrativa de la demo" in reader.locator(f"#{card.anchor}").inner_text()

    # Draft & Build has no section citing the passage: the notice stands at the top.
    draft_and_build = GuidePage.objects.get(slug_en="draft-and-build")
    reader.goto(journey.url + url_in(draft_and_build, "en"))
    assert reader.locator("article.guide > .errata-since-check").is_visible()

    # The editor re-checks the how-to-play guide against its sources today and publishes.
    desk = journey.open()
    log_in(desk, journey.url, editor)
    desk.goto(f"{journey.url}/admin/pages/{demo_guide.pk}/edit/")
    desk.locator("#id_checked_on").fill(timezone.localdate().isoformat())
    desk.locator("#id_change_summary_en").fill("Re-checked against the rulebook and its errata.")
    journey.settle(desk)
    desk.locator("footer [data-w-dropdown-target='toggle']").first.click()
    desk.get_by_role("button", name="Publish", exact=True).click()
    desk.wait_for_load_state()
    assert "has been published" in desk.locator(".messages").inner_text()

    for language in ("en", "es"):
        reader.goto(journey.url + url_in(demo_guide, language))
        assert reader.locator("h1").is_visible()
        assert reader.locator(".errata-since-check").count() == 0, language
    # The other guide, not re-checked, still warns.
    reader.goto(journey.url + url_in(draft_and_build, "en"))
    assert reader.locator(".errata-since-check").count() == 1
