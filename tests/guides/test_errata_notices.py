"""Readers of a guide are told of errata its check predates, near the section concerned,
until an editor re-checks the guide; the editors' re-check panel follows the same rule."""

import datetime

import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from catalogue.models import Document, ErrataCard, Passage
from core.cache_tags import bump_everything
from guides.models import GuidePage
from rulings.models import Citation, Ruling
from tests.guides.factories import add_source, publish, url_in
from tests.guides.fixtures import SPANISH, fixtures_from_guide_site

pytestmark = pytest.mark.django_db


# The guide's site is built once for the module (tests.guides.fixtures.GuideSite).
home, policy, game_page, rulebook, guide = fixtures_from_guide_site()


ISSUED = datetime.date(2026, 11, 1)
RECORDED = datetime.datetime(2026, 11, 3, 12, 0, tzinfo=datetime.UTC)


def card_on(document, page=8, heading="TURN END", issued_on=ISSUED, recorded=RECORDED, **extra):
    """An active card correcting `document` at `page` · `heading`, recorded on `recorded`."""
    passage, _created = Passage.objects.get_or_create(
        document=document, page=page, heading_path=heading
    )
    card = ErrataCard.objects.create(
        edition=document.edition,
        document=document,
        passage=passage,
        corrected_rule="Refill one space at a time.",
        issued_on=issued_on,
        **extra,
    )
    ErrataCard.objects.filter(pk=card.pk).update(created_at=recorded)
    card.refresh_from_db()
    bump_everything()  # an update() sends no signal; an editor's save would
    return card


def read(client, guide, language="en"):
    response = client.get(url_in(guide, language))
    assert response.status_code == 200
    return BeautifulSoup(response.content, "html.parser")


def notices(page):
    return page.select(".errata-since-check")


def text(element):
    return " ".join(element.get_text(" ").split())


def due(guide):
    return GuidePage.objects.due_for_recheck().filter(pk=guide.pk, errata_since_check=True)


def test_a_card_issued_after_the_check_is_shown_at_the_top_in_both_languages(
    client, spanish_guide, rulebook
):
    card = card_on(rulebook)
    english = read(client, spanish_guide)
    (notice,) = notices(english)
    assert text(notice) == (
        "Errata since this guide was checked: An errata card issued on 1 November 2026 "
        "corrects Point City — Rulebook , p.8 · TURN END . This guide was checked on "
        "6 October 2026, before that card was issued; an editor has not re-checked it since. "
        "Read the errata card"
    )
    # At the top: no section of this guide cites the corrected passage.
    assert notice.find_parent(class_="guide-body") is None
    link = notice.find("a")["href"]
    assert link == card.get_absolute_url()
    registry = BeautifulSoup(client.get(link.split("#")[0]).content, "html.parser")
    assert registry.find(id=card.anchor) is not None

    spanish = read(client, spanish_guide, "es")
    (notice,) = notices(spanish)
    assert text(notice).startswith(
        "Erratas posteriores a la revisión de esta guía: Una entrada de erratas publicada el "
        "1 de noviembre de 2026 corrige Point City — Rulebook , pág. 8 · TURN END ."
    )
    assert "Esta guía se revisó el 6 de octubre de 2026" in text(notice)
    with translation.override("es"):
        assert notice.find("a")["href"] == card.get_absolute_url()
    assert notice.find("span", lang="en").get_text() == "Point City — Rulebook"


def ruling_citing(passage, question="In what order do I refill the market?"):
    ruling = Ruling(
        edition=passage.document.edition,
        question=question,
        answer="One space at a time.[1]",
        origin=Ruling.Origin.ILLUSTRATIVE,
        status=Ruling.Status.first_for(Ruling.Origin.ILLUSTRATIVE),
    )
    ruling.citations = [
        Citation(
            n=1,
            passage=passage,
            document=passage.document,
            page=passage.page,
            heading_path=passage.heading_path,
        )
    ]
    ruling.save()
    return ruling


def with_a_refill_section(guide, ruling):
    """The guide with a second section whose related rulings name `ruling`, both languages."""
    body = [
        ("heading", "Setting up"),
        ("paragraph", "<p>Shuffle each tier separately.</p>"),
        ("heading", "Refill the market"),
        ("paragraph", "<p>Fill the gaps in reading order.</p>"),
        ("related_rulings", {"rulings": [ruling]}),
    ]
    body_es = [
        ("heading", "Preparación"),
        ("paragraph", "<p>Baraja cada nivel.</p>"),
        ("heading", "Repón el mercado"),
        ("paragraph", "<p>Rellena los huecos en orden de lectura.</p>"),
        ("related_rulings", {"rulings": [ruling]}),
    ]
    return publish(guide, body=body, body_en=body, **{**SPANISH, "body_es": body_es})


