"""axe-core, all its default rules (best practices included), on every reader page of the demo.

The judges (Lighthouse, axe) found the guides' call-outs were landmarks sharing one name
(`landmark-unique`, a best-practice rule the WCAG-only checks skip). Here every kind of
reader page, in both languages, must have no axe violation at all.
"""

from axe_playwright_python.sync_playwright import Axe
from django.urls import reverse
from django.utils import translation

from guides.models import GamePage, GamesIndexPage, GuidePage
from pages.models import HomePage, StandardPage
from rulings.models import Ruling
from tests.browser.conftest import BROWSER_TEST

pytestmark = BROWSER_TEST


def reader_pages():
    """(language, URL path) of every kind of reader page of the demo site."""
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")
    cut_off = Ruling.objects.get(slug="how-do-i-play", edition__code="bg-368017-en-1e")
    errata_citation = cut_off.citations.filter(passage__isnull=False).first()
    pages = [
        HomePage.objects.get(),
        GamesIndexPage.objects.get(),
        GamePage.objects.get(slug_en="point-city"),
        guide,
        StandardPage.objects.get(slug_en="editorial-policy"),
    ]
    paths = []
    for language in ("en", "es"):
        with translation.override(language):
            paths += [(language, page.url) for page in pages]
            paths += [
                (language, guide.url + "v/1/"),
                (language, reverse("rulings:index")),
                (language, cut_off.edition.get_errata_url()),
                (language, errata_citation.passage.document.get_absolute_url()),
                (language, cut_off.get_absolute_url()),
                (language, reverse("corrections_log")),
                (language, "/no-such-page/"),
            ]
    return paths


def test_every_reader_page_passes_axe(page, live_server, demo_site):
    axe = Axe()
    failures = {}
    for language, path in reader_pages():
        if path == "/no-such-page/":
            path = f"/{language}/no-such-page/"
        response = page.goto(live_server.url + path)
        assert response.status in (200, 404), path
        assert page.locator("html").get_attribute("lang") == language
        results = axe.run(page)
        violations = [v["id"] for v in results.response["violations"]]
        if violations:
            failures[path] = violations
    assert failures == {}


def test_the_favicon_loads_without_an_error_in_the_console(page, live_server, demo_site):
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
    page.goto(live_server.url + "/es/")
    page.wait_for_load_state("networkidle")
    assert errors == []
    assert page.request.get(live_server.url + "/favicon.ico").status == 200
