"""Spanish readers find the English rulings that answer them, through the game's glossary,
in Chromium: on the ask page's check step and in the site search."""

import re

from rulings.models import Ruling
from tests.browser.conftest import BROWSER_TEST, accessibility_violations

pytestmark = BROWSER_TEST


def test_a_spanish_question_about_a_tie_finds_the_english_tie_ruling(journey, demo_site):
    tie = Ruling.objects.get(slug="what-breaks-a-tie")
    assert not tie.question_es  # English only: nothing Spanish to match
    reader = journey.open()
    reader.goto(f"{journey.url}/es/resoluciones/preguntar/")
    reader.get_by_label("Juego y edición").fill("bg-368017-en-1e")
    reader.get_by_label("Tu pregunta").fill("¿Quién gana si empatamos a puntos?")
    reader.get_by_role("button", name="Buscar respuestas").click()
    similar = reader.locator("#similar")
    link = similar.get_by_role("link", name="What breaks a tie?")
    assert link.count() == 1
    assert link.get_attribute("lang") == "en"
    item = similar.locator("li.in-english").filter(has_text="What breaks a tie?")
    assert "en inglés" in item.inner_text()
    assert "se muestran en inglés" in similar.inner_text()
    violations, results = accessibility_violations(reader)
    assert violations == [], results.generate_report()
    # The ruling's page says it is shown as written, in English.
    link.click()
    assert "está redactada en inglés" in reader.locator(".notice--translation").inner_text()


def test_spanish_search_finds_english_rulings_and_passages_of_the_game(journey, demo_site):
    reader = journey.open()
    reader.goto(f"{journey.url}/es/buscar/")
    reader.locator("main").get_by_label("Buscar en guías, resoluciones y reglamentos").fill(
        "empates"
    )
    reader.locator("form.search-form button[type=submit]").click()
    reader.wait_for_url(re.compile(r"q=empates"))
    rulings = reader.locator("section.search-group").filter(
        has=reader.locator("h2#results-rulings")
    )
    tie = rulings.get_by_role("link", name="What breaks a tie?")
    assert tie.count() == 1 and tie.get_attribute("lang") == "en"
    assert "en inglés" in rulings.locator("li.in-english").first.inner_text()

    reader.locator("main").get_by_label("Buscar en guías, resoluciones y reglamentos").fill(
        "recursos permanentes"
    )
    reader.locator("form.search-form button[type=submit]").click()
    reader.wait_for_url(re.compile(r"q=recursos\+permanentes"))
    passages = reader.locator("section.search-group").filter(
        has=reader.locator("h2#results-passages")
    )
    found = passages.locator("li.in-english")
    assert found.count() >= 1
    assert found.first.locator("a").get_attribute("lang") == "en"
    marks = [text.lower() for text in found.first.locator(".snippet mark").all_inner_texts()]
    assert any(mark.startswith("permanent") for mark in marks), marks
    violations, results = accessibility_violations(reader)
    assert violations == [], results.generate_report()
