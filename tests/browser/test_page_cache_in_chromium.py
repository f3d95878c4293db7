"""The page cache in Chromium, against the real Redis: a reader gets cached pages, an
editor never does, and a correction shows on the reader's very next page load."""

import pytest

from core.cache_tags import bump_everything
from rulings.models import Ruling
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import load_demo
from tests.rulings.factories import record_correction

pytestmark = BROWSER_TEST


@pytest.fixture
def cached_demo_site(live_server, root_page, settings):
    load_demo()
    settings.RULESAGE_PAGE_CACHE = True
    bump_everything()  # nothing cached by an earlier test of this run is current
    yield live_server
    bump_everything()


def test_reader_is_served_from_the_cache_and_sees_a_correction_at_once(
    journey, cached_demo_site, editor
):
    ruling = Ruling.objects.public().first()
    url = journey.url + ruling.get_absolute_url()
    reader = journey.open()
    assert reader.goto(url).headers.get("x-page-cache") == "miss"
    assert reader.goto(url).headers.get("x-page-cache") == "hit"

    person = journey.open()
    log_in(person, journey.url, editor.username)
    for _ in range(2):
        assert person.goto(url).headers.get("x-page-cache") is None

    record_correction(
        ruling,
        what_was_wrong="Said the pile is never empty.",
        what_it_says_now="The pile can run out; then the round ends.",
        corrected_by="Eduardo",
    )
    response = reader.reload()
    assert response.headers.get("x-page-cache") == "miss"
    assert "The pile can run out; then the round ends." in reader.content()
