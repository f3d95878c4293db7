"""Errata and age make guides and rulings due a re-check, shown on the admin dashboard."""

import datetime
from itertools import pairwise

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format

from catalogue.models import ErrataCard, Passage
from guides.admin_desk import RECHECK_LISTED, due_guides, review_figures, rulings_citing_superseded
from guides.models import GuidePage
from rulings.models import Ruling
from tests.guides.factories import GuidePageFactory, add_source, publish
from tests.rulings.factories import errata_card
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db


def card_on(passage, **extra):
    return errata_card(passage, "Changed.", **extra)


def test_errata_card_makes_guide_and_citing_ruling_due(admin_client, guide, rulebook):
    ruling = import_export(code=rulebook.edition.code, doc_id=1035)
    assert not GuidePage.objects.due_for_recheck().exists()
    assert not Ruling.objects.citing_superseded().exists()
    # one card corrects the guide's own source document, one the ruling's cited passage
    card_on(Passage.objects.create(document=rulebook, page=8, heading_path="TURN END"))
    card_on(ruling.citations.get(n=1).passage)

    (due,) = GuidePage.objects.due_for_recheck()
    assert due.pk == guide.pk
    assert (due.errata_since_check, due.checked_long_ago, due.never_checked) == (True, False, False)
    assert due.game_title == "Point City"
    assert list(Ruling.objects.citing_superseded()) == [ruling]

    html = BeautifulSoup(admin_client.get("/admin/").content, "html.parser")
    dashboard = " ".join(html.get_text(" ").split())
    assert "Re-check due" in dashboard
    assert f"Point City · {guide.title} — a source has errata recorded after the check" in dashboard
    assert "Can I pass?" in dashboard


def test_withdrawn_or_superseded_cards_and_withdrawn_rulings_do_not_count(rulebook):
    ruling = import_export(code=rulebook.edition.code, doc_id=1035)
    passage = ruling.citations.get(n=1).passage
    card = card_on(passage, status=ErrataCard.Status.WITHDRAWN)
    assert not Ruling.objects.citing_superseded().exists()
    card.status = ErrataCard.Status.ACTIVE
    card.save()
    assert Ruling.objects.citing_superseded().exists()
    Ruling.objects.filter(pk=ruling.pk).update(status=Ruling.Status.WITHDRAWN)
    assert not Ruling.objects.citing_superseded().exists()


def test_guide_checked_long_ago_is_due(guide, settings):
    settings.RULESAGE_RECHECK_AFTER_DAYS = 365
    publish(guide, checked_on=timezone.localdate() - datetime.timedelta(days=400))
    (due,) = GuidePage.objects.due_for_recheck()
    assert due.checked_long_ago and not due.errata_since_check
    publish(due, checked_on=timezone.localdate())
    assert not GuidePage.objects.due_for_recheck().exists()


def test_a_due_guide_is_named_by_its_game_in_the_admins_language(guide, settings):
    # The game page's title in Spanish falls back to its English; either way one column.
    settings.RULESAGE_RECHECK_AFTER_DAYS = 365
    publish(guide, checked_on=timezone.localdate() - datetime.timedelta(days=400))
    with translation.override("es"):
        (due,) = GuidePage.objects.due_for_recheck()
    assert due.game_title == "Point City"


def test_the_dashboard_panel_takes_the_same_queries_for_one_guide_or_ten(
    admin_client, guide, game_page, rulebook, django_assert_max_num_queries, settings
):
    settings.RULESAGE_RECHECK_AFTER_DAYS = 0  # every checked guide is due
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def panel_queries():
        with CaptureQueriesContext(connection) as context:
            admin_client.get("/admin/")
        return len(context)

    panel_queries()  # the first request fills per-process caches (site root paths)
    one = panel_queries()
    # Nine more live guides with a source, saved as they are (publishing each through
    # revisions costs seconds and changes nothing the panel reads).
    for n in range(9):
        extra = GuidePageFactory(
            parent=game_page,
            slug=f"guide-{n}",
            checked_on=timezone.localdate() - datetime.timedelta(days=3),
        )
        add_source(extra, rulebook)
        extra.save()
    assert GuidePage.objects.due_for_recheck().count() == 10
    panel_queries()  # the first view after a change counts the editors' chart again, once
    assert panel_queries() == one


