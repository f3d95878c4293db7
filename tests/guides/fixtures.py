import pytest
from wagtail.models import Page

from core.models import TranslationMark
from guides.models import GuideVersion
from guides.models.history import followed_version
from tests.conftest import kept_for_the_module, make_home
from tests.guides.factories import (
    GamePageFactory,
    GamesIndexPageFactory,
    GuidePageFactory,
    add_source,
    publish,
)
from tests.rulesage.factories import StandardPageFactory
from tests.rulings.factories import DocumentFactory, EditionFactory, GameFactory


def make_policy(home):
    """The editorial policy page, named in the site's settings."""
    from pages.models import SiteSettings

    page = StandardPageFactory(parent=home)
    settings = SiteSettings.for_site(home.get_site())
    settings.editorial_policy = page
    settings.save()
    return page


def make_game_page(home):
    """Point City's game page (with its edition and rulebook) in a games index."""
    index = GamesIndexPageFactory(parent=home)
    game = GameFactory(name="Point City", slug="point-city", bgg_id=368017, publisher="AEG")
    edition = EditionFactory(game=game, code="bg-368017-en-1e")
    DocumentFactory(edition=edition, title="Point City — Rulebook")
    return GamePageFactory(parent=index, game=game)


def rulebook_of(game_page):
    return game_page.game.editions.get().documents.get()


def make_guide(game_page, rulebook):
    """A published guide (version 1) with one source."""
    page = GuidePageFactory(parent=game_page, live=False)
    add_source(page, rulebook)
    page.save()
    return publish(page)


SPANISH = {
    "title_es": "Cómo jugar",
    "slug_es": "como-jugar",
    "intro_es": "Una guía breve.",
    "body_es": [("heading", "Preparación"), ("paragraph", "<p>Baraja cada nivel.</p>")],
    "rules_scope_es": "Multijugador normal; no el oponente en solitario.",
}


def translate(guide):
    """`guide` published in Spanish too (SPANISH), marked as following its version 1."""
    guide = publish(guide, **SPANISH)
    follows = guide.versions.get(number=1).revision
    TranslationMark.objects.create(content_object=guide, language="es", follows=follows)
    return guide


def make_spanish_guide():
    """The site of the `spanish_guide` fixture, built outside a test (module-scoped data):
    a home with the policy, Point City's game page and its guide in both languages."""
    home = make_home()
    policy = make_policy(home)
    game_page = make_game_page(home)
    return translate(make_guide(game_page, rulebook_of(game_page))), policy


class GuideSite:
    """The `guide` fixture's site built once for a module (`guide_site`): its home, policy,
    game page and guide, read afresh for each test, so that no test sees another's changes
    to them in memory (each test's changes to the database are rolled back).

    A module whose tests all stand on that site, unchanged or changed in their own
    transaction, overrides the fixtures it uses, e.g.
    `@pytest.fixture def guide(guide_site): return guide_site.guide()`; then no test of the
    module may ask for another home (`home`, `policy`, `game_page`, `rulebook`, `guide`
    all come from the site)."""

    def __init__(self, home, policy, game_page, guide):
        self.pks = {"home": home.pk, "policy": policy.pk, "game_page": game_page.pk}
        self.pks["guide"] = guide.pk

    def _page(self, name):
        return Page.objects.get(pk=self.pks[name]).specific

    def home(self):
        return self._page("home")

    def policy(self):
        return self._page("policy")

    def game_page(self):
        return self._page("game_page")

    def rulebook(self):
        return rulebook_of(self.game_page())

    def guide(self):
        return self._page("guide")


@pytest.fixture(scope="module")
def guide_site(django_db_setup, django_db_blocker):
    """The site of the `guide` fixture, built once for a module (`kept_for_the_module`)."""
    with kept_for_the_module(django_db_blocker):
        home = make_home()
        policy = make_policy(home)
        game_page = make_game_page(home)
        yield GuideSite(home, policy, game_page, make_guide(game_page, rulebook_of(game_page)))


def fixtures_from_guide_site():
    """`home`, `policy`, `game_page`, `rulebook` and `guide` read from the module's one guide
    site (`guide_site`), for a module whose tests all stand on it:
    `home, policy, game_page, rulebook, guide = fixtures_from_guide_site()`."""

    def from_site(part):
        @pytest.fixture(name=part)
        def fixture(db, guide_site):
            return getattr(guide_site, part)()

        return fixture

    return tuple(from_site(part) for part in ("home", "policy", "game_page", "rulebook", "guide"))


@pytest.fixture
def policy(home):
    return make_policy(home)


@pytest.fixture
def game_page(home):
    return make_game_page(home)


@pytest.fixture
def rulebook(game_page):
    return rulebook_of(game_page)


@pytest.fixture
def guide(game_page, rulebook, policy):
    """A published guide (version 1) with one source."""
    return make_guide(game_page, rulebook)


@pytest.fixture
def spanish_guide(guide):
    """The published guide (version 1) translated into Spanish and marked as following v1."""
    return translate(guide)


def guide_mark(page, language="es"):
    """The guide's translation mark in `language` (there must be one), with the number of
    the version it follows as `version`."""
    mark = TranslationMark.objects.get(
        content_type__model="guidepage", object_id=page.pk, language=language
    )
    followed = followed_version(list(GuideVersion.objects.filter(page_id=page.pk)), mark)
    mark.version = followed.number if followed else None
    return mark
