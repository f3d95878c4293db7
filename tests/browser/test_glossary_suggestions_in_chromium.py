"""A translator accepts a glossary pair mined from the demo's Spanish guide, in Chromium, and
a Spanish search then finds the English ruling it carries over to."""

import re

from catalogue.models import GlossaryTerm
from tests.browser.conftest import BROWSER_TEST, accessibility_violations, log_in
from tests.conftest import make_user

pytestmark = BROWSER_TEST

GAME = "archaeology-the-new-expedition"
RULING = "What happens when I draw a Sandstorm card?"


def search(reader, base_url, words):
    reader.goto(f"{base_url}/es/buscar/")
    reader.locator("main").get_by_label("Buscar en guías, resoluciones y reglamentos").fill(words)
    reader.locator("form.search-form button[type=submit]").click()
    reader.wait_for_url(re.compile(r"q=tormenta"))
    return reader.locator("section.search-group").filter(has=reader.locator("h2#results-rulings"))


def test_a_translator_accepts_a_suggested_pair_and_spanish_search_finds_the_ruling(
    journey, demo_site, django_user_model, roles
):
    assert not GlossaryTerm.objects.filter(game__slug=GAME).exists()
    reader = journey.open()
    assert (
        search(reader, journey.url, "tormenta de arena").get_by_role("link", name=RULING).count()
        == 0
    )

    make_user(django_user_model, "tania", roles["Translators"])
    translator = journey.open()
    log_in(translator, journey.url, "tania")
    translator.goto(f"{journey.url}/admin/glossary-suggestions/")
    translator.get_by_label("Game").fill("archaeology")
    translator.get_by_role("button", name="Show").click()
    translator.wait_for_url(re.compile(r"game=archaeology"))
    row = (
        translator.locator("tr.suggestion")
        .filter(has=translator.locator("td", has_text=re.compile(r"^Sandstorm$")))
        .filter(has=translator.locator("td", has_text=re.compile(r"^Tormenta de arena$")))
    )
    row.first.wait_for()
    assert row.count() == 1
    assert "Tormenta de arena" in row.locator("ul").inner_text()  # the sentences it came from
    violations, results = accessibility_violations(translator)
    assert violations == [], results.generate_report()
    row.get_by_role("button", name="Accept").click()
    translator.locator(".messages").get_by_text("Added to the glossary").wait_for()
    assert GlossaryTerm.objects.filter(
        game__slug=GAME, english="Sandstorm", translation="Tormenta de arena"
    ).exists()

    rulings = search(reader, journey.url, "tormenta de arena")
    link = rulings.get_by_role("link", name=RULING)
    assert link.count() == 1 and link.get_attribute("lang") == "en"
