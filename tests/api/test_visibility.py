"""The API shows a reader exactly the rulings the site shows, in each language: never a
draft, never one withdrawn."""

import pytest
from django.utils import translation

from rulings.models import Ruling
from rulings.views import RulingListView
from tests.api.conftest import every_item

pytestmark = pytest.mark.django_db


@pytest.fixture
def hidden(demo):
    """A draft ruling and a withdrawn one, beside the demo's public ones."""
    shown = Ruling.objects.public().select_related("edition").first()
    draft = Ruling.objects.create(
        edition=shown.edition,
        question="Is this draft seen?",
        answer="Not yet.",
        origin=Ruling.Origin.EDITOR,
        status=Ruling.Status.WRITTEN,
        live=False,
    )
    withdrawn = Ruling.objects.public().exclude(pk=shown.pk).first()
    withdrawn.status = Ruling.Status.WITHDRAWN
    withdrawn.save()
    return draft, withdrawn


def site_rulings(rf, language):
    """The rulings the site's list of every ruling shows (its view's own queryset)."""
    view = RulingListView()
    view.setup(rf.get(f"/{language}/"))
    return set(view.get_queryset().values_list("pk", flat=True))


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_api_and_the_site_show_the_same_rulings(client, rf, hidden, language):
    listed, _pages = every_item(client, "/api/v1/rulings/", language=language)
    in_api = {ruling["id"] for ruling in listed}
    with translation.override(language):
        on_site = site_rulings(rf, language)
    assert in_api == on_site and in_api
    for ruling in listed:
        page = client.get(ruling["url"])
        assert page.status_code == 200, ruling["url"]
    for ruling in hidden:
        assert ruling.pk not in in_api
        assert (
            client.get(f"/api/v1/rulings/{ruling.pk}/", {"language": language}).status_code == 404
        )
        with translation.override(language):
            assert client.get(ruling.get_absolute_url()).status_code == 404


def test_a_withdrawn_ruling_leaves_every_list(client, hidden):
    draft, withdrawn = hidden
    for address in ("/api/v1/rulings/", f"/api/v1/rulings/?edition={withdrawn.edition.code}"):
        assert withdrawn.pk not in {r["id"] for r in every_item(client, address)[0]}
