"""A Spanish reader asks on each demo game's Spanish ask page, in Chromium, with every glossary
emptied: the English ruling that answers the question is offered all the same, carried over by
the suggestions mined from the demo's Spanish guides when it loaded and by the words both
languages share."""

import pytest

from catalogue.models import GlossarySuggestion, GlossaryTerm
from tests.browser.conftest import BROWSER_TEST, accessibility_violations

pytestmark = BROWSER_TEST

ASKED = [
    # The example readers met: no glossary said that "tormenta de arena" is the Sandstorm.
    (
        "Archaeology: The New Expedition",
        "¿Qué pasa si sale una tormenta de arena y ya usé mi tienda?",
        "What happens when I draw a Sandstorm card?",
    ),
    (
        "Ciudad de Puntos",
        "¿En qué orden relleno los huecos después de coger cartas?",
        "In what order do I refill the market after drafting from it?",
    ),
]


@pytest.fixture
def no_glossary(demo_site):
    """The demo as loaded, its glossary terms deleted one by one (as the admin deletes them,
    so that what remembers a glossary forgets it); the suggestions stay."""
    for term in GlossaryTerm.objects.all():
        term.delete()
    assert GlossarySuggestion.objects.filter(status=GlossarySuggestion.Status.SUGGESTED).exists()
    return demo_site


@pytest.mark.parametrize(("game", "question", "ruling"), ASKED)
def test_a_spanish_question_is_offered_the_english_ruling_without_a_glossary(
    journey, no_glossary, game, question, ruling
):
    reader = journey.open()
    reader.goto(f"{journey.url}/es/")
    reader.locator(".main-nav a").first.click()  # Juegos
    reader.get_by_role("link", name=game, exact=True).click()
    form = reader.locator("#ask")
    form.locator("textarea").fill(question)
    form.locator("button").click()
    reader.wait_for_url("**/es/resoluciones/preguntar/**")
    similar = reader.locator("#similar")
    assert "Ya respondidas" in similar.inner_text()
    link = similar.get_by_role("link", name=ruling)
    assert link.count() == 1
    assert link.get_attribute("lang") == "en"  # shown as written, and marked so
    assert "en inglés" in similar.inner_text()
    violations, results = accessibility_violations(reader)
    assert violations == [], results.generate_report()
