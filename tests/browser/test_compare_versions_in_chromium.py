"""A reader compares two versions of a guide from its change log, in English and Spanish:
the words added and removed are marked, and say so to a screen reader."""

import re

from tests.browser.conftest import BROWSER_TEST
from tests.guides.factories import publish_version, url_in

pytestmark = BROWSER_TEST


def test_a_reader_compares_two_versions_in_english_and_spanish(journey, demo_guide):
    first = demo_guide.version_number
    publish_version(
        demo_guide,
        "Illustrative: the summary names the market.",
        intro_en="Illustrative summary: draft two cards from the market, then build.",
        intro_es="Resumen ilustrativo: roba dos cartas del mercado y construye.",
    )
    later = first + 1
    reader = journey.open()

    reader.goto(journey.url + url_in(demo_guide, "en"))
    reader.get_by_role("link", name=f"What changed in version {later}").click()
    reader.wait_for_url(re.compile(rf"/compare/{first}/{later}/$"))
    heading = reader.get_by_role("heading", level=1)
    assert heading.inner_text() == f"What changed from version {first} to version {later}"
    summary = reader.locator(".compare-change", has_text="Summary")
    added = " ".join(summary.locator("ins").all_inner_texts())
    assert "market" in added and "build" in added
    assert summary.locator("ins .visually-hidden").first.inner_text().startswith("[added:")
    assert (
        "Illustrative: the summary names the market."
        in reader.locator(".compare-versions__notes").inner_text()
    )

    # The same comparison for a Spanish reader, from the language switcher.
    reader.get_by_role("link", name="Español").click()
    reader.wait_for_url(re.compile(rf"^{journey.url}/es/.*/compare/{first}/{later}/$"))
    summary = reader.locator(".compare-change", has_text="Resumen")
    added = " ".join(summary.locator("ins").all_inner_texts())
    assert "mercado" in added and "[añadido:" in added

    # From the old version's banner, what changed since.
    reader.goto(journey.url + url_in(demo_guide, "es") + f"v/{first}/")
    reader.get_by_role("link", name=f"Qué cambió después, hasta la versión {later}").click()
    reader.wait_for_url(re.compile(rf"/compare/{first}/{later}/$"))
    assert reader.get_by_role("heading", level=1).inner_text() == (
        f"Qué cambió de la versión {first} a la versión {later}"
    )
