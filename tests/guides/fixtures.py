import pytest

from guides.models import GuideTranslation
from tests.guides.factories import (
    GamePageFactory,
    GamesIndexPageFactory,
    GuidePageFactory,
    add_source,
    publish,
)
from tests.rulesage.factories import StandardPageFactory
from tests.rulings.factories import DocumentFactory, EditionFactory, GameFactory


@pytest.fixture
def policy(home):
    from rulesage.models import SiteSettings

    page = StandardPageFactory(parent=home)
    settings = SiteSettings.for_site(home.get_site())
    settings.editorial_policy = page
    settings.save()
    return page


@pytest.fixture
def game_page(home):
    index = GamesIndexPageFactory(parent=home)
    game = GameFactory(name="Point City", slug="point-city", bgg_id=368017, publisher="AEG")
    edition = EditionFactory(game=game, code="bg-368017-en-1e")
    DocumentFactory(edition=edition, title="Point City — Rulebook")
    return GamePageFactory(parent=index, game=game)


@pytest.fixture
def rulebook(game_page):
    return game_page.game.editions.get().documents.get()


@pytest.fixture
def guide(game_page, rulebook, policy):
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


@pytest.fixture
def spanish_guide(guide):
    """The published guide (version 1) translated into Spanish and marked as following v1."""
    guide = publish(guide, **SPANISH)
    GuideTranslation.objects.create(page=guide, language="es", follows=guide.versions.get(number=1))
    return guide
