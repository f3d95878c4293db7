"""An editor imports exports through the admin's upload form and reads the report, and
resumes an import whose task worker stopped half-way."""

import pytest

from rulings.models import Ruling
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user
from tests.rulings.exports import FIXTURES
from tests.rulings.test_import_interrupted import (
    killed_after_the_first_file,
    lease_runs_out,
    queued_job,
)

pytestmark = BROWSER_TEST


@pytest.fixture
def editor_site(demo_site, roles, django_user_model):
    make_user(django_user_model, "eduardo", roles["Editors"])
    return demo_site


def test_an_editor_uploads_exports_and_follows_the_report_to_the_ruling(journey, editor_site):
    page = journey.open()
    log_in(page, journey.url, "eduardo")
    page.get_by_role("link", name="Import rulings").click()
    page.wait_for_url(f"{journey.url}/admin/import-rulings/")
    page.get_by_label("Export files").set_input_files(
        [FIXTURES / "azul-two-citations.txt", FIXTURES / "refuse-malformed-reference.txt"]
    )
    page.get_by_role("button", name="Import", exact=True).click()
    page.wait_for_url(f"{journey.url}/admin/import-rulings/*/")
    progress = page.locator("#import-progress")
    progress.filter(has_text="Done").wait_for()
    assert "1 imported, 1 refused, of 2 files" in progress.inner_text()
    assert "refuse-malformed-reference.txt:15: malformed reference line" in (
        page.locator("#refused").inner_text()
    )
    ruling = page.locator("#imported a").first
    title = ruling.inner_text()
    ruling.click()
    page.wait_for_load_state()
    assert title in page.locator("h1").inner_text()


def test_an_editor_resumes_an_import_its_worker_left_half_done(
    journey, editor_site, django_user_model, monkeypatch
):
    job = queued_job(django_user_model.objects.get(username="eduardo"), 3)
    killed_after_the_first_file(job, monkeypatch)
    lease_runs_out(job)

    page = journey.open()
    log_in(page, journey.url, "eduardo")
    page.goto(f"{journey.url}/admin/import-rulings/")
    page.get_by_role("link", name=f"Import {job.pk}").click()
    progress = page.locator("#import-progress")
    assert "stopped after 1 of 3 (1 imported, 0 refused, 2 left)" in progress.inner_text()
    page.get_by_role("button", name="Resume the import now").click()
    progress.filter(has_text="Done").wait_for()
    assert "3 imported, 0 refused, of 3 files" in progress.inner_text()
    assert page.locator("#imported tbody tr").count() == 3
    assert Ruling.objects.filter(question__startswith="May I pass on turn").count() == 3
