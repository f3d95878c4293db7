"""The API's tests read the demo; helpers to page through a list."""

import pytest

from tests.conftest import load_demo


@pytest.fixture
def demo(db):
    """The demo, as `make run` loads it (copied back in a moment after the first load)."""
    load_demo()


def every_item(client, address, **params):
    """Every item of a list, following its `next` links; and the pages read."""
    items, pages = [], 0
    response = client.get(address, params)
    while True:
        assert response.status_code == 200, response.content
        body = response.json()
        items += body["results"]
        pages += 1
        if not body["next"]:
            return items, pages
        response = client.get(body["next"])
