"""Rulings are written, previewed and published like pages.

An editor's new ruling is a draft until published: no reader sees it anywhere, and the
reader whose question it answers is told only when it is published. A published ruling's
later edits wait as a draft while readers keep the published text. Imports publish what
they write; Editors publish, Translators save drafts.
"""

import pytest
from bs4 import BeautifulSoup
from django.core import mail
from django.urls import reverse
from django.utils import translation
from wagtail.test.utils.form_data import inline_formset, nested_form_data

from core.roles import EDITORS, TRANSLATORS
from rulings.models import ReaderQuestion, Ruling, RulingCorrection
from rulings.reader_mail import tell_waiting_readers
from tests.guides.factories import GamePageFactory, GamesIndexPageFactory
from tests.rulings.fixtures import import_export
from tests.rulings.test_editors_desk import edit_url, form_data, publish

pytestmark = pytest.mark.django_db

QUESTION = "Can one permanent resource pay for two buildings?"
ANSWER = "No: each permanent resource pays for one building per turn.[1]"
ADD_URL = reverse("wagtailsnippets_rulings_ruling:add")
LISTING = reverse("wagtailsnippets_rulings_ruling:list")


def new_ruling(edition, **fields):
    """The ruling form of a new editor's ruling, as posted by "Save draft"."""
    data = {
        "edition": edition.pk,
        "outcome": "answered",
        "status": "written",
        "question_en": QUESTION,
        "question_es": "",
        "answer_en": ANSWER,
        "answer_es": "",
        "closing_line_en": "Play on!",
        "closing_line_es": "",
        "abstain_rationale_en": "",
        "abstain_rationale_es": "",
        "citations": inline_formset(
            [{"n": 1, "passage": "", "document": "", "page": 7, "heading_path": "TURN · Build"}]
        ),
        "corrections": inline_formset([]),
    }
    data.update(fields)
    return nested_form_data(data)


def soup(response):
    return BeautifulSoup(response.content, "html.parser")


@pytest.fixture
def asked(edition):
    return ReaderQuestion.objects.create(
        edition=edition, question=QUESTION, email="reader@example.org"
    )


@pytest.fixture
def draft(admin_client, asked, django_capture_on_commit_callbacks):
    """The editor's answer to the reader's question, saved as a draft from the question."""
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            f"{ADD_URL}?reader_question={asked.pk}", new_ruling(asked.edition)
        )
    assert response.status_code == 302, response.content.decode()[:3000]
    return Ruling.objects.get(question=QUESTION)


def test_a_draft_answer_tells_nobody_until_it_is_published(
    admin_client, client, asked, draft, django_capture_on_commit_callbacks
):
    asked.refresh_from_db()
    assert (draft.live, asked.status, asked.ruling) == (False, "answered", draft)
    assert mail.outbox == []
    assert client.get(draft.get_absolute_url()).status_code == 404
    # A sweep does not queue the reader again and again while the draft waits.
    assert tell_waiting_readers() == 0
    assert draft.answered_at is None  # not answered for readers yet

    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(edit_url(draft), publish(form_data(draft)))
    assert response.status_code == 302, response.content.decode()[:3000]
    [told] = mail.outbox
    assert told.to == ["reader@example.org"] and told.subject == "Your rules question is answered"
    draft.refresh_from_db()
    assert f"http://testserver{draft.get_absolute_url()}" in told.body
    assert client.get(draft.get_absolute_url()).status_code == 200
    # Its answer is given as it is published: that dates it, and it is news for the feed.
    assert draft.answered_at == draft.first_published_at
    assert draft.changed_for_readers_at == draft.first_published_at
    asked.refresh_from_db()
    assert asked.email == "" and asked.notified_at is not None


def test_publishing_from_the_new_ruling_form_tells_the_reader_at_once(
    admin_client, asked, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            f"{ADD_URL}?reader_question={asked.pk}", publish(new_ruling(asked.edition))
        )
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Ruling.objects.get(question=QUESTION).live
    assert [message.to for message in mail.outbox] == [["reader@example.org"]]


def reader_pages(edition, game_page):
    """Every address a reader finds rulings through, in English."""
    with translation.override("en"):
        return [
            reverse("rulings:index"),
            edition.get_absolute_url(),
            reverse("rulings_feed"),
            game_page.subpage_url("feed"),
            reverse("corrections_log"),
            reverse("corrections_feed"),
            reverse("sitemap_section", kwargs={"section": "rulings-en"}),
            f"{reverse('search')}?q=permanent",
            f"{reverse('rulings:ask')}?edition={edition.code}&question={QUESTION}",
        ]


