"""Setup figures in the Game form: a row that cannot be true is refused with a message."""

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse

from catalogue.models import SetupFigure
from tests.guides.factories import give_setup_figures
from tests.rulings.factories import GameFactory

pytestmark = pytest.mark.django_db


def form_data(html):
    """Every field of the Game form as the browser would send it back."""
    html = BeautifulSoup(html, "html.parser")
    form = html.select_one("input[name='setup_figures-TOTAL_FORMS']").find_parent("form")
    data = {}
    for field in form.select("input[name], select[name], textarea[name]"):
        name = field["name"]
        if field.name == "select":
            chosen = field.select_one("option[selected]")
            data[name] = chosen["value"] if chosen else ""
        elif field.name == "textarea":
            data[name] = field.get_text()
        elif field.get("type") in ("checkbox", "radio"):
            if field.has_attr("checked"):
                data[name] = field.get("value", "on")
        elif field.get("type") != "submit":
            data[name] = field.get("value", "")
    return data


@pytest.fixture
def game():
    return give_setup_figures(GameFactory())


def edit(admin_client, game, change):
    url = reverse("wagtailsnippets_catalogue_game:edit", args=[game.pk])
    data = form_data(admin_client.get(url).content)
    change(data)
    return admin_client.post(url, data)


def test_a_second_figure_for_the_same_component_and_player_count_is_refused(admin_client, game):
    def add_twin(data):
        total = int(data["setup_figures-TOTAL_FORMS"])
        for key in [k for k in data if k.startswith("setup_figures-0-")]:
            field = key.removeprefix("setup_figures-0-")
            data[f"setup_figures-{total}-{field}"] = data[key]
        data[f"setup_figures-{total}-id"] = ""
        data[f"setup_figures-{total}-ORDER"] = str(total + 1)
        data[f"setup_figures-{total}-quantity"] = "41"
        data["setup_figures-TOTAL_FORMS"] = str(total + 1)

    before = SetupFigure.objects.count()
    response = edit(admin_client, game, add_twin)
    assert response.status_code == 200
    assert "could not be saved" in response.content.decode()
    assert "duplicate" in response.content.decode()
    assert SetupFigure.objects.count() == before


def test_a_figure_over_the_box_is_refused_and_what_was_typed_stays(admin_client, game):
    def over(data):
        data["setup_figures-0-quantity"] = "66"  # tier 1 holds 65

    response = edit(admin_client, game, over)
    assert response.status_code == 200
    html = response.content.decode()
    assert "A game cannot use more than the box holds." in html
    assert 'value="66"' in html
    assert SetupFigure.objects.get(component_en="Tier 1", min_players=1).quantity == 40
