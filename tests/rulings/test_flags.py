"""Review flags: computed on import and on every save."""

import pytest

from catalogue.models import Edition, ErrataCard
from rulings.models import Citation, Ruling
from tests.rulings.factories import errata_card
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db


def codes(ruling):
    ruling = Ruling.objects.get(pk=ruling.pk)
    return [flag["code"] for flag in ruling.flags]


def test_clean_ruling_has_no_flags(ruling):
    assert codes(ruling) == []
    assert ruling.flag_count == 0


def test_generation_cap_flags_cut_off(settings):
    assert codes(import_export(tokens_out=1024)) == ["cut_off"]
    settings.RULESAGE_GENERATION_CAP = 2048
    ruling = import_export(question="Another?", tokens_out=1024)
    assert codes(ruling) == []


def test_heading_with_no_text_flags_cut_off():
    ruling = import_export(answer="Setup\n\nDo this.[1] And that.[2]\n\nScoring")
    assert "cut_off" in codes(ruling)


def test_marker_without_citation_and_unreferred_citation():
    ruling = import_export(answer="Only the first.[1] And a ghost.[7]", citations=2)
    assert codes(ruling) == ["marker_without_citation", "citation_not_referred"]


def test_flags_recomputed_when_an_editor_saves(ruling):
    ruling.answer = ruling.answer + " Unsupported.[9]"
    ruling.save()
    assert "marker_without_citation" in codes(ruling)
    ruling.answer = ruling.answer.replace(" Unsupported.[9]", "")
    ruling.save()
    assert codes(ruling) == []


def test_citation_to_unknown_document_or_page(ruling):
    ruling = Ruling.objects.get(pk=ruling.pk)
    ruling.citations.add(Citation(n=3, document_title="Mystery — FAQ", heading_path="Q1"))
    ruling.answer += " Also.[3]"
    ruling.save()
    assert codes(ruling) == ["citation_unresolved"]


def test_citation_of_superseded_passage(ruling):
    citation = ruling.citations.get(n=1)
    errata_card(citation.passage, "Now it works differently.")
    assert codes(ruling) == ["superseded_passage"]
    assert Ruling.objects.get(pk=ruling.pk).status == Ruling.Status.NEEDS_REVIEW


def test_withdrawn_or_superseded_card_no_longer_flags(ruling):
    citation = ruling.citations.get(n=1)
    card = errata_card(citation.passage, "Temporary.")
    card.status = ErrataCard.Status.WITHDRAWN
    card.save()
    assert codes(ruling) == []


def test_a_flag_is_stored_as_its_code_and_its_message_in_words():
    """What ``Ruling.flags`` holds, and the editors' desk shows: plain text, the lazily
    translated message turned into words of the language it was stored in."""
    ruling = import_export(tokens_out=1024)
    stored = Ruling.objects.get(pk=ruling.pk).flags
    assert [set(flag) for flag in stored] == [{"code", "message"}]
    assert stored[0]["code"] == "cut_off"
    assert isinstance(stored[0]["message"], str) and len(stored[0]["message"]) > 20


def test_loading_a_saved_errata_card_changes_nothing_it_does_not_bring(ruling):
    """A fixture or a restore brings the card with the flags, statuses and dates of its
    time; nothing is re-flagged, re-opened or re-dated as it is loaded."""
    from django.core import serializers

    citation = ruling.citations.get(n=1)
    card = errata_card(citation.passage, "Now it works differently.")
    saved = serializers.serialize("json", [card])
    ErrataCard.objects.filter(pk=card.pk).delete()
    Ruling.objects.filter(pk=ruling.pk).update(status=Ruling.Status.VERIFIED, flags=[])
    Edition.objects.filter(pk=card.edition_id).update(errata_checked_on=None)

    for loaded in serializers.deserialize("json", saved):
        loaded.save()

    assert ErrataCard.objects.filter(pk=card.pk).exists()
    assert codes(ruling) == []
    assert Ruling.objects.get(pk=ruling.pk).status == Ruling.Status.VERIFIED
    assert Edition.objects.get(pk=card.edition_id).errata_checked_on is None
