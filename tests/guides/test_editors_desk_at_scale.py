"""The editors' desk costs the same however many translations there are: the admin home and
the translators' dashboard (first and last page, filtered, in either admin language) count
and page the stored statuses in the database, and those agree with the rule after a bulk
load."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from wagtail.users.models import UserProfile

from guides.translation_listing import guide_statuses, listed_guides
from rulings.models import Ruling
from rulings.translation_listing import listed_rulings, ruling_statuses
from tests.guides.test_translation_statuses import assert_stored_agrees

pytestmark = pytest.mark.django_db

BUDGET = 60
VIEWS = {
    "admin home": (reverse("wagtailadmin_home"), {}),
    "dashboard": (reverse("guides_translations"), {"language": "es"}),
    "dashboard, last page": (reverse("guides_translations"), {"p": 9999, "rp": 9999}),
    "dashboard, behind": (reverse("guides_translations"), {"status": "behind", "rp": 9999}),
}


def queries(client, url, query):
    client.get(url, query)  # warm: the first request of a test fills per-process caches
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, query)
    assert response.status_code == 200, url
    return len(captured)


def translate_more(count):
    """`count` more rulings given Spanish, each saved as a translator's edit is."""
    untranslated = Ruling.objects.public().filter(
        edition__language="en", question_es="", answer_es=""
    )
    for ruling in untranslated.order_by("pk")[:count]:
        ruling.question_es = "¿Se traduce?"
        ruling.save()


def test_the_bulk_loaded_catalogue_is_stored_as_decided(small_catalogue):
    assert_stored_agrees()


@pytest.mark.parametrize("admin_language", ["en", "es"])
def test_the_database_lists_in_the_order_the_rule_sorts(small_catalogue, admin_language):
    """Behind first, then missing, then current; by game title and title as shown in the
    admin's language (guides) or by edition and id (rulings)."""
    with translation.override(admin_language):
        guides = [page.pk for _status, _game, page in guide_statuses("es")]
        assert list(listed_guides("es").values_list("pk", flat=True)) == guides
    rulings = [pk for _status, _code, pk in ruling_statuses("es")]
    assert list(listed_rulings("es").values_list("pk", flat=True)) == rulings
    behind = [pk for status, _code, pk in ruling_statuses("es") if status == "behind"]
    assert list(listed_rulings("es", "behind").values_list("pk", flat=True)) == behind


@pytest.mark.parametrize("name", VIEWS)
@pytest.mark.parametrize("admin_language", ["en", "es"])
def test_the_desk_costs_the_same_with_sixty_more_translations(
    small_catalogue, admin_client, admin_user, name, admin_language
):
    UserProfile.objects.update_or_create(
        user=admin_user, defaults={"preferred_language": admin_language}
    )
    url, query = VIEWS[name]
    before = queries(admin_client, url, query)
    translate_more(60)
    after = queries(admin_client, url, query)

    assert after == before <= BUDGET
