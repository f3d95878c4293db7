"""Earlier versions stay readable at their own URL, marked as superseded."""

import pytest

from tests.guides.factories import publish
from tests.guides.fixtures import fixtures_from_guide_site

pytestmark = pytest.mark.django_db


# The guide's site is built once for the module (tests.guides.fixtures.GuideSite).
home, policy, game_page, rulebook, guide = fixtures_from_guide_site()


@pytest.fixture
def two_versions(guide):
    return publish(
        guide,
        title="How to play Point City",
        intro="Now with the tie-break rule.",
        change_kind="substantive",
        change_summary="Added the tie-break rule.",
    )


def test_old_version_renders_from_its_revision_marked_superseded(client, two_versions):
    guide = two_versions
    assert guide.version_number == 2
    response = client.get(f"{guide.url}v/1/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Superseded — this is version 1." in html
    assert "The current version is 2." in html
    assert "A short guide." in html  # version 1's summary line
    assert "Now with the tie-break rule." not in html
    assert f'href="{guide.url}"' in html


def test_current_page_links_every_earlier_version(client, two_versions):
    html = client.get(two_versions.url).content.decode()
    assert "Superseded" not in html
    assert f'href="{two_versions.url}v/1/"' in html
    assert "Added the tie-break rule." in html


def test_current_version_number_redirects_to_the_page(client, two_versions):
    response = client.get(f"{two_versions.url}v/2/")
    assert response.status_code == 302
    assert response["Location"] == two_versions.url


@pytest.mark.parametrize("suffix", ["v/0/", "v/3/", "v/abc/", "v/-1/", "v/99999999999999999999/"])
def test_bad_version_numbers_are_styled_404s(client, two_versions, suffix):
    response = client.get(f"{two_versions.url}{suffix}")
    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


def test_small_fix_updates_the_current_version_only(client, two_versions):
    guide = publish(two_versions, intro="Now with the tie-break rule (typo fixed).")
    assert guide.version_number == 2
    assert "typo fixed" in client.get(guide.url).content.decode()
    assert "typo fixed" not in client.get(f"{guide.url}v/1/").content.decode()
