"""The demo beside the seed exports (../shared/seeds): the exports keep their real
provenance and snippets, the illustrative rulings alone are labelled so. The demo is
loaded once for the module (`demo_site`)."""

import pytest
from django.urls import reverse

from catalogue.models import Passage
from rulings.models import Ruling
from tests.devtools.test_honest_demo import ILLUSTRATIVE, QUESTIONS, html
from tests.seeds import POINT_CITY_RULING, seed_path

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("demo_site")]


def test_rulings_list_labels_every_illustrative_ruling_and_only_those(client):
    page = html(client, reverse("rulings:index"))
    items = page.select(".ruling-list li")
    labelled = {item.a.get_text() for item in items if item.select_one(".label--illustrative")}
    assert labelled == QUESTIONS
    for item in items:
        if item.select_one(".label--illustrative"):
            assert item.select_one(".label--illustrative").get_text() == ILLUSTRATIVE
    exported = Ruling.objects.filter(origin=Ruling.Origin.EXPORT)
    if exported:  # the seed exports keep their real provenance
        assert all(r.source_file.startswith("ruling-") for r in exported)


def test_seed_snippets_are_shown_as_dated_snippets_not_as_the_rulebook(client):
    seed_path(POINT_CITY_RULING)  # the demo imports it when present; CI must have it
    passage = Passage.objects.get(page=9, heading_path="GAME END · SCORING")
    assert passage.text_origin == Passage.TextOrigin.SEARCH_SNIPPET
    page = html(client, passage.document.get_absolute_url())
    section = page.find(id=passage.anchor)
    label = section.select_one(".passage-source").get_text(" ", strip=True)
    assert label == (
        "The passage search's snippet, cut to at most 300 characters, from the rules Q&A "
        "export of 6 September 2026 — not the rulebook's own text:"
    )
    quote = section.select_one("blockquote.passage-text--snippet").get_text()
    assert quote.startswith("The game ends when the Market") and quote.endswith("by the…")