def test_the_notice_stands_under_the_section_whose_rulings_cite_the_corrected_passage(
    client, guide, rulebook
):
    passage = Passage.objects.create(document=rulebook, page=8, heading_path="TURN END")
    guide = with_a_refill_section(guide, ruling_citing(passage))
    card = card_on(rulebook)
    for language, anchor in (("en", "refill-the-market"), ("es", "repon-el-mercado")):
        page = read(client, guide, language)
        (notice,) = notices(page)
        heading = page.find("h2", id=anchor)
        assert heading is not None, language
        # Right under the heading of the section concerned, not at the top.
        assert heading.find_next_sibling(class_="errata-since-check") is notice
        assert notice.find_parent(class_="guide-body") is not None
        with translation.override(language):
            assert notice.find("a")["href"] == card.get_absolute_url()
    assert "for this section" in text(notices(read(client, guide))[0])


def test_the_notice_stays_until_an_editor_re_checks_past_the_card(client, guide, rulebook):
    card_on(rulebook)
    assert notices(read(client, guide)) and due(guide).exists()

    # Re-checked after the publisher issued the card, but before it reached the registry:
    # that check could not have seen it either.
    guide = publish(guide, checked_on=datetime.date(2026, 11, 2))
    (notice,) = notices(read(client, guide))
    assert (
        "This guide was checked on 2 November 2026, before that card was added to our errata "
        "registry on 3 November 2026" in text(notice)
    )
    assert due(guide).exists()

    guide = publish(guide, checked_on=RECORDED.date())
    assert notices(read(client, guide)) == []
    assert not due(guide).exists()


def test_cards_on_what_the_guide_was_not_checked_against_are_not_shown(client, guide, rulebook):
    card_on(rulebook, page=30, heading="SOLO MODE")  # outside the source's pages 4–11
    other = Document.objects.create(edition=rulebook.edition, kind="faq", title="FAQ")
    card_on(other, page=2, heading="Q1")  # a document the guide does not cite
    card_on(rulebook, page=5, heading="SETUP", status=ErrataCard.Status.WITHDRAWN)
    card_on(
        rulebook,
        page=6,
        issued_on=datetime.date(2026, 9, 1),
        recorded=datetime.datetime(2026, 9, 2, tzinfo=datetime.UTC),
    )  # issued and recorded before the check
    assert notices(read(client, guide)) == []
    assert not due(guide).exists()

    # A source that names no pages covers the whole document.
    add_source(guide, other, pages=None)
    guide = publish(guide)
    assert [card.get_text() for card in read(client, guide).select(".errata-since-check a")] == [
        "Read the errata card"
    ]
    assert due(guide).exists()


def test_an_errata_card_saved_shows_on_the_cached_guide_at_once(client, guide, rulebook, settings):
    settings.RULESAGE_PAGE_CACHE = True
    bump_everything()
    try:
        assert notices(read(client, guide)) == []
        assert notices(read(client, guide)) == []  # served from the cache
        passage = Passage.objects.create(document=rulebook, page=8, heading_path="TURN END")
        # As an editor records it in the admin: an ordinary save.
        ErrataCard.objects.create(
            edition=rulebook.edition,
            document=rulebook,
            passage=passage,
            corrected_rule="Refill one space at a time.",
            issued_on=ISSUED,
        )
        assert len(notices(read(client, guide))) == 1
    finally:
        bump_everything()


def test_a_guide_with_notices_costs_the_same_queries_however_many(
    client, guide, rulebook, settings
):
    passage = Passage.objects.create(document=rulebook, page=8, heading_path="TURN END")
    guide = with_a_refill_section(guide, ruling_citing(passage))
    client.get(guide.url)  # the site's root addresses, as on a running server

    def queries(remember):
        """What the page costs: remembered (as read again until the next content change),
        or not (as the first request after one)."""
        settings.RULESAGE_REMEMBER = remember
        client.get(guide.url)
        with CaptureQueriesContext(connection) as captured:
            page = read(client, guide)
        return len(captured), len(page.select(".errata-since-check__card"))

    cold, none = queries(remember=False)
    warm, _none = queries(remember=True)
    card_on(rulebook)
    cold_one, one = queries(remember=False)
    for page in (4, 5, 9, 10):
        card_on(rulebook, page=page, heading=f"H{page}")
    cold_many, many = queries(remember=False)
    warm_many, _many = queries(remember=True)
    assert (none, one, many) == (0, 1, 5)
    # The guide's sources query asks whether any card is due; only then are the cards
    # and the sections citing them read: two queries, however many cards. Remembered,
    # the notices cost nothing.
    assert cold_one == cold_many == cold + 2
    assert warm_many == warm
