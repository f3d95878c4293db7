"""Every date the demo shows tells one story: checks, versions, corrections, rulings, errata."""

import datetime

import pytest
from bs4 import BeautifulSoup
from django.core.management import call_command

from catalogue.models import Edition, ErrataCard
from devtools.demo import files
from guides.models import GuidePage
from rulings.models import Ruling

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("root_page")]

GUIDES = files.guides()
DEMO_RULINGS = files.rulings()
(DEMO_CARD,) = files.errata_cards()


@pytest.mark.parametrize("spec", GUIDES, ids=lambda spec: spec["slug"]["en"])
def test_each_guide_is_checked_then_published_then_corrected_in_order(spec):
    dates = [version["published_on"] for version in spec["versions"]]
    assert spec["checked_on"] <= dates[0]
    assert dates == sorted(dates) and len(set(dates)) == len(dates)
    for correction in spec["corrections"]:
        # Carried by the last version, correcting one before it: dated between the two.
        assert len(dates) >= 2
        assert dates[-2] <= correction["corrected_on"] <= dates[-1]


def test_rulings_and_errata_follow_the_guides_checks():
    checked = min(spec["checked_on"] for spec in GUIDES)
    dated = {spec["slug"]: spec["dated"].date() for spec in DEMO_RULINGS}
    assert all(date >= checked for date in dated.values())
    superseded = [
        spec
        for spec in DEMO_RULINGS
        if any(
            (page, heading) == (DEMO_CARD["page"], DEMO_CARD["heading_path"])
            for page, heading in ((c["page"], c["heading_path"]) for c in spec["citations"])
        )
    ]
    # The card supersedes a passage these rulings cited before it was issued.
    assert superseded
    assert all(spec["dated"].date() < DEMO_CARD["issued_on"] for spec in superseded)


def test_loaded_demo_shows_the_story_dates(client):
    call_command("load_demo", verbosity=0)
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")
    versions = {v.number: v.published_at.date() for v in guide.versions.all()}
    assert versions == {1: datetime.date(2026, 10, 6), 2: datetime.date(2026, 10, 20)}
    correction = guide.corrections.get()
    assert versions[1] <= correction.corrected_on <= versions[2]
    assert guide.first_published_at.date() == versions[1]
    assert guide.last_published_at.date() == versions[2]
    assert guide.translation_marks.get(language="es").marked_at.date() == versions[2]

    page = BeautifulSoup(client.get(guide.url).content, "html.parser")
    changelog = [time["datetime"] for time in page.select(".changelog time")]
    assert changelog == ["2026-10-20", "2026-10-06"]
    assert page.select_one(".corrections time")["datetime"] == "2026-10-20"

    for spec in DEMO_RULINGS:
        ruling = Ruling.objects.get(slug=spec["slug"])
        assert ruling.answered_at == spec["dated"]
    card = ErrataCard.objects.get()
    assert card.issued_on == DEMO_CARD["issued_on"]
    edition = Edition.objects.get(code=DEMO_CARD["edition"])
    assert edition.errata_checked_on == DEMO_CARD["issued_on"]
