"""An edit re-renders the pages that can show it, and only those.

On the small catalogue (8 games), each kind of change is made to one game and every page
of a sample is read before and after: the pages that show the change are rendered again
and show it; the other games' pages are still served from the cache.
"""

import datetime

import pytest
from django.urls import reverse
from django.utils import translation

from catalogue.models import ErrataCard, Game
from core.page_cache import STATUS_HEADER
from guides.models import GamePage, GuidePage
from pages.models import SiteSettings
from rulings.models import ReaderQuestion, Ruling
from tests.guides.factories import publish_version
from tests.rulings.factories import record_correction

pytestmark = pytest.mark.django_db


@pytest.fixture
def cached(settings, small_catalogue):
    settings.RULESAGE_PAGE_CACHE = True


def pages_of(game):
    """Addresses of a game's pages: game page, guide, two ruling pages, edition list."""
    game_page = GamePage.objects.get(game=game)
    guide = GuidePage.objects.child_of(game_page).live().first().specific
    rulings = list(Ruling.objects.public().filter(edition__game=game).order_by("pk")[:2])
    edition = rulings[0].edition
    with translation.override("en"):
        return {
            "game page": game_page.url,
            "guide": guide.url,
            "ruling": rulings[0].get_absolute_url(),
            "other ruling": rulings[1].get_absolute_url(),
            "edition's rulings": reverse("rulings:edition", args=[edition.code]),
        }


def two_games():
    first, second = Game.objects.filter(bgg_id__gte=900_000).order_by("-pk")[:2]
    return first, second


def states(client, addresses):
    found = {}
    for name, url in addresses.items():
        response = client.get(url)
        assert response.status_code == 200, url
        found[name] = response.get(STATUS_HEADER)
    return found


def warm(client, addresses):
    states(client, addresses)
    assert set(states(client, addresses).values()) == {"hit"}


def site_wide():
    with translation.override("en"):
        return {"home": "/en/", "rulings": reverse("rulings:index")}


def test_a_ruling_saved_re_renders_its_page_and_its_games_lists_only(client, cached):
    changed_game, other_game = two_games()
    mine, others, lists = pages_of(changed_game), pages_of(other_game), site_wide()
    everything = {**mine, **{f"other game's {k}": v for k, v in others.items()}, **lists}
    warm(client, everything)

    ruling = Ruling.objects.public().filter(edition__game=changed_game).order_by("pk").first()
    ruling.answer = "Yes: the answer an editor has just rewritten."
    ruling.save()

    after = states(client, everything)
    assert after["ruling"] == "miss"
    assert "the answer an editor has just rewritten" in client.get(mine["ruling"]).content.decode()
    for name in ("game page", "guide", "edition's rulings", "home", "rulings"):
        assert after[name] == "miss", name
    assert after["other ruling"] == "hit"
    assert {after[f"other game's {name}"] for name in others} == {"hit"}


def test_a_guide_published_re_renders_its_games_guides_and_game_page_only(client, cached):
    changed_game, other_game = two_games()
    mine, others = pages_of(changed_game), pages_of(other_game)
    everything = {**mine, **{f"other game's {k}": v for k, v in others.items()}}
    warm(client, everything)

    game_page = GamePage.objects.get(game=changed_game)
    guide = GuidePage.objects.child_of(game_page).live().first().specific
    publish_version(guide, "Rewrote the scoring summary.", intro="A clearer summary of scoring.")

    after = states(client, everything)
    assert after["guide"] == after["game page"] == "miss"
    assert "A clearer summary of scoring." in client.get(mine["guide"]).content.decode()
    assert after["ruling"] == after["other ruling"] == "hit"
    assert {after[f"other game's {name}"] for name in others} == {"hit"}


def test_an_errata_card_re_renders_the_rulings_citing_it_and_its_games_guides(client, cached):
    changed_game, other_game = two_games()
    mine, others = pages_of(changed_game), pages_of(other_game)
    everything = {**mine, **{f"other game's {k}": v for k, v in others.items()}}
    warm(client, everything)

    first, second = Ruling.objects.public().filter(edition__game=changed_game).order_by("pk")[:2]
    citation = first.citations.exclude(passage=None).exclude(passage__citations__ruling=second)[0]
    ErrataCard.objects.create(
        edition=citation.passage.document.edition,
        document=citation.passage.document,
        passage=citation.passage,
        corrected_rule="The corrected rule, as the publisher's card prints it.",
        issued_on=datetime.date(2026, 11, 1),
    )

    after = states(client, everything)
    for name in ("ruling", "guide", "game page", "edition's rulings"):
        assert after[name] == "miss", name
    assert "superseded" in client.get(mine["ruling"]).content.decode()
    assert after["other ruling"] == "hit"  # it cites other passages
    assert {after[f"other game's {name}"] for name in others} == {"hit"}


