"""Errata and age make guides and rulings due a re-check, shown on the admin dashboard."""

import datetime

import pytest
from django.utils import timezone

from rulesage.recheck import guides_due, rulings_due
from rulings.models import ErrataCard, Passage
from tests.guides.factories import publish
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db


def test_errata_card_makes_guide_and_citing_ruling_due(admin_client, guide, rulebook):
    ruling = import_export(code=rulebook.edition.code, doc_id=1035)
    citation = ruling.citations.get(n=1)
    assert guides_due() == [] and not rulings_due().exists()
    # the card corrects the guide's own source document
    passage = Passage.objects.create(document=rulebook, page=8, heading_path="TURN END")
    ErrataCard.objects.create(
        edition=rulebook.edition,
        document=rulebook,
        passage=passage,
        corrected_rule="Refill one space at a time.",
        issued_on=datetime.date(2026, 11, 1),
    )
    ErrataCard.objects.create(
        edition=citation.document.edition,
        document=citation.document,
        passage=citation.passage,
        corrected_rule="Changed.",
        issued_on=datetime.date(2026, 11, 1),
    )
    ((due_guide, reasons),) = guides_due()
    assert due_guide.pk == guide.pk
    assert "errata recorded after the check" in str(reasons[0])
    assert list(rulings_due()) == [ruling]

    dashboard = admin_client.get("/admin/").content.decode()
    assert "Re-check due" in dashboard
    assert guide.title in dashboard
    assert "Can I pass?" in dashboard


def test_guide_checked_long_ago_is_due(guide, settings):
    settings.RULESAGE_RECHECK_AFTER_DAYS = 365
    publish(guide, checked_on=timezone.localdate() - datetime.timedelta(days=400))
    ((due_guide, reasons),) = guides_due()
    assert "365 days" in str(reasons[0])
    publish(due_guide, checked_on=timezone.localdate())
    assert guides_due() == []
