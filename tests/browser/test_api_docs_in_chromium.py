"""The API's documentation page works under the site's strict Content-Security-Policy:
Swagger UI loads from the site's own files, reads the schema, lists every endpoint, and a
developer tries one; the browser reports no violation (and `journey` no console error)."""

from tests.browser.conftest import BROWSER_TEST
from tests.browser.test_admin_under_csp import RECORD_VIOLATIONS, violations

pytestmark = BROWSER_TEST


def test_a_developer_reads_the_documentation_and_tries_the_rulings(journey, demo_site):
    page = journey.open()
    page.add_init_script(RECORD_VIOLATIONS)
    response = page.goto(f"{journey.url}/api/v1/docs/")
    assert "unsafe-inline" not in response.headers["content-security-policy"]
    page.locator(".opblock-summary-path").first.wait_for()
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert "/api/v1/rulings/{id}/" in paths and "/api/v1/guides/" in paths
    assert violations(page) == []

    rulings = page.locator(".opblock", has=page.locator("[data-path='/api/v1/rulings/']"))
    rulings.locator(".opblock-summary").click()
    rulings.get_by_role("button", name="Try it out").click()
    rulings.get_by_role("button", name="Execute").click()
    answer = rulings.locator(".live-responses-table tbody .response").first
    answer.wait_for()
    assert answer.locator(".response-col_status").inner_text().strip() == "200"
    assert "How do I play?" in answer.locator(".response-col_description").inner_text()
    assert violations(page) == []
