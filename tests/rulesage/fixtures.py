"""A small site with one of every reader page, and their URLs in each language; a CDN's
purges as a listener of the test's own receives them; a proxy of the test's own in front of
the database's server, which the test switches to refuse or hang (scripts/fault_proxy.py)."""

import datetime
import http.server
import threading

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from wagtail.models import Page

from scripts.fault_proxy import FaultProxy
from tests.conftest import kept_for_the_module
from tests.guides.factories import publish_version, url_in
from tests.guides.fixtures import make_spanish_guide
from tests.rulings.factories import errata_card, record_correction
from tests.rulings.fixtures import import_export

LANGUAGES = ("en", "es")


def make_full_site(spanish_guide, ruling):
    """Pages of every type, a guide with two versions, a ruling with a card and a correction."""
    guide = publish_version(spanish_guide, "Second version.")
    citation = ruling.citations.get(n=1)
    errata_card(citation.passage, "Now reads otherwise.")
    record_correction(ruling, corrected_by="Ana", corrected_on=datetime.date(2026, 11, 2))
    return guide, ruling


@pytest.fixture
def full_site(spanish_guide, ruling, home):
    """Pages of every type, a guide with two versions, a ruling with a card and a correction."""
    return make_full_site(spanish_guide, ruling)


class FullSite:
    """`full_site` built once for a module (`full_site_built`), read afresh for each test.

    A module whose tests all stand on it overrides `full_site`, `home` and `policy` (and
    `guide`, if its tests can stand on this one) with the methods of the same names; then no
    test of the module may ask for another home, guide or ruling, which would be built
    beside it."""

    def __init__(self, guide, ruling, policy):
        self.pks = {"guide": guide.pk, "ruling": ruling.pk, "policy": policy.pk}
        self.pks["home"] = guide.get_site().root_page_id

    def full_site(self):
        from guides.models import GuidePage
        from rulings.models import Ruling

        return GuidePage.objects.get(pk=self.pks["guide"]), Ruling.objects.get(
            pk=self.pks["ruling"]
        )

    def guide(self):
        return self.full_site()[0]

    def home(self):
        return Page.objects.get(pk=self.pks["home"]).specific

    def policy(self):
        return Page.objects.get(pk=self.pks["policy"]).specific


def fixtures_from_full_site(*parts):
    """Fixtures named ``parts`` (`full_site`, `home`, `policy`, `guide`) read from the
    module's one full site (`full_site_built`), for a module whose tests all stand on it."""

    def from_site(part):
        @pytest.fixture(name=part)
        def fixture(db, full_site_built):
            return getattr(full_site_built, part)()

        return fixture

    return tuple(from_site(part) for part in parts)


@pytest.fixture(scope="module")
def full_site_built(django_db_setup, django_db_blocker):
    with kept_for_the_module(django_db_blocker):
        spanish_guide, policy = make_spanish_guide()
        guide, ruling = make_full_site(spanish_guide, import_export())
        yield FullSite(guide, ruling, policy)


def reader_urls(guide, ruling, language):
    """{name: URL} of every kind of reader page, in `language`."""
    game_page = guide.get_parent().specific
    document = ruling.citations.get(n=1).passage.document
    urls = {
        "home": url_in(game_page.get_parent().get_parent().specific, language),
        "games": url_in(game_page.get_parent().specific, language),
        "game": url_in(game_page, language),
        "guide": url_in(guide, language),
        "guide version": url_in(guide, language) + "v/1/",
    }
    with translation.override(language):
        urls.update(
            {
                "rulings": reverse("rulings:index"),
                "edition rulings": ruling.edition.get_absolute_url(),
                "errata": ruling.edition.get_errata_url(),
                "document": document.get_absolute_url(),
                "ruling": ruling.get_absolute_url(),
                "corrections": reverse("corrections_log"),
            }
        )
    return urls


@pytest.fixture
def every_reader_page(full_site, policy):
    """(language, page name, URL) for every reader page in every language."""
    guide, ruling = full_site
    pages = []
    for language in LANGUAGES:
        urls = reader_urls(guide, ruling, language)
        urls["policy"] = url_in(policy, language)
        pages += [(language, name, url) for name, url in urls.items()]
    return pages


class PurgeListener(http.server.BaseHTTPRequestHandler):
    """Stands for the CDN: keeps the Surrogate-Key of every PURGE it is sent."""

    received = []

    def do_PURGE(self):  # noqa: N802 (the HTTP method's name)
        PurgeListener.received.append(self.headers.get("Surrogate-Key", ""))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def purge_listener(settings):
    """The CDN in front is this test's listener: [the tags of each purge it received]."""
    server = http.server.HTTPServer(("127.0.0.1", 0), PurgeListener)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    PurgeListener.received = []
    settings.RULESAGE_PURGE_URL = f"http://127.0.0.1:{server.server_address[1]}/"
    yield PurgeListener.received
    server.shutdown()
    server.server_close()


@pytest.fixture
def postgres_proxy():
    proxy = FaultProxy(int(settings.DATABASES["default"]["PORT"] or 5432))
    yield proxy
    proxy.close()
