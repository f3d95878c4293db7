"""A correction shows on the guide it corrects, in the site-wide log, and in the feed."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from guides.models import GuideCorrection
from tests.guides.factories import GuideCorrectionFactory, publish
from tests.guides.fixtures import fixtures_from_guide_site

pytestmark = pytest.mark.django_db


# The guide's site is built once for the module (tests.guides.fixtures.GuideSite).
home, policy, game_page, rulebook, guide = fixtures_from_guide_site()


@pytest.fixture
def corrected_guide(guide):
    page = type(guide).objects.get(pk=guide.pk)
    page.corrections = [
        GuideCorrectionFactory(
            what_was_wrong="Said the market is emptied at the end.",
            what_it_says_now="Fourteen cards remain in the market at the end.",
        )
    ]
    return publish(page)


def test_correction_shows_on_the_guide(client, corrected_guide):
    html = client.get(corrected_guide.url).content.decode()
    correction = corrected_guide.corrections.get()
    assert f'id="{correction.anchor}"' in html
    assert "Said the market is emptied at the end." in html
    assert "20 October 2026" in html


def test_correction_is_in_the_log_and_home_page(client, corrected_guide, home):
    response = client.get(reverse("corrections_log"))
    assert response.status_code == 200
    html = response.content.decode()
    correction = corrected_guide.corrections.get()
    assert f'href="{corrected_guide.url}#{correction.anchor}"' in html
    assert "Fourteen cards remain in the market at the end." in html
    assert "Fourteen cards remain" in client.get(home.url).content.decode()


def test_log_is_newest_first(client, corrected_guide):
    page = type(corrected_guide).objects.get(pk=corrected_guide.pk)
    page.corrections.add(
        GuideCorrectionFactory(
            corrected_on=datetime.date(2026, 11, 2),
            what_was_wrong="Older wording.",
            what_it_says_now="Newer wording.",
            corrected_by="Ana",
        )
    )
    publish(page)
    html = client.get(reverse("corrections_log")).content.decode()
    assert html.index("Newer wording.") < html.index("Fourteen cards remain")


def test_feed_lists_the_correction(client, corrected_guide):
    response = client.get(reverse("corrections_feed"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    body = response.content.decode()
    assert "Correction to “How to play”" in body
    assert "Fourteen cards remain in the market at the end." in body
    assert "2026-10-20" in body


def test_draft_corrections_are_not_public(client, corrected_guide):
    page = type(corrected_guide).objects.get(pk=corrected_guide.pk)
    page.corrections.add(
        GuideCorrection(
            what_was_wrong="Draft only.", what_it_says_now="Not yet.", corrected_by="Ana"
        )
    )
    page.save_revision()  # saved as a draft, not published
    assert "Draft only." not in client.get(reverse("corrections_log")).content.decode()


def test_the_home_page_lists_a_correction_published_after_it_was_read(
    client, corrected_guide, home
):
    """Its lists are remembered until a change moves them, as the cached page is."""
    client.get(home.url)
    with CaptureQueriesContext(connection) as read:
        assert "Fourteen cards remain" in client.get(home.url).content.decode()
    assert len(read) <= 1, "the site: the page's route and its lists come from memory"
    page = type(corrected_guide).objects.get(pk=corrected_guide.pk)
    page.corrections.add(
        GuideCorrectionFactory(
            corrected_on=datetime.date(2026, 11, 2),
            what_was_wrong="Fourteen cards remain in the market at the end.",
            what_it_says_now="Twelve cards remain in the market at the end.",
        )
    )
    publish(page)
    assert "Twelve cards remain" in client.get(home.url).content.decode()
