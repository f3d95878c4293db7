"""A reader compares two versions of a guide from its change log, in English and Spanish:
the words added and removed are marked, and say so to a screen reader."""

import re

from tests.browser.conftest import BROWSER_TEST, accessibility_violations
from tests.guides.factories import url_in

pytestmark = BROWSER_TEST


def marked(change, tag):
    """The words a sighted reader sees marked `tag` (ins or del) in one change."""
    return " ".join(change.locator(tag).all_inner_texts())


def test_a_reader_compares_two_versions_in_english_and_spanish(journey, demo_guide):
    """The demo guide's two versions: version 2 rewrote the end of the game."""
    assert demo_guide.version_number == 2
    reader = journey.open()

    # From the change log, the current version's line compares it with version 1.
    reader.goto(journey.url + url_in(demo_guide, "en"))
    line = reader.locator(".change-log li", has_text="(current)")
    line.get_by_role("link", name="Compare with version 1").click()
    reader.wait_for_url(re.compile(r"/how-to-play/compare/1/2/$"))
    assert reader.get_by_role("heading", level=1).inner_text() == (
        "What changed from version 1 to version 2"
    )
    assert "Key:" in reader.locator(".diff-legend").inner_text()
    removed = reader.locator(".compare-change--removed", has_text="End of the game")
    assert "keep taking turns from the market" in marked(removed, "del")
    added = reader.locator(".compare-change--added", has_text="Breaking a tie").last
    assert "The highest total wins" in marked(added, "ins")
    # Said in words too: hidden from sight, read by screen readers.
    hidden = added.locator("ins .visually-hidden").first
    assert hidden.text_content() == "[added: " and hidden.bounding_box()["width"] <= 1
    assert removed.locator("del").first.text_content().startswith("[removed: ")
    violations, results = accessibility_violations(reader)
    assert violations == [], results.generate_report()

    # The same comparison for a Spanish reader, from the language switcher.
    reader.get_by_role("link", name="Español").click()
    reader.wait_for_url(re.compile(rf"^{journey.url}/es/.*/como-jugar/comparar/1/2/$"))
    assert reader.get_by_role("heading", level=1).inner_text() == (
        "Qué cambió de la versión 1 a la versión 2"
    )
    removed = reader.locator(".compare-change--removed", has_text="Final de la partida")
    assert "se sigue jugando con las cartas del mercado" in marked(removed, "del")
    added = reader.locator(".compare-change--added", has_text="Desempates").last
    assert "Gana quien tenga más puntos" in marked(added, "ins")
    assert added.locator("ins").first.text_content().startswith("[añadido: ")

    # A Spanish reader of the old version goes from its banner to the same comparison,
    # and from the change log of the current one.
    reader.goto(journey.url + url_in(demo_guide, "es") + "v/1/")
    reader.get_by_role("link", name="Comparar con la versión actual").click()
    reader.wait_for_url(re.compile(r"/como-jugar/comparar/1/2/$"))
    reader.goto(journey.url + url_in(demo_guide, "es"))
    line = reader.locator(".change-log li", has_text="(actual)")
    line.get_by_role("link", name="Comparar con la versión 1").click()
    reader.wait_for_url(re.compile(r"/como-jugar/comparar/1/2/$"))
    assert "[eliminado: " in reader.locator(".compare-change--removed del").first.text_content()