def test_a_draft_is_on_no_page_list_feed_sitemap_search_or_recall(client, home, draft, answered):
    """`answered` is public (the same words, in the same edition): every reader path that
    lists it, and none lists the draft."""
    game_page = GamePageFactory(parent=GamesIndexPageFactory(parent=home), game=draft.edition.game)
    for ruling, says_now in ((draft, "Drafted fix."), (answered, "Published fix.")):
        RulingCorrection.objects.create(
            ruling=ruling, what_was_wrong="Wrong.", what_it_says_now=says_now
        )
    for url in reader_pages(draft.edition, game_page):
        page = client.get(url)
        assert page.status_code == 200, url
        text = page.content.decode()
        assert answered.get_absolute_url() in text, url
        assert draft.get_absolute_url() not in text and "Drafted fix." not in text, url
    assert "Published fix." in client.get(reverse("corrections_log")).content.decode()
    assert client.get(draft.get_absolute_url()).status_code == 404


def test_a_draft_is_not_counted_on_its_game_page(client, game_page):
    edition = game_page.game.editions.get()
    Ruling.objects.create(edition=edition, question="Published?", answer="Yes.")
    Ruling.objects.create(edition=edition, question="Drafted?", answer="Yes.", live=False)
    counted = soup(client.get(game_page.url)).select_one("#rulings-heading + ul .meta")
    assert counted.get_text() == "(1 ruling)"


def test_a_published_rulings_draft_waits_and_owes_one_correction(admin_client, client, ruling):
    published_answer = ruling.answer
    correction = {
        "corrected_on": "2026-11-20",
        "what_was_wrong_en": "Did not say how often.",
        "what_it_says_now_en": "Once per round.",
        "corrected_by": "",
    }
    changed = form_data(ruling, answer_en="You may pass once per round.[1][2]")
    response = admin_client.post(edit_url(ruling), changed)
    assert "add a correction" in response.content.decode()  # even in a draft: it is public
    response = admin_client.post(
        edit_url(ruling),
        form_data(ruling, answer_en="You may pass once per round.[1][2]", corrections=[correction]),
    )
    assert response.status_code == 302
    stored = Ruling.objects.get(pk=ruling.pk)
    assert (stored.answer, stored.has_unpublished_changes) == (published_answer, True)
    page = client.get(ruling.get_absolute_url()).content.decode()
    assert "once per round" not in page and "Did not say how often." not in page
    listed = soup(admin_client.get(LISTING, {"publication": "live_draft"}))
    assert listed_titles(listed) == [ruling.question]
    assert "Live, with a draft waiting" in listed.select_one("tbody").get_text()

    # Worked on again and published: the correction waiting in the draft is the one owed.
    again = form_data(ruling, answer_en="You may pass once in each round.[1][2]")
    response = admin_client.post(edit_url(ruling), publish(again))
    assert response.status_code == 302, response.content.decode()[:3000]
    stored = Ruling.objects.get(pk=ruling.pk)
    assert stored.answer == "You may pass once in each round.[1][2]"
    assert stored.status == Ruling.Status.CORRECTED and not stored.has_unpublished_changes
    assert [c.what_was_wrong for c in stored.corrections.all()] == ["Did not say how often."]
    assert "Did not say how often." in client.get(ruling.get_absolute_url()).content.decode()


