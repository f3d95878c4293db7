"""The page view: the same page for every address, Wagtail's hooks applied, whichever way
the route was found (the stored addresses, or Wagtail's own routing when they say nothing)."""

import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.http import HttpResponse
from django.test.utils import CaptureQueriesContext
from wagtail import hooks
from wagtail.models import Page

from tests.guides.factories import url_in

pytestmark = pytest.mark.django_db


def test_a_page_whose_stored_address_is_missing_is_still_found(client, spanish_guide):
    """Wagtail's own routing answers when the stored addresses do not."""
    url = url_in(spanish_guide, "es")
    Page.objects.filter(pk=spanish_guide.pk).update(url_path_es=None)
    response = client.get(url)
    assert response.status_code == 200
    assert response.context["page"].pk == spanish_guide.pk


def test_an_address_no_page_has_is_not_found(client, guide):
    assert client.get(guide.url + "no-such-page/").status_code == 404


def test_wagtails_serving_hooks_see_the_routed_page(client, guide):
    seen = []

    def before(page, request, args, kwargs):
        seen.append(("before", page.pk))

    def on_serve(next_serve):
        def serve(page, request, args, kwargs):
            seen.append(("on", page.pk))
            return next_serve(page, request, args, kwargs)

        return serve

    with (
        hooks.register_temporarily("before_serve_page", before),
        hooks.register_temporarily("on_serve_page", on_serve),
    ):
        assert client.get(guide.url).status_code == 200
    assert ("before", guide.pk) in seen and ("on", guide.pk) in seen


def test_a_before_serve_hook_can_answer_instead_of_the_page(client, guide):
    def refuse(page, request, args, kwargs):
        return HttpResponse("Not today.", status=418)

    with hooks.register_temporarily("before_serve_page", refuse):
        response = client.get(guide.url)
    assert response.status_code == 418


def test_a_remembered_route_follows_each_change_to_the_page_and_the_tree(client, guide):
    """The page an address names is remembered (read again, only the site is asked): a
    retitled page, a renamed parent, a new slug and an unpublished page each show on the
    next read."""

    def read(url):
        response = client.get(url)
        soup = BeautifulSoup(response.content, "html.parser")
        crumbs = [crumb.get_text(" ", strip=True) for crumb in soup.select(".breadcrumbs li")]
        return response.status_code, soup.h1.get_text(strip=True) if soup.h1 else "", crumbs

    address = guide.url
    status, title, crumbs = read(address)
    assert (status, title) == (200, guide.title)
    assert read(address) == (status, title, crumbs)
    with CaptureQueriesContext(connection) as read_again:
        client.get(address)
    # The site Wagtail finds for the request: neither the route nor the body asks.
    assert [query["sql"] for query in read_again] == [
        query["sql"] for query in read_again if "wagtailcore_site" in query["sql"]
    ]

    guide.title = "How to play, retitled"
    guide.save_revision().publish()
    assert read(address)[1] == "How to play, retitled"

    game_page = guide.get_parent().specific
    game_page.title = "A renamed game"
    game_page.save_revision().publish()
    assert "A renamed game" in read(address)[2]

    guide.slug = "learn-to-play"
    guide.save_revision().publish()
    assert read(address)[0] == 404
    assert read(Page.objects.get(pk=guide.pk).url)[:2] == (200, "How to play, retitled")

    Page.objects.get(pk=guide.pk).specific.unpublish()
    assert read(Page.objects.get(pk=guide.pk).url)[0] == 404
