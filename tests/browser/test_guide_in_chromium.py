"""A reader's guide page in a real browser: readable, accessible, and printable."""

import pytest

from tests.browser.conftest import BROWSER_TEST, accessibility_violations

pytestmark = BROWSER_TEST


@pytest.fixture
def demo_guide_url(demo_site, demo_guide):
    return demo_site.url + demo_guide.url


def test_guide_reads_and_prints_cleanly(page, demo_guide_url):
    page.goto(demo_guide_url)
    assert page.locator("h1").inner_text() == "How to play Point City"
    assert "Checked 6 October 2026 against" in page.locator(".checked").inner_text()
    assert page.locator("#sources").is_visible()
    assert page.locator(".site-header").is_visible()

    page.emulate_media(media="print")
    # the handout drops navigation but keeps the rules, sources and corrections
    assert not page.locator(".site-header").is_visible()
    assert not page.locator(".language-switcher").is_visible()
    assert page.locator("#sources").is_visible()
    assert page.locator("#corrections").is_visible()
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")


def test_guide_has_no_serious_accessibility_violations(page, demo_guide_url):
    page.goto(demo_guide_url)
    violations, results = accessibility_violations(page)
    assert violations == [], results.generate_report()


def test_old_version_is_marked_superseded_in_the_browser(page, demo_guide_url):
    page.goto(demo_guide_url)
    page.get_by_role("link", name="Read version 1").click()
    assert page.url.endswith("/v/1/")
    assert "Superseded — this is version 1." in page.locator(".notice--superseded").inner_text()
    page.get_by_role("link", name="See the current version").click()
    assert page.url == demo_guide_url
