"""An editor dates a ruling's correction in the admin, in Chromium: a date after today is
refused with a message and nothing typed is lost; today's is saved, and the reader page
and the rulings feed give that day."""

import datetime
import re
from xml.etree import ElementTree

from django.utils import timezone

from rulings.models import Ruling
from tests.browser.conftest import BROWSER_TEST
from tests.conftest import make_user

pytestmark = BROWSER_TEST

ATOM = "{http://www.w3.org/2005/Atom}"
WAS = "It said nothing about a tie between three players."
NOW = "A tie between three players is broken the same way."


def test_a_correction_dated_after_today_is_refused_and_todays_is_published(
    page, demo_site, django_user_model, roles
):
    make_user(django_user_model, "edith", roles["Editors"])
    ruling = Ruling.objects.get(slug="what-breaks-a-tie")
    page.goto(demo_site.url + "/admin/login/")
    page.fill("#id_username", "edith")
    page.fill("#id_password", "pw")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/admin/$"))

    page.goto(f"{demo_site.url}/admin/snippets/rulings/ruling/edit/{ruling.pk}/")
    page.get_by_role("tab", name="Corrections").click()
    page.get_by_role("button", name="Add correction").click()
    row = page.locator("[id^='inline_child_corrections-']").last
    today = timezone.localdate()
    row.locator("input[name$='corrected_on']").fill(
        (today + datetime.timedelta(days=1)).isoformat()
    )
    row.locator("textarea[name$='what_was_wrong_en']").fill(WAS)
    row.locator("textarea[name$='what_it_says_now_en']").fill(NOW)
    page.get_by_role("button", name="Save draft").click()
    page.wait_for_load_state()

    page.get_by_role("tab", name="Corrections").click()
    row = page.locator("[id^='inline_child_corrections-']").last
    assert "A correction cannot be dated after today." in row.inner_text()
    assert row.locator("textarea[name$='what_it_says_now_en']").input_value() == NOW
    assert not ruling.corrections.exists()

    row.locator("input[name$='corrected_on']").fill(today.isoformat())
    page.locator("footer [data-w-dropdown-target='toggle']").first.click()
    page.get_by_role("button", name="Publish", exact=True).click()
    page.wait_for_url(re.compile(r"/admin/snippets/rulings/ruling/$"))
    correction = ruling.corrections.get()
    assert correction.corrected_on == today

    page.goto(demo_site.url + ruling.get_absolute_url())
    shown = page.locator(f"#{correction.anchor} time")
    assert shown.get_attribute("datetime") == today.isoformat()
    assert NOW in page.locator(".corrections").inner_text()

    feed = ElementTree.fromstring(page.request.get(demo_site.url + "/en/rulings/feed/").body())
    (entry,) = [
        entry
        for entry in feed.iter(f"{ATOM}entry")
        if entry.find(f"{ATOM}link").get("href").endswith(ruling.get_absolute_url())
    ]
    updated = datetime.datetime.fromisoformat(entry.findtext(f"{ATOM}updated"))
    assert timezone.localdate(updated) == today
    assert entry.findtext(f"{ATOM}title") == f"Corrected: {ruling.question}"
