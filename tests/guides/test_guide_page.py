"""What a reader sees on a guide: checked date, sources, scope, sections."""

import pytest
from bs4 import BeautifulSoup

from tests.guides.factories import (
    GuidePageFactory,
    add_source,
    publish,
    sections,
    url_in,
)
from tests.guides.fixtures import fixtures_from_guide_site

pytestmark = pytest.mark.django_db


# The guide's site is built once for the module (tests.guides.fixtures.GuideSite).
home, policy, game_page, rulebook, guide = fixtures_from_guide_site()


def soup(response):
    return BeautifulSoup(response.content, "html.parser")


def test_guide_shows_checked_line_and_sources(client, guide):
    response = client.get(guide.url)
    assert response.status_code == 200
    page = soup(response)
    checked = page.select_one(".checked").get_text(" ", strip=True)
    assert "Checked 6 October 2026 against" in checked
    assert "Point City — Rulebook" in checked
    sources = page.select_one("#sources")
    assert "Point City — Rulebook" in sources.get_text()
    assert "pages 4–11" in sources.get_text()
    assert "Standard multiplayer; not the solo opponent." in sources.get_text()
    assert sources.find("a", string="Editorial policy and corrections")["href"].endswith(
        "/editorial-policy/"
    )


def test_guide_renders_every_block_type(client, guide):
    page = soup(client.get(guide.url))
    body = page.select_one(".guide-body")
    assert body.find("h2", id="setting-up").get_text() == "Setting up"
    assert "Shuffle each tier separately." in body.get_text()
    # the 3-section fixture covers heading, paragraph, steps; a longer body covers the rest
    guide = publish(guide, body=sections(6))
    body = soup(client.get(guide.url)).select_one(".guide-body")
    assert [li.get_text(strip=True) for li in body.select(".steps li")] == [
        "Deal sixteen cards.",
        "Begin.",
    ]
    assert body.select_one(".callout--example .callout-title").get_text() == "Hypothetical example"
    assert body.select_one(".callout--note")
    table = body.select_one("table.setup-table")
    assert table.caption.get_text() == "Cards used"
    assert [td.get_text() for td in table.select("tbody td")] == ["40", "24"]


def test_game_page_lists_guides_and_editions(client, guide, game_page):
    response = client.get(game_page.url)
    assert response.status_code == 200
    page = soup(response)
    assert page.find("a", string="How to play")["href"] == guide.url
    assert "bg-368017-en-1e" in page.get_text()
    assert "Checked 6 October 2026" in page.get_text()


def test_home_games_index_and_policy_render(client, guide, home, policy):
    for url in (home.url, guide.get_parent().get_parent().url, policy.url):
        response = client.get(url)
        assert response.status_code == 200, url
    assert "Point City" in client.get(home.url).content.decode()


def test_draft_guide_is_not_public(client, admin_client, game_page):
    draft = GuidePageFactory(parent=game_page, slug="draft-guide", live=False)
    assert client.get(f"{game_page.url}draft-guide/").status_code == 404
    # …while its editors still find it in the admin.
    edit = admin_client.get(f"/admin/pages/{draft.pk}/edit/")
    assert edit.status_code == 200 and "draft-guide" in edit.content.decode()


@pytest.mark.parametrize("count", [3, 30])
def test_guide_query_count_does_not_grow_with_sections(
    client, guide, count, django_assert_max_num_queries
):
    guide = publish(guide, body=sections(count))
    add_source(guide)  # a second source, so sources are fetched as a list
    guide.save()
    # As on a running server: the site's root addresses, the header links, breadcrumbs and
    # the game's other guides are read once per content change, not per request.
    client.get(guide.url)
    with django_assert_max_num_queries(12):
        response = client.get(guide.url)
    assert response.status_code == 200


def test_guide_read_again_with_nothing_changed_costs_three_queries(
    client, spanish_guide, django_assert_max_num_queries
):
    """Once read since the last content change, all a guide's page shows besides the page
    itself is remembered (core.page_cache.remembered): its address, its own row, and the
    site (Wagtail's `Site.find_for_request`, asked by the route and by the page's links;
    Wagtail keeps it for the request only)."""
    for language in ("en", "es"):
        url = url_in(spanish_guide, language)
        client.get(url)
        with django_assert_max_num_queries(3):
            response = client.get(url)
        assert response.status_code == 200
        assert "Point City — Rulebook" in response.content.decode()


def test_a_view_restriction_added_later_applies_at_once(client, guide):
    """What is remembered about restrictions (none, here) is forgotten when one is added."""
    from wagtail.models import PageViewRestriction

    assert client.get(guide.url).status_code == 200
    PageViewRestriction.objects.create(
        page=guide.get_parent(), restriction_type=PageViewRestriction.LOGIN
    )
    response = client.get(guide.url)
    assert response.status_code == 302 and "login" in response["Location"]


def test_an_alias_of_a_restricted_guide_made_later_is_restricted_at_once(client, guide):
    """An alias takes its original's restriction; what is remembered about aliases is
    forgotten when one is made, even below a game (whose other changes leave it alone)."""
    from wagtail.models import PageViewRestriction

    PageViewRestriction.objects.create(page=guide, restriction_type=PageViewRestriction.LOGIN)
    assert client.get(guide.url).status_code == 302
    other = guide.get_parent()
    assert client.get(other.url).status_code == 200  # what is known of aliases is remembered
    alias = guide.create_alias(parent=other, update_slug="the-alias")
    response = client.get(alias.url)
    assert response.status_code == 302 and "login" in response["Location"]


def test_restricted_pages_and_aliases_are_told_apart_in_one_query(
    guide, policy, django_assert_num_queries
):
    """The paths readers' pages are checked against: a restricted page is not an alias, an
    alias is not restricted, and a page that is both is in both lists."""
    from wagtail.models import PageViewRestriction

    from core.pages import restricted_paths

    PageViewRestriction.objects.create(page=guide, restriction_type=PageViewRestriction.LOGIN)
    alias = policy.create_alias(parent=policy.get_parent(), update_slug="policy-alias")
    with django_assert_num_queries(1):
        restricted, aliases = restricted_paths()
    assert restricted == [guide.path]
    assert aliases == [alias.path]
    PageViewRestriction.objects.create(page=alias, restriction_type=PageViewRestriction.LOGIN)
    restricted, aliases = restricted_paths()
    assert sorted(restricted) == sorted([guide.path, alias.path]) and aliases == [alias.path]


def test_breadcrumbs_name_each_level_the_route_passed(client, guide, game_page):
    """The trail comes from the pages routing found (no query of its own); it still lists
    the games index and the game, each linked, then the guide unlinked."""
    trail = soup(client.get(guide.url)).select_one("nav.breadcrumbs")
    links = [(a.get_text(strip=True), a["href"]) for a in trail.select("a")]
    assert (game_page.title, game_page.url) in links
    assert (game_page.get_parent().title, game_page.get_parent().url) in links
    assert guide.title in trail.get_text()
