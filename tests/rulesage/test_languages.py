"""Every reader page in English and Spanish: language prefix, lang, switcher and hreflang."""

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse
from django.utils import translation

from tests.guides.factories import publish, publish_version, url_in

pytestmark = pytest.mark.django_db

ORIGIN = "http://testserver"


def language_links(client, url):
    """(<html lang>, {hreflang: absolute URL}, {switcher language: URL}) of a page."""
    response = client.get(url)
    assert response.status_code == 200, url
    html = BeautifulSoup(response.content, "html.parser")
    alternates = {
        link["hreflang"]: link["href"] for link in html.select("head link[rel=alternate][hreflang]")
    }
    switcher = {a["hreflang"]: a["href"] for a in html.select(".language-switcher a[hreflang]")}
    current = html.select_one(".language-switcher [aria-current]")["lang"]
    assert current == html.html["lang"]
    return html.html["lang"], alternates, switcher


@pytest.mark.parametrize(
    ("accept", "expected"),
    [("es-ES,es;q=0.9,en;q=0.8", "/es/"), ("es", "/es/"), ("fr-FR,fr;q=0.9", "/en/"), ("", "/en/")],
)
def test_root_redirects_by_accept_language(client, home, accept, expected):
    headers = {"HTTP_ACCEPT_LANGUAGE": accept} if accept else {}
    response = client.get("/", **headers)
    assert response.status_code == 302
    assert response["Location"] == expected
    assert "Accept-Language" in response["Vary"]


def test_guide_and_its_old_version_link_their_translations(client, spanish_guide):
    guide = publish_version(spanish_guide, "Added the tie-break rule.")
    en, es = url_in(guide, "en"), url_in(guide, "es")
    assert es.startswith("/es/") and es.endswith("/como-jugar/")
    for suffix in ("", "v/1/"):
        for language, url in (("en", en + suffix), ("es", es + suffix)):
            lang, alternates, switcher = language_links(client, url)
            assert lang == language
            assert alternates == {
                "en": ORIGIN + en + suffix,
                "es": ORIGIN + es + suffix,
                "x-default": ORIGIN + en + suffix,
            }
            other = "es" if language == "en" else "en"
            assert switcher == {other: (en if other == "en" else es) + suffix}


def test_old_version_alternates_follow_the_live_slug(client, spanish_guide):
    guide = publish_version(spanish_guide, "Second version.")
    guide = publish(guide, slug_es="como-se-juega")
    _lang, alternates, _switcher = language_links(client, url_in(guide, "en") + "v/1/")
    assert alternates["es"].endswith("/es/games/point-city/como-se-juega/v/1/")


def test_corrections_log_in_both_languages(client, home):
    for language in ("en", "es"):
        with translation.override(language):
            url = reverse("corrections_log")
        lang, alternates, switcher = language_links(client, url)
        assert lang == language
        assert alternates == {
            "en": f"{ORIGIN}/en/corrections/",
            "es": f"{ORIGIN}/es/correcciones/",
            "x-default": f"{ORIGIN}/en/corrections/",
        }
        assert list(switcher.values()) == [
            "/es/correcciones/" if language == "en" else "/en/corrections/"
        ]


def test_not_found_offers_each_languages_home(client, home):
    response = client.get("/es/no-existe/")
    assert response.status_code == 404
    html = BeautifulSoup(response.content, "html.parser")
    assert html.html["lang"] == "es"
    assert html.h1.get_text() == "Página no encontrada"
    assert [a["href"] for a in html.select(".language-switcher a")] == ["/en/"]
    assert not html.select("head link[hreflang]")