def test_a_browsers_line_endings_change_no_answer(admin_client, ruling):
    """A browser posts a text area's lines ending in CRLF: publishing the answer as it was
    owes readers nothing."""
    Ruling.objects.filter(pk=ruling.pk).update(answer_en="Yes.[1]\n\nOnce per round.[2]")
    data = publish(form_data(ruling, status="verified"))
    data["answer_en"] = data["answer_en"].replace("\n", "\r\n")
    response = admin_client.post(edit_url(ruling), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    ruling.refresh_from_db()
    assert (ruling.status, ruling.corrections.count()) == ("verified", 0)


def test_a_never_published_draft_owes_no_correction(admin_client, draft):
    response = admin_client.post(
        edit_url(draft), publish(form_data(draft, answer_en="No: one building, never two.[1]"))
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    draft.refresh_from_db()
    assert (draft.live, draft.status, draft.corrections.count()) == (True, "written", 0)


def listed_titles(listing):
    return [a.get_text(strip=True) for a in listing.select("td.title .title-wrapper a")]


def test_the_listing_says_which_rulings_are_drafts(admin_client, draft, ruling):
    listing = soup(admin_client.get(LISTING))
    statuses = {
        title: row.select(".w-status")[-1].get_text(strip=True)
        for title, row in zip(listed_titles(listing), listing.select("tbody tr"), strict=True)
    }
    assert statuses == {QUESTION: "Draft, not published", ruling.question: "Live, no draft waiting"}
    assert listed_titles(soup(admin_client.get(LISTING, {"publication": "draft"}))) == [QUESTION]


def preview(admin_client, ruling, data, mode):
    """The preview panel's page for `data`, as the editor's open form sends it."""
    url = reverse("wagtailsnippets_rulings_ruling:preview_on_edit", args=[ruling.pk])
    assert admin_client.post(url, data).json() == {"is_valid": True, "is_available": True}
    return admin_client.get(url, {"mode": mode})


def test_the_preview_shows_the_draft_as_readers_will_see_it(admin_client, draft):
    data = form_data(draft, question_es="¿Paga dos edificios?", answer_es="No.[1]")
    page = soup(preview(admin_client, draft, data, "en"))
    assert page.h1.get_text() == QUESTION
    assert "one building per turn" in page.select_one(".answer").get_text()
    assert page.select_one(".citations li").get_text(" ", strip=True).endswith("TURN · Build")
    label = page.select_one(".sign-off__label").get_text()
    assert label == "Closing note of the editor who wrote this ruling (not part of the answer):"
    spanish = soup(preview(admin_client, draft, data, "es"))
    assert spanish.html["lang"] == "es" and spanish.h1.get_text() == "¿Paga dos edificios?"
    assert "Nota final" in spanish.select_one(".sign-off__label").get_text()
    draft.refresh_from_db()
    assert not draft.live and not draft.question_es  # previewing saves nothing


def test_a_new_ruling_is_previewed_before_it_is_saved(admin_client, edition):
    url = reverse("wagtailsnippets_rulings_ruling:preview_on_add")
    data = new_ruling(edition)
    assert admin_client.post(url, data).json()["is_valid"]
    page = soup(admin_client.get(url, {"mode": "en"}))
    assert page.h1.get_text() == QUESTION
    assert not Ruling.objects.exists()


def test_editors_publish_and_translators_save_drafts(client, editor, translator, ruling):
    assert editor.has_perm("rulings.publish_ruling")
    assert not translator.has_perm("rulings.publish_ruling")
    client.force_login(translator)
    html = client.get(edit_url(ruling)).content.decode()
    assert "Save draft" in html and "action-publish" not in html
    unpublish = reverse("wagtailsnippets_rulings_ruling:unpublish", args=[ruling.pk])
    assert client.post(unpublish).status_code in (302, 403)
    assert Ruling.objects.get(pk=ruling.pk).live

    client.force_login(editor)
    assert client.post(unpublish).status_code == 302
    assert not Ruling.objects.get(pk=ruling.pk).live
    client.logout()
    assert client.get(ruling.get_absolute_url()).status_code == 404


def test_the_roles_are_as_the_migrations_make_them(roles):
    for name, publishes in ((EDITORS, True), (TRANSLATORS, False)):
        codenames = set(roles[name].permissions.values_list("codename", flat=True))
        assert ("publish_ruling" in codenames) is publishes


def test_an_import_publishes_what_it_writes(ruling):
    assert ruling.live and not ruling.has_unpublished_changes
    assert ruling.live_revision == ruling.latest_revision
    assert ruling.first_published_at == ruling.answered_at  # its date of record


def test_a_reimport_leaves_an_unpublished_ruling_a_draft(admin_client, client, ruling):
    admin_client.post(reverse("wagtailsnippets_rulings_ruling:unpublish", args=[ruling.pk]))
    again = import_export(closing="Changed.")
    assert again.pk == ruling.pk
    again.refresh_from_db()
    assert (again.live, again.closing_line) == (False, "Changed.")
    assert client.get(ruling.get_absolute_url()).status_code == 404


def test_an_editors_closing_line_is_not_called_the_answering_systems(client, draft, ruling):
    draft.latest_revision.publish()
    page = soup(client.get(draft.get_absolute_url()))
    assert "answering system" not in page.select_one(".sign-off").get_text()
    with translation.override("es"):
        spanish = soup(client.get(draft.get_absolute_url()))
    label = spanish.select_one(".sign-off__label").get_text()
    assert label == (
        "Nota final del editor que escribió esta resolución (no forma parte de la respuesta):"
    )
    exported = soup(client.get(ruling.get_absolute_url())).select_one(".sign-off__label")
    assert exported.get_text() == "Sign-off of the answering system (not part of the answer):"


def test_mark_reviewed_leaves_a_ruling_whose_draft_waits(admin_client, draft, ruling):
    url = (
        reverse("wagtail_bulk_action", args=("rulings", "ruling", "mark_reviewed"))
        + f"?id={draft.pk}&id={ruling.pk}"
    )
    response = admin_client.post(url, {"note": "Checked against the rulebook."})
    assert response.status_code == 302
    draft.refresh_from_db()
    ruling.refresh_from_db()
    assert (draft.status, ruling.status) == ("written", "verified")
