"""No address gives a 500: every URL pattern, with control characters in path and query.

The walk covers every pattern the project resolves (Wagtail's admin, documents and page
routes, the rulings routes with their converters, the corrections log and feed, the
sitemap). Each pattern is first filled with values that reach a real object, then asked
for again with a control character in each path segment and in query names and values.
"""

import re
from urllib.parse import quote

import pytest
from bs4 import BeautifulSoup
from django.urls import URLResolver, get_resolver, resolve
from django.urls.exceptions import Resolver404
from django.urls.resolvers import LocalePrefixPattern, RegexPattern, RoutePattern
from django.utils import translation
from django.utils.regex_helper import normalize

from guides.models import GuidePage
from tests.guides.factories import url_in
from tests.rulesage.fixtures import fixtures_from_full_site

pytestmark = pytest.mark.django_db


# The site is built once for the module (tests.rulesage.fixtures.FullSite).
full_site, home, policy = fixtures_from_full_site("full_site", "home", "policy")


# C0 controls, DEL and C1 controls; NUL is the one PostgreSQL refuses outright.
CONTROL_CHARACTERS = ["\x00", "\x01", "\x08", "\t", "\n", "\r", "\x1b", "\x1f", "\x7f", "\x85"]
# Query parameters the site's views and Wagtail's admin read.
QUERY_NAMES = ["edition", "status", "page", "q", "p", "next", "ordering", "language"]
# Tried in turn for a pattern's parameters that no real object names.
GENERIC_VALUES = ["1", "x", ""]


def route_format(pattern):
    """A %-format string and parameter names for one piece of a URL pattern."""
    if isinstance(pattern, LocalePrefixPattern):
        return pattern.language_prefix, []
    if isinstance(pattern, RoutePattern):
        route = str(pattern)
        names = re.findall(r"<(?:[^>:]+:)?([^>]+)>", route)
        return re.sub(r"<(?:[^>:]+:)?([^>]+)>", r"%(\1)s", route), names
    assert isinstance(pattern, RegexPattern), pattern
    fmt, names = normalize(pattern.regex.pattern)[0]
    return fmt, names


def leaf_patterns(patterns=None, chain=()):
    """(chain of patterns from the root, leaf URLPattern) for every pattern, recursively."""
    if patterns is None:
        patterns = get_resolver().url_patterns
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from leaf_patterns(entry.url_patterns, (*chain, entry.pattern))
        else:
            yield (*chain, entry.pattern), entry


def sample_path(chain, leaf, known):
    """A path that resolves to `leaf`, its parameters filled from `known` where possible."""
    pieces = [route_format(piece) for piece in chain]
    fmt = "".join(piece[0] for piece in pieces)
    names = [name for piece in pieces for name in piece[1]]
    for generic in GENERIC_VALUES:
        values = {name: known.get(name, generic) for name in names}
        path = "/" + fmt % values
        try:
            match = resolve(path)
        except Resolver404:
            continue
        if match.func == leaf.callback:
            return path
    return None


def with_control(path, index, character):
    """`path` with `character` (percent-encoded) added to its `index`-th segment."""
    segments = path.split("/")
    segments[index] += quote(character, safe="")
    return "/".join(segments)


def every_sample(full_site):
    """A path for every URL pattern and every page, in each language it is reached in."""
    guide, ruling = full_site
    known = {
        "code": ruling.edition.code,
        "slug": ruling.slug,
        "pk": str(ruling.citations.get(n=1).passage.document_id),
        "number": "1",
        "model": "game",  # a catalogue snippet's former address (rulesage.urls)
    }
    samples, unreachable = set(), []
    for chain, leaf in leaf_patterns():
        # Path words are translated: a pattern may be reached in one language only.
        paths = set()
        for language in ("en", "es"):
            with translation.override(language):
                paths.add(sample_path(chain, leaf, known))
        paths.discard(None)
        if not paths:
            unreachable.append("".join(route_format(piece)[0] for piece in chain))
        samples |= paths
    # Wagtail serves every page through one pattern: add each page, in both languages,
    # and an earlier version of the guide (a routable sub-page).
    for page in GuidePage.objects.live().first().get_ancestors(inclusive=True)[1:]:
        for language in ("en", "es"):
            samples.add(url_in(page.specific, language))
    samples.add(url_in(guide, "es") + "v/1/")
    assert unreachable == [], "no sample reaches these patterns; teach the walk their values"
    assert {"/admin/login/", "/sitemap.xml", "/en/corrections/feed/"} <= samples
    assert ruling.get_absolute_url() in samples
    return samples


