"""Translators decide the glossary suggestions in the admin: a page at a time, each pair with
the sentences it came from; accepted into the glossary or rejected for good."""

import pytest
from django.urls import reverse

from catalogue.models import GlossarySuggestion, GlossaryTerm
from catalogue.suggestion_admin import PER_PAGE
from tests.rulings.factories import GameFactory

pytestmark = pytest.mark.django_db

LIST = reverse("glossary_suggestions")


def decide(pk, decision):
    return reverse("glossary_suggestion_decision", args=[pk, decision])


@pytest.fixture
def suggestions(db):
    rows = []
    for number in range(2):
        game = GameFactory(name=f"Game {number}", slug=f"game-{number}")
        rows += [
            GlossarySuggestion(
                game=game,
                english=f"Term {n}",
                translation=f"término {n}",
                score=n / 100,
                sources=[[f"A Term {n} here.", f"Un término {n} aquí."]],
            )
            for n in range(PER_PAGE + 5)
        ]
    return GlossarySuggestion.objects.bulk_create(rows)


def test_the_list_is_paginated_with_the_sources_and_bounded_in_queries(
    client, translator, suggestions, django_assert_max_num_queries
):
    client.force_login(translator)
    with django_assert_max_num_queries(14):
        page = client.get(LIST).content.decode()
    assert page.count('class="suggestion"') == PER_PAGE
    assert "Term 29" in page and "Un término 29 aquí." in page
    assert "Term 0<" not in page  # the weakest on a later page
    game = suggestions[0].game
    with django_assert_max_num_queries(14):
        second = client.get(LIST, {"game": f"  {game.name.upper()} ", "p": 2}).content.decode()
    assert second.count('class="suggestion"') == 5
    assert "Game 1" not in second.split("<tbody>")[1]
    # The game is typed, not chosen from a list that grows with the catalogue.
    assert "<option" not in page and "<option" not in second


def test_accepting_adds_the_pair_to_the_glossary_and_rejecting_keeps_it_out(
    client, translator, suggestions
):
    client.force_login(translator)
    accepted, rejected = suggestions[3], suggestions[4]
    assert client.post(decide(accepted.pk, "accept")).status_code == 302
    term = GlossaryTerm.objects.get()
    assert (term.game, term.english, term.translation, term.stems) == (
        accepted.game,
        "Term 3",
        "término 3",
        "termin 3",
    )
    assert client.post(decide(rejected.pk, "reject")).status_code == 302
    statuses = dict(GlossarySuggestion.objects.values_list("pk", "status"))
    assert statuses[accepted.pk] == "accepted" and statuses[rejected.pk] == "rejected"
    page = client.get(LIST).content.decode()
    assert "término 3<" not in page and "término 4<" not in page
    # Deciding again changes nothing.
    assert client.post(decide(rejected.pk, "accept")).status_code == 302
    assert GlossaryTerm.objects.count() == 1


def test_only_those_who_keep_the_glossary_decide(client, django_user_model, suggestions):
    # Signed in without the admin: sent to its sign-in page, nothing decided.
    client.force_login(django_user_model.objects.create_user("reader", password="x"))
    response = client.post(decide(suggestions[0].pk, "accept"))
    assert response.status_code == 302 and "/admin/login/" in response.url
    assert not GlossaryTerm.objects.exists()
    assert GlossarySuggestion.objects.get(pk=suggestions[0].pk).status == "suggested"


def test_the_suggestions_are_found_under_rules_beside_the_glossary(rf, translator):
    from wagtail.admin.menu import admin_menu

    request = rf.get("/admin/")
    request.user = translator
    items = {item.label: item for item in admin_menu.menu_items_for_request(request)}
    assert "Glossary suggestions" not in items
    rules = [item.url for item in items["Rules"].menu.menu_items_for_request(request)]
    assert rules[-1] == LIST