def test_a_correction_re_renders_its_ruling_and_the_corrections_log(client, cached):
    changed_game, other_game = two_games()
    with translation.override("en"):
        log = reverse("corrections_log")
    mine, others = pages_of(changed_game), pages_of(other_game)
    everything = {**mine, "log": log, **{f"other game's {k}": v for k, v in others.items()}}
    warm(client, everything)

    ruling = Ruling.objects.public().filter(edition__game=changed_game).order_by("pk").first()
    record_correction(ruling, corrected_by="Ana")

    after = states(client, everything)
    assert after["ruling"] == after["log"] == "miss"
    assert "You may pass." in client.get(log).content.decode()
    assert after["other ruling"] == "hit"
    assert {after[f"other game's {name}"] for name in others} == {"hit"}


def test_a_readers_question_re_renders_nothing(client, cached):
    game, _other = two_games()
    everything = {**pages_of(game), **site_wide()}
    warm(client, everything)
    ReaderQuestion.objects.create(
        edition=game.editions.first(), question="May I pass twice?", language="en"
    )
    assert set(states(client, everything).values()) == {"hit"}


def test_a_change_no_rule_knows_re_renders_everything(client, cached):
    game, other = two_games()
    everything = {**pages_of(game), **{f"2 {k}": v for k, v in pages_of(other).items()}}
    warm(client, everything)
    SiteSettings.objects.get_or_create(site_id=GamePage.objects.first().get_site().pk)[0].save()
    assert set(states(client, everything).values()) == {"miss"}


def test_the_cdn_is_purged_by_the_tags_the_pages_carry(
    client, cached, purge_listener, django_capture_on_commit_callbacks
):
    game, _other = two_games()
    ruling = Ruling.objects.public().filter(edition__game=game).order_by("pk").first()
    page = client.get(ruling.get_absolute_url())
    page_tags = set(page["Surrogate-Key"].split())
    assert {f"ruling-{ruling.pk}", f"game-{game.pk}", "site"} <= page_tags
    assert page["Cache-Tag"] == ",".join(sorted(page_tags))

    with django_capture_on_commit_callbacks(execute=True):
        ruling.answer = "Yes, and the CDN forgets the old answer."
        ruling.save()
    purged = set(" ".join(purge_listener).split())
    assert f"ruling-{ruling.pk}" in purged and f"game-{game.pk}-rulings" in purged
    # Only what shows the ruling: not the game's other pages' own tags.
    assert "site" not in purged and f"game-{game.pk}" not in purged


def test_an_import_re_renders_what_it_wrote_only(client, cached):
    from tests.rulings.fixtures import import_export

    game, other = two_games()
    everything = {**pages_of(game), **{f"2 {k}": v for k, v in pages_of(other).items()}}
    lists = site_wide()
    warm(client, {**everything, **lists})
    imported = import_export(question="Can a newly imported ruling be read at once?")
    assert imported.edition.game not in (game, other)
    assert set(states(client, everything).values()) == {"hit"}
    assert states(client, lists)["rulings"] == "miss"
    page = client.get(imported.get_absolute_url()).content.decode()
    assert "Can a newly imported ruling" in page


def test_signing_in_and_failed_sign_ins_re_render_nothing(client, cached, editor):
    game, _other = two_games()
    everything = {**pages_of(game), **site_wide()}
    warm(client, everything)
    signin = reverse("wagtailadmin_login")
    client.post(signin, {"username": editor.username, "password": "not the password"})
    client.force_login(editor)
    client.get(reverse("wagtailadmin_home"))
    client.logout()
    assert set(states(client, everything).values()) == {"hit"}


def test_an_import_jobs_bookkeeping_re_renders_nothing(client, cached, editor):
    from rulings.models import ImportJob

    game, _other = two_games()
    everything = {**pages_of(game), **site_wide()}
    warm(client, everything)
    job = ImportJob.objects.create(created_by=editor, total=3)
    job.results = [{"name": "a.txt", "outcome": "unchanged"}]
    job.save()
    assert set(states(client, everything).values()) == {"hit"}