# The walk in parts, each in a test of its own; the last part is every other path, so
# together they leave none out.
AREAS = {
    "admin snippet choosers": ("/admin/snippets/choose/",),
    "admin snippets": ("/admin/snippets/",),
    "admin pages and workflows": ("/admin/pages/", "/admin/workflows/"),
    "admin images and documents": ("/admin/images/", "/admin/documents/"),
    "admin users, groups, sites and settings": (
        "/admin/users/",
        "/admin/groups/",
        "/admin/sites/",
        "/admin/settings/",
        "/admin/collections/",
        "/admin/redirects/",
    ),
    "rest of the admin": ("/admin/",),
    "reader pages and everything else": ("",),
}


def area_of(path):
    return next(name for name, prefixes in AREAS.items() if path.startswith(prefixes))


@pytest.mark.parametrize("area", AREAS)
def test_every_url_pattern_refuses_control_characters_without_a_500(client, full_site, area):
    samples = {path for path in every_sample(full_site) if area_of(path) == area}
    assert samples
    client.raise_request_exception = False  # collect every 500 rather than stop at the first
    failures = []
    for number, path in enumerate(sorted(samples)):
        requests = [path]
        segments = path.split("/")
        for index in range(1, len(segments)):
            other = CONTROL_CHARACTERS[(number + index) % len(CONTROL_CHARACTERS)]
            requests += [with_control(path, index, "\x00"), with_control(path, index, other)]
        query = "&".join(
            f"{name}=a{quote(CONTROL_CHARACTERS[(number + i) % len(CONTROL_CHARACTERS)])}"
            for i, name in enumerate(QUERY_NAMES)
        )
        requests += [f"{path}?{query}", f"{path}?edition=%00", f"{path}?%00=1"]
        for url in requests:
            response = client.get(url)
            # The clean sample may answer anything but a 500; a mangled one is refused.
            expected = (
                (response.status_code < 500)
                if url == path
                else (response.status_code in (400, 404))
            )
            if not expected:
                failures.append((url, response.status_code))
    assert failures == []


@pytest.mark.parametrize(
    "url",
    [
        *(f"/en/rulings/?edition={quote(c)}" for c in CONTROL_CHARACTERS),
        *(f"/en/rulings/{quote(c)}/" for c in CONTROL_CHARACTERS),
        "/en/rulings/%00/",
        "/en/no-such-page%00/",
        "/es/juegos/%00/",
        "/static/css/site.css%00",
        "/favicon.ico%00",
        "/admin/login/?next=/admin/%00",
    ],
)
def test_a_control_character_gets_the_styled_bad_request_page(client, home, url):
    response = client.get(url)
    assert response.status_code == 400
    html = BeautifulSoup(response.content, "html.parser")
    spanish = url.startswith("/es/")
    assert html.h1.get_text() == ("Solicitud incorrecta" if spanish else "Bad request")
    assert html.select_one(".site-header")
    other = "en" if spanish else "es"
    assert html.select_one(f".language-switcher a[hreflang={other}]")["href"] == f"/{other}/"


def test_the_bad_request_page_speaks_the_language_of_the_address(client, home):
    response = client.get("/es/rulings/%00/")
    html = BeautifulSoup(response.content, "html.parser")
    assert response.status_code == 400
    assert html.html["lang"] == "es"
    assert html.h1.get_text() == "Solicitud incorrecta"
    assert html.select_one(".language-switcher a[hreflang=en]")["href"] == "/en/"


def test_a_host_the_site_does_not_serve_gets_the_bad_request_page(client, home):
    response = client.get("/en/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert b"Bad request" in response.content


def test_ordinary_unicode_addresses_are_not_refused(client, home):
    with translation.override("es"):
        assert client.get("/es/corrections/?q=caña").status_code != 400
    assert client.get("/en/ñandú/").status_code == 404
