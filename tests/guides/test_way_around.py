"""A way around: the header's links, breadcrumbs, a guide's table of contents, its
sibling guides and game's rulings, and related rulings both ways."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from rulings.models import Ruling
from tests.guides.factories import GuidePageFactory, add_source, publish, url_in
from tests.guides.fixtures import fixtures_from_guide_site

pytestmark = pytest.mark.django_db


# The guide's site is built once for the module (tests.guides.fixtures.GuideSite).
home, policy, game_page, rulebook, guide = fixtures_from_guide_site()


BODY = [
    ("heading", "Setting up"),
    ("paragraph", "<p>Shuffle each tier separately.</p>"),
    ("heading", "Permanent resources"),
    ("paragraph", "<p>A permanent resource pays for one building each turn.</p>"),
]


@pytest.fixture
def permanent_ruling(game_page):
    return Ruling.objects.create(
        edition=game_page.game.editions.get(),
        question="Can a permanent resource pay for two buildings in one turn?",
        question_es="¿Puede un recurso permanente pagar dos edificios en un turno?",
        answer="No.",
    )


def related(*rulings):
    return ("related_rulings", {"rulings": list(rulings)})


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_header_links_games_rulings_search_and_the_policy(client, guide, policy, language):
    games = guide.get_parent().get_parent().specific
    html = client.get(url_in(games, language)).content.decode()
    nav = re.search(r'<nav class="main-nav".*?</nav>', html, re.S).group(0)
    with translation.override(language):
        expected = [url_in(games, language), reverse("rulings:index"), url_in(policy, language)]
    expected.append("/en/search/" if language == "en" else "/es/buscar/")
    for url in expected:
        assert f'href="{url}"' in nav, url
    # The section being read is marked.
    assert f'href="{url_in(games, language)}" aria-current="page"' in nav
    guide_nav = re.search(
        r'<nav class="main-nav".*?</nav>',
        client.get(url_in(guide, language)).content.decode(),
        re.S,
    ).group(0)
    assert f'href="{url_in(games, language)}" aria-current="true"' in guide_nav


def test_the_header_follows_a_renamed_games_index(client, guide):
    games = guide.get_parent().get_parent().specific
    client.get(guide.url)  # the links are now cached
    publish(games, slug="board-games", slug_en="board-games")
    html = client.get(guide.url).content.decode()
    assert 'href="/en/board-games/"' in html


def test_breadcrumbs_on_guides_and_rulings(client, guide, ruling):
    html = client.get(guide.url).content.decode()
    trail = re.search(r'<nav class="breadcrumbs".*?</nav>', html, re.S).group(0)
    game_page = guide.get_parent()
    assert [m for m in re.findall(r'href="([^"]+)"', trail)] == [
        "/en/",
        game_page.get_parent().url,
        game_page.url,
    ]
    assert f'aria-current="page">{guide.title}<' in trail
    html = client.get(ruling.get_absolute_url()).content.decode()
    trail = re.search(r'<nav class="breadcrumbs".*?</nav>', html, re.S).group(0)
    assert reverse("rulings:index") in trail and ruling.edition.get_absolute_url() in trail


def test_the_table_of_contents_lists_every_heading_and_links_its_anchor(client, guide):
    guide = publish(guide, body=BODY)
    html = client.get(guide.url).content.decode()
    toc = re.search(r'<nav class="toc".*?</nav>', html, re.S).group(0)
    links = re.findall(r'href="#([^"]+)"[^>]*>([^<]+)<', toc)
    assert links[:2] == [
        ("setting-up", "Setting up"),
        ("permanent-resources", "Permanent resources"),
    ]
    for anchor, _title in links:
        assert f'id="{anchor}"' in html, anchor  # every entry lands on its section
    # Works without JavaScript (plain links); the script only marks the current section.
    assert "data-toc" in toc and "js/site.js" in html


def test_the_spanish_table_of_contents_follows_the_spanish_headings(client, spanish_guide):
    html = client.get(url_in(spanish_guide, "es")).content.decode()
    toc = re.search(r'<nav class="toc".*?</nav>', html, re.S).group(0)
    assert 'href="#preparacion"' in toc and "Preparación" in toc and 'id="preparacion"' in html


def test_a_guide_links_its_sibling_guides_and_its_games_rulings(client, guide, game_page):
    sibling = GuidePageFactory(
        parent=game_page, title="Draft and build", slug="draft-and-build", live=False
    )
    add_source(sibling, game_page.game.editions.get().documents.get())
    sibling.save()
    sibling = publish(sibling)
    html = client.get(guide.url).content.decode()
    more = re.search(r'<section class="more".*?</section>', html, re.S).group(0)
    assert sibling.url in more and guide.url not in more
    edition = game_page.game.editions.get()
    assert edition.get_absolute_url() in more
    assert reverse("rulings:ask") + "?edition=" + edition.code in more


def test_related_rulings_are_listed_under_their_section_and_link_back(
    client, guide, permanent_ruling
):
    guide = publish(guide, body=[*BODY[:3], related(permanent_ruling), *BODY[3:]])
    html = client.get(guide.url).content.decode()
    section = html[html.index('id="permanent-resources"') :]
    assert permanent_ruling.get_absolute_url() in section
    assert permanent_ruling.get_absolute_url() not in html[: html.index('id="permanent-resources"')]
    # …and the ruling names the section, in each language.
    ruling_html = client.get(permanent_ruling.get_absolute_url()).content.decode()
    assert f'href="{guide.url}#permanent-resources"' in ruling_html
    assert "Permanent resources" in ruling_html


def test_a_ruling_read_before_a_guide_names_it_links_back_at_once(client, guide, permanent_ruling):
    """What the ruling's page read is kept until a change to it: a guide naming it is one."""
    assert (
        "#permanent-resources"
        not in client.get(permanent_ruling.get_absolute_url()).content.decode()
    )
    guide = publish(guide, body=[*BODY[:3], related(permanent_ruling), *BODY[3:]])
    ruling_html = client.get(permanent_ruling.get_absolute_url()).content.decode()
    assert f'href="{guide.url}#permanent-resources"' in ruling_html
    publish(guide, body=BODY)
    assert guide.url not in client.get(permanent_ruling.get_absolute_url()).content.decode()


