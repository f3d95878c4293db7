"""A translator works through the translations dashboard a page at a time, in Chromium.

A real catalogue has thousands of guides and rulings to list: the dashboard shows them a
page at a time (here one guide a page, so the demo's few guides make several pages), in
one order from the first page to the last, and a status filter stays on as she pages.
"""

import re
from collections import Counter

from playwright.sync_api import expect

from guides.translation_listing import guide_statuses
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user

pytestmark = BROWSER_TEST


def guide_names(page):
    return page.locator("#translation-guides tbody tr td:first-child > a").all_inner_texts()


def test_a_translator_pages_through_the_guides_and_the_filter_stays_on(
    journey, demo_site, roles, django_user_model, monkeypatch
):
    monkeypatch.setattr("guides.translation_listing.PER_PAGE", 1)
    make_user(django_user_model, "tania", roles["Translators"])
    statuses = guide_statuses("es")
    everything = [page.title for _status, _game, page in statuses]
    translator = journey.open()
    log_in(translator, journey.url, "tania")
    translator.get_by_role("link", name="Translations", exact=True).first.click()

    pager = translator.get_by_role("navigation", name="Guides")
    seen = []
    for number in range(1, len(everything) + 1):
        expect(pager).to_contain_text(f"Page {number} of {len(everything)}")
        seen += guide_names(translator)
        if number < len(everything):
            pager.get_by_role("link", name="Next page").click()
    assert seen == everything  # every guide once, behind first
    assert pager.get_by_role("link", name="Next page").count() == 0
    pager.get_by_role("link", name="Previous page").click()
    expect(pager).to_contain_text(f"Page {len(everything) - 1} of {len(everything)}")
    assert guide_names(translator) == everything[-2:-1]

    # A status with more than one guide: its own count of pages, and paging keeps it.
    status, count = Counter(status for status, _game, _page in statuses).most_common(1)[0]
    assert count > 1, "the demo has two guides of one status"
    label = re.compile(rf"^{status.label} \({count}\)$")
    translator.get_by_role("navigation", name="Filter by status").get_by_role(
        "link", name=label
    ).click()
    expect(pager).to_contain_text(f"Page 1 of {count}")
    pager.get_by_role("link", name="Next page").click()
    expect(pager).to_contain_text(f"Page 2 of {count}")
    assert f"status={status}" in translator.url
    rows = translator.locator("#translation-guides tbody tr")
    assert rows.get_attribute("data-status") == status
