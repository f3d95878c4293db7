"""A large guide costs a reader's request no more queries than a small one.

The guide (9 sources, 6 corrections, 3 versions and change-log lines, 40 sections: enough
rows of each that a query per row would break the budget) is built once for the module
(`kept_for_the_module`); each test reads it in one language, with or without what pages
remember.
"""

import datetime

import pytest

from guides.models import GuideCorrection, GuidePage
from tests.conftest import kept_for_the_module
from tests.guides.factories import add_source, publish_version, sections, url_in
from tests.guides.fixtures import make_spanish_guide

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def large_guide_pk(django_db_setup, django_db_blocker):
    with kept_for_the_module(django_db_blocker):
        guide, _policy = make_spanish_guide()
        rulebook = guide.sources.get().document
        for _ in range(8):
            add_source(guide, rulebook)
        for number in range(6):
            guide.corrections.add(
                GuideCorrection(
                    what_was_wrong=f"Wrong {number}.",
                    what_it_says_now=f"Right {number}.",
                    corrected_by="Ana",
                    corrected_on=datetime.date(2026, 11, 2),
                )
            )
            if number % 3 == 2:  # three corrections in each of two new versions
                guide = publish_version(guide, f"Version {number}.", body=sections(40))
        yield guide.pk


@pytest.mark.parametrize("remember", [True, False])
@pytest.mark.parametrize("language", ["en", "es"])
def test_a_large_guide_costs_as_few_queries_as_a_small_one(
    client, large_guide_pk, language, remember, django_assert_max_num_queries, settings
):
    """Sections, sources, versions, corrections and change-log lines all grow; the queries
    do not (the address is resolved in one query whatever the depth, see pages.routing)."""
    guide = GuidePage.objects.get(pk=large_guide_pk)
    assert (guide.version_number, guide.sources.count(), guide.corrections.count()) == (3, 9, 6)
    url = url_in(guide, language)
    client.get(url)  # as on a running server: the site's root addresses are cached
    # Remembered, only the address, the guide's own row and the site are read (Wagtail's
    # `Site.find_for_request`, kept for one request only, asked by the route and the links).
    # Without anything remembered, as the first request after a content change: 14 in
    # English, 15 in Spanish (its translation record), however long the guide; 2 of them
    # (the restrictions, the header links) are shared by every page, so only the first
    # request of any page asks them. The breadcrumbs come from the route.
    settings.RULESAGE_REMEMBER = remember
    cold = {"en": 14, "es": 15}[language]
    with django_assert_max_num_queries(3 if remember else cold):
        response = client.get(url)
    assert response.status_code == 200
    text = response.content.decode()
    assert "Right 5." in text and text.count('class="source') >= 1
