"""The page view: the same page for every address, Wagtail's hooks applied, whichever way
the route was found (the stored addresses, or Wagtail's own routing when they say nothing)."""

import pytest
from django.http import HttpResponse
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
