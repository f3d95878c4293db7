"""`load_catalogue` fills the database with a browsable catalogue of the size it says."""

from urllib.parse import urljoin, urlsplit

import pytest
from bs4 import BeautifulSoup
from django.core.management import CommandError, call_command
from django.db.models import F
from django.utils import translation

from catalogue.models import Edition, ErrataCard, Game, Passage
from guides.models import GamePage, GuidePage
from rulings.models import Citation, ReaderQuestion, Ruling, RulingCorrection
from rulings.models.rulings import RulingOrigin

pytestmark = pytest.mark.django_db


def catalogue_games():
    return Game.objects.filter(bgg_id__gte=900_000)


def test_the_catalogue_is_as_large_as_its_scale_says(small_catalogue):
    sizes = small_catalogue
    games = catalogue_games()
    assert games.count() == sizes.games
    editions = Edition.objects.filter(game__in=games)
    assert editions.filter(language="en").count() == sizes.games
    assert editions.filter(language="es").count() == sizes.games
    rulings = Ruling.objects.filter(edition__in=editions)
    assert rulings.count() == sizes.rulings
    assert Passage.objects.filter(document__edition__in=editions).count() == (
        2 * sizes.games * sizes.passages_per_document
    )
    assert RulingCorrection.objects.filter(ruling__in=rulings).count() == sizes.corrections
    assert ErrataCard.objects.filter(edition__in=editions).count() == sizes.errata
    questions = ReaderQuestion.objects.filter(edition__in=editions)
    assert questions.count() == sizes.questions
    assert questions.filter(status=ReaderQuestion.Status.NEW).count() == sizes.waiting_questions
    # A long list on one edition and one ruling citing many places.
    crowded = rulings.values("edition").order_by("edition").first()["edition"]
    assert rulings.filter(edition=crowded).count() >= sizes.crowded
    counts = [Citation.objects.filter(ruling=r).count() for r in rulings.order_by("pk")[:20]]
    assert counts[0] == sizes.most_citations
    assert all(1 <= count <= 8 for count in counts[1:])
    # Invented rulings are labelled so wherever readers meet them.
    assert set(rulings.values_list("origin", flat=True)) == {RulingOrigin.ILLUSTRATIVE}
    # Published, as of the day each says it was answered.
    assert rulings.public().count() == sizes.rulings
    assert not rulings.exclude(first_published_at=F("answered_at")).exists()


def test_every_game_and_guide_is_published_in_both_languages(small_catalogue, client):
    guides = GuidePage.objects.live().filter(url_path__contains="/games/").specific()
    catalogue_guides = [g for g in guides if g.get_parent().specific.game.bgg_id >= 900_000]
    assert len(catalogue_guides) == small_catalogue.games
    for guide in catalogue_guides[:3]:
        assert guide.version_number == 1
        assert guide.translation_marks.filter(language="es").exists()
        for language, title in (("en", guide.title_en), ("es", guide.title_es)):
            response = client.get(address_in(client, language, guide))
            assert response.status_code == 200
            assert title in response.content.decode()


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_game_page_is_reachable_from_the_home_page(small_catalogue, client, language):
    """Following links from the home page (through the games index and its pages) reaches
    every game of the catalogue, as a reader or a crawler would."""
    game_pages = GamePage.objects.live().filter(game__in=catalogue_games())
    wanted = {address_in(client, language, page) for page in game_pages}
    home = f"/{language}/"
    games_index = next(
        path
        for path in links(client, home)
        if path.rstrip("/").count("/") == 2 and any(w.startswith(path) for w in wanted)
    )
    seen, queue = set(), [games_index]
    while queue and len(seen) < 50:
        address = queue.pop()
        seen.add(address)
        for path in links(client, address):
            if path in wanted:
                wanted.discard(path)
            elif path.startswith(games_index.split("?")[0] + "?") and path not in seen:
                queue.append(path)  # the index's further pages
    assert not wanted, f"not reachable from {home}: {sorted(wanted)[:5]}"


def address_in(client, language, page):
    """The page's address in `language`, as the English page's hreflang link gives it."""
    with translation.override("en"):  # a request leaves its language active
        english = urlsplit(page.url).path
    if language == "en":
        return english
    soup = BeautifulSoup(client.get(english).content, "html.parser")
    return urlsplit(soup.select_one(f'link[rel=alternate][hreflang="{language}"]')["href"]).path


def links(client, address):
    response = client.get(address, follow=True)
    assert response.status_code == 200, address
    soup = BeautifulSoup(response.content, "html.parser")
    found = []
    for anchor in soup.select("a[href]"):
        parts = urlsplit(urljoin(address, anchor["href"]))
        if not parts.netloc or parts.netloc in ("testserver", "localhost"):
            found.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return found


def test_a_second_catalogue_is_refused(small_catalogue):
    with pytest.raises(CommandError, match="already holds a catalogue"):
        call_command("load_catalogue", "--scale", "0.001")


def test_a_scale_out_of_range_is_refused():
    with pytest.raises(CommandError, match="between 0 and 10"):
        call_command("load_catalogue", "--scale", "0")
