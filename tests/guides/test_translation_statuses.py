"""The statuses stored for the translators' dashboard are always the rule's: after every
kind of change to a guide or a ruling, each stored status is what `translation_state`
decides afresh, and an object is stored exactly when the dashboard lists it."""

import pytest
from django.contrib.contenttypes.models import ContentType

from catalogue.models import Edition
from core.models import TranslationStatusRecord
from core.translated_fields import target_languages
from guides.models import GuidePage
from guides.publishing import mark_translation_current as mark_guide
from guides.translation_listing import guide_states
from rulings.models import Ruling
from rulings.translation_admin import mark_translation_current as mark_ruling
from rulings.translation_listing import ruling_states
from tests.guides.factories import publish, publish_version
from tests.rulings.exports import run_import, write_export

pytestmark = pytest.mark.django_db


def stored(model, language):
    content_type = ContentType.objects.get_for_model(model)
    records = TranslationStatusRecord.objects.filter(content_type=content_type, language=language)
    return dict(records.values_list("object_id", "status"))


def recounted(language):
    """Every listed object's status by the full rule, read afresh."""
    guides = {state.page.pk: state.status for state, _game in guide_states(language)}
    rulings = {state.ruling.pk: state.status for state in ruling_states(language)}
    return guides, rulings


def assert_stored_agrees():
    for language in target_languages():
        guides, rulings = recounted(language)
        assert stored(GuidePage, language) == guides
        assert stored(Ruling, language) == rulings


@pytest.fixture
def guide():
    return GuidePage.objects.live().order_by("pk").first()


@pytest.fixture
def ruling():
    return Ruling.objects.public().filter(edition__language="en").order_by("pk").first()


def test_the_loaded_demo_is_stored_as_decided(demo_site):
    assert recounted("es")[0]
    assert_stored_agrees()


def test_a_guide_s_english_version_translation_and_mark(demo_site, guide, admin_user):
    guide = publish_version(guide, "Reworded.", intro_en="A new English introduction.")
    assert recounted("es")[0][guide.pk] == "behind"
    assert_stored_agrees()
    guide = publish(guide, intro_es="Una introducción nueva.")
    assert_stored_agrees()
    mark_guide(guide, "es", guide.versions.order_by("number").last(), admin_user, "Al día.")
    assert recounted("es")[0][guide.pk] == "current"
    assert_stored_agrees()
    guide = publish_version(
        guide, "Typo fixed.", affects_translations=False, intro_en="A new English intro."
    )
    assert recounted("es")[0][guide.pk] == "current"
    assert_stored_agrees()


def test_a_guide_unpublished_or_deleted_is_no_longer_listed(demo_site, guide):
    guide.unpublish()
    assert guide.pk not in stored(GuidePage, "es")
    assert_stored_agrees()
    other = GuidePage.objects.live().order_by("pk").first()
    other.delete()
    assert other.pk not in stored(GuidePage, "es")
    assert_stored_agrees()


def test_a_ruling_s_english_translation_mark_and_withdrawal(demo_site, ruling, admin_user):
    ruling.question_es = "¿Una pregunta traducida?"
    ruling.save()
    assert recounted("es")[1][ruling.pk] == "behind"
    assert_stored_agrees()
    mark_ruling(ruling, "es", admin_user, "Traducida.")
    assert recounted("es")[1][ruling.pk] == "current"
    assert_stored_agrees()
    ruling.question_en = f"{ruling.question_en} (reworded)"
    ruling.save()
    assert recounted("es")[1][ruling.pk] == "behind"
    assert_stored_agrees()
    ruling.status = Ruling.Status.WITHDRAWN
    ruling.save()
    assert ruling.pk not in stored(Ruling, "es")
    assert_stored_agrees()


def test_a_followed_revision_deleted_puts_the_translation_behind(demo_site, ruling, admin_user):
    ruling.question_es = "¿Una pregunta traducida?"
    ruling.save()
    mark = mark_ruling(ruling, "es", admin_user, "Traducida.")
    mark.follows.delete()
    assert recounted("es")[1][ruling.pk] == "behind"
    assert_stored_agrees()


def test_a_marked_ruling_deleted_is_no_longer_listed(demo_site, ruling, admin_user):
    ruling.question_es = "¿Una pregunta traducida?"
    ruling.save()
    mark_ruling(ruling, "es", admin_user, "Traducida.")
    ruling.citations.all().delete()
    Ruling.objects.get(pk=ruling.pk).delete()
    assert ruling.pk not in stored(Ruling, "es")
    assert_stored_agrees()


def test_an_edition_s_language_decides_what_is_a_translation(demo_site, ruling):
    ruling.question_es = "¿Una pregunta traducida?"
    ruling.save()
    edition = Edition.objects.get(pk=ruling.edition_id)
    edition.language = "es"
    edition.save()
    assert ruling.pk not in stored(Ruling, "es")
    assert_stored_agrees()
    edition.language = "en"
    edition.save()
    assert ruling.pk in stored(Ruling, "es")
    assert_stored_agrees()


def test_an_imported_ruling_is_stored_as_decided(demo_site, tmp_path):
    _out, err, ok = run_import(write_export(tmp_path, "en.txt", question="Can I pass?"))
    assert ok, err
    imported = Ruling.objects.latest("pk")
    imported.question_es = "¿Puedo pasar?"
    imported.save()
    assert imported.pk in stored(Ruling, "es")
    assert_stored_agrees()
    # Imported again with a new English answer: written without save()'s signals.
    export = write_export(tmp_path, "en.txt", question="Can I pass?", answer="Yes, once.[1]")
    _out, err, ok = run_import(export)
    assert ok, err
    assert_stored_agrees()
