"""What a reader sees on a guide: checked date, sources, scope, sections."""

import pytest
from bs4 import BeautifulSoup

from tests.guides.factories import GuidePageFactory, add_source, publish, sections

pytestmark = pytest.mark.django_db


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
    # 18, and the ways around (issue 10): breadcrumbs' ancestors, the sibling guides, the
    # game's editions, and the header's links on a cold cache (the games index).
    with django_assert_max_num_queries(22):
        response = client.get(guide.url)
    assert response.status_code == 200
