"""The request's Wagtail site, remembered per host (core.pages.remembered_site): no query for
it once remembered, and a site added or changed is followed at once."""

import pytest
from django.db import OperationalError, connection
from django.test.utils import CaptureQueriesContext
from wagtail.models import Site

from core.cache_tags import bump_everything
from tests.guides.factories import GamesIndexPageFactory

pytestmark = pytest.mark.django_db


def site_queries(client, url, **extra):
    with CaptureQueriesContext(connection) as context:
        response = client.get(url, **extra)
    assert response.status_code == 200, url
    return response, [q["sql"] for q in context.captured_queries if "wagtailcore_site" in q["sql"]]


def test_a_page_asks_for_its_site_once_then_remembers_it(client, home):
    site_queries(client, "/en/")
    _response, asked = site_queries(client, "/en/")
    assert asked == []


def test_a_site_added_for_a_host_serves_that_host_at_once(client, home):
    games = GamesIndexPageFactory(parent=home, title="Games", slug="games")
    response, _asked = site_queries(client, "/en/", HTTP_HOST="127.0.0.1")
    assert response.context["page"].pk == home.pk  # the default site, remembered for the host
    Site.objects.create(hostname="127.0.0.1", port=80, root_page=games, is_default_site=False)
    response, _asked = site_queries(client, "/en/", HTTP_HOST="127.0.0.1")
    assert response.context["page"].pk == games.pk
    assert site_queries(client, "/en/", HTTP_HOST="localhost")[0].context["page"].pk == home.pk


def test_a_request_that_needs_no_site_is_answered_when_the_database_cannot_say(
    client, home, monkeypatch
):
    def unreachable(request):
        raise OperationalError("the database is away")

    bump_everything()  # nothing remembered: the site is looked up
    monkeypatch.setattr(Site, "find_for_request", staticmethod(unreachable))
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert "Sitemap:" in response.content.decode()