def test_a_ruling_stops_linking_back_when_the_section_no_longer_names_it(
    client, guide, permanent_ruling
):
    guide = publish(guide, body=[*BODY[:3], related(permanent_ruling)])
    publish(guide, body=BODY)
    assert guide.url not in client.get(permanent_ruling.get_absolute_url()).content.decode()


def test_a_withdrawn_ruling_is_not_listed(client, guide, permanent_ruling):
    permanent_ruling.status = Ruling.Status.WITHDRAWN
    permanent_ruling.save()
    guide = publish(guide, body=[*BODY[:3], related(permanent_ruling)])
    assert permanent_ruling.get_absolute_url() not in client.get(guide.url).content.decode()


def test_editors_see_suggested_rulings_for_each_section(admin_client, guide, permanent_ruling):
    guide = publish(guide, body=BODY)
    html = admin_client.get(f"/admin/pages/{guide.pk}/edit/").content.decode()
    assert "Suggested related rulings" in html
    panel = html[html.index("related-suggestions") :]
    # Suggested under "Permanent resources", the section whose text it is like.
    assert panel.index("Permanent resources") < panel.index(permanent_ruling.question)


def test_the_game_and_edition_pages_offer_the_question_form(client, game_page):
    edition = game_page.game.editions.get()
    for url in (game_page.url, edition.get_absolute_url()):
        html = client.get(url).content.decode()
        assert f'action="{reverse("rulings:ask")}"' in html and 'name="question"' in html, url


def test_related_rulings_cost_no_query_per_ruling(client, guide, game_page):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    edition = game_page.game.editions.get()
    rulings = [
        Ruling.objects.create(edition=edition, question=f"Question {n} about building?")
        for n in range(6)
    ]

    def queries_with(body):
        page = publish(guide, body=body)
        client.get(page.url)  # warm the header's links
        with CaptureQueriesContext(connection) as queries:
            html = client.get(page.url).content.decode()
        return len(queries), html

    one, _html = queries_with([*BODY[:3], related(rulings[0])])
    six, html = queries_with([*BODY[:3], related(*rulings[:3]), *BODY[3:], related(*rulings[3:])])
    assert all(r.get_absolute_url() in html for r in rulings)
    assert six == one
