"""An editor's bookmark of a catalogue listing or form from before the catalogue had its own
app still leads there: the old admin address answers with a permanent redirect to the new
one, the rest of the path and the query kept."""

import pytest
from django.urls import resolve

from rulesage.urls import MOVED_TO_CATALOGUE


@pytest.mark.parametrize("model", MOVED_TO_CATALOGUE)
def test_a_former_catalogue_admin_address_moves_to_the_catalogue(client, db, model):
    response = client.get(f"/admin/snippets/rulings/{model}/edit/12/?next=%2Fadmin%2F")

    assert response.status_code == 301
    assert response["Location"] == f"/admin/snippets/catalogue/{model}/edit/12/?next=%2Fadmin%2F"
    assert resolve(f"/admin/snippets/catalogue/{model}/edit/12/").view_name == (
        f"wagtailsnippets_catalogue_{model}:edit"
    )


def test_a_former_catalogue_listing_moves_to_its_listing(client, db):
    response = client.get("/admin/snippets/rulings/game/")

    assert response.status_code == 301
    assert response["Location"] == "/admin/snippets/catalogue/game/"


def test_the_rulings_own_admin_addresses_stay(admin_client):
    response = admin_client.get("/admin/snippets/rulings/ruling/")

    assert response.status_code == 200