def test_the_panel_lists_the_first_guides_due_and_counts_the_rest(
    admin_client, guide, game_page, rulebook, settings, monkeypatch
):
    """A catalogue can have thousands of guides due: the home page names a few."""
    monkeypatch.setattr("guides.admin_desk.RECHECK_LISTED", 3)
    settings.RULESAGE_RECHECK_AFTER_DAYS = 0
    for n in range(4):
        extra = GuidePageFactory(
            parent=game_page,
            slug=f"guide-{n}",
            checked_on=timezone.localdate() - datetime.timedelta(days=10 - n),
        )
        add_source(extra, rulebook)
        extra.save()
    assert GuidePage.objects.due_for_recheck().count() == 5
    html = BeautifulSoup(admin_client.get("/admin/").content, "html.parser")
    panel = html.find(id="recheck-heading").parent
    listed = [a["href"] for a in panel.select("a[href*='/pages/']")]
    oldest = GuidePage.objects.due_for_recheck()[:3]
    assert listed == [reverse("wagtailadmin_pages:edit", args=(g.pk,)) for g in oldest]
    assert "And 2 more guides due a re-check." in " ".join(panel.get_text(" ").split())
    figures = html.select_one("[data-figure='rechecks']").get_text(" ")
    assert "5 guides" in " ".join(figures.split())


def test_the_panel_names_the_card_that_lists_each_ruling(admin_client, rulebook):
    ruling = import_export(code=rulebook.edition.code, doc_id=1035)
    card = card_on(ruling.citations.get(n=2).passage, issued_on=datetime.date(2026, 11, 7))
    html = BeautifulSoup(admin_client.get("/admin/").content, "html.parser")
    (item,) = html.select("#recheck-heading ~ ul > li")
    text = " ".join(item.get_text(" ").split())
    assert text.startswith(f"{rulebook.edition.code}: Can I pass?")
    assert (
        f"Listed by errata card {rulebook.edition.code}: p.4 · SECTION · Part 2 , issued "
        f"{date_format(card.issued_on)}"
    ) in text
    link = item.find("a", string=f"{rulebook.edition.code}: p.4 · SECTION · Part 2")
    assert link["href"] == reverse("wagtailsnippets_catalogue_erratacard:edit", args=[card.pk])


def test_the_panel_takes_the_same_queries_for_one_listed_ruling_or_ten(admin_client, rulebook):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def dashboard():
        with CaptureQueriesContext(connection) as context:
            html = admin_client.get("/admin/").content.decode()
        return len(context), html.count("Listed by errata card")

    def listed_ruling(n):
        ruling = import_export(
            question=f"Question {n}?", code=rulebook.edition.code, doc_id=1035, heading=f"H{n}"
        )
        card_on(ruling.citations.get(n=1).passage)

    listed_ruling(0)
    dashboard()  # the first request also fills Django's and Wagtail's own caches
    one, cards = dashboard()
    assert cards == 1
    for n in range(1, 10):
        listed_ruling(n)
    dashboard()  # the first view after a change counts the editors' chart again, once
    assert dashboard() == (one, 10)


def desk_shows():
    """What the admin home's re-check panel and review figures show, as they read it."""
    due, guides = due_guides()
    flagged, _by_code, backlog, _oldest = review_figures()
    rulings = [ruling.pk for ruling in rulings_citing_superseded()]
    return due, [guide.pk for guide in guides], rulings, flagged, backlog


def desk_recounted():
    due = GuidePage.objects.due_for_recheck()
    awaiting = Ruling.objects.needing_review()
    rulings = [ruling.pk for ruling in Ruling.objects.citing_superseded()[:50]]
    guides = [guide.pk for guide in due[:RECHECK_LISTED]]
    return due.count(), guides, rulings, awaiting.flagged().count(), awaiting.count()


def test_the_panel_is_remembered_until_a_change_then_read_again(guide, rulebook):
    """Read warm, the re-check panel and the review figures ask the database nothing; each
    change an editor makes shows on the next read, as a fresh count has it."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    ruling = import_export(code=rulebook.edition.code, doc_id=1035)
    state = {}

    def add_cards():
        card_on(Passage.objects.create(document=rulebook, page=8, heading_path="TURN END"))
        state["card"] = card_on(ruling.citations.get(n=1).passage)

    def withdraw_card():
        state["card"].status = ErrataCard.Status.WITHDRAWN
        state["card"].save()

    def verify_ruling():
        ruling.refresh_from_db()
        ruling.status = Ruling.Status.VERIFIED
        ruling.save()

    changes = [
        add_cards,
        withdraw_card,
        lambda: publish(GuidePage.objects.get(pk=guide.pk), checked_on=timezone.localdate()),
        verify_ruling,
    ]
    seen = [desk_shows()]
    for change in changes:
        assert desk_shows() == seen[-1] == desk_recounted()
        with CaptureQueriesContext(connection) as warm:
            desk_shows()
        assert not warm.captured_queries
        change()
        seen.append(desk_shows())
        assert seen[-1] == desk_recounted()
    assert all(before != after for before, after in pairwise(seen))  # each one showed
