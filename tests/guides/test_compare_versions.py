"""Readers compare two published versions of a guide, in their language, section by
section, with what was added and removed marked in words as well as colour.

All the text the tests publish is test data, labelled "Illustrative"."""

import uuid

import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.test.utils import CaptureQueriesContext

from guides.models import GuidePage
from tests.guides.factories import publish_version, url_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def guide(demo_site):
    """The demo's Point City guide, given two more versions with illustrative changes."""
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")
    first = guide.version_number
    publish_version(
        guide,
        "Illustrative: the summary names the market.",
        intro_en="Illustrative summary: draft two cards from the market, then build.",
        intro_es="Resumen ilustrativo: roba dos cartas del mercado y construye.",
    )
    publish_version(
        guide, "Illustrative: a shorter summary.", intro_en="Illustrative summary.", intro_es=""
    )
    guide.refresh_from_db()
    assert guide.version_number == first + 2
    return guide, first


def edited(stream, changed, added):
    """The stored blocks of `stream` (ids kept) with its first paragraph's text replaced by
    `changed`, its last block dropped and a section headed `added[0]` appended; and the
    text of the dropped block."""
    blocks = [dict(block) for block in stream.get_prep_value()]
    first = next(block for block in blocks if block["type"] == "paragraph")
    first["value"] = f"<p>{changed}</p>"
    dropped = blocks.pop()
    blocks += [
        {"type": "heading", "value": added[0], "id": str(uuid.uuid4())},
        {"type": "paragraph", "value": f"<p>{added[1]}</p>", "id": str(uuid.uuid4())},
    ]
    return blocks, dropped


@pytest.fixture
def sections_changed(demo_site):
    """The demo guide published again with, in both languages, a changed paragraph in its
    first section, an added section and its last block removed."""
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")
    first = guide.version_number
    body_en, dropped_en = edited(
        guide.body_en,
        "Illustrative: sort the cards by tier and shuffle each pile.",
        ("Illustrative added section", "Illustrative words of the added section."),
    )
    body_es, dropped_es = edited(
        guide.body_es,
        "Ilustrativo: separa las cartas por nivel y baraja cada montón.",
        ("Sección añadida ilustrativa", "Palabras ilustrativas de la sección añadida."),
    )
    guide = publish_version(
        guide, "Illustrative: sections changed.", body_en=body_en, body_es=body_es
    )
    return guide, first, dropped_en, dropped_es


def compare_url(guide, old, new, language="en"):
    return url_in(guide, language) + comparison_subpath(guide, old, new, language)


def comparison_subpath(guide, old, new, language):
    from django.utils import translation

    with translation.override(language):
        return guide.compare_subpath(old, new)


def changes(client, url):
    """The comparison page's changes by their heading (label and status), and the page."""
    response = client.get(url)
    assert response.status_code == 200, url
    soup = BeautifulSoup(response.content, "html.parser")
    return {
        item.h2.get_text(" ", strip=True): item.select_one(".compare-change__text")
        for item in soup.select(".compare-change")
    }, soup


def marked(text, tag):
    """The words of `text` marked `tag` (ins or del), without the words said to screen
    readers."""
    return " ".join(
        "".join(s for s in mark.find_all(string=True) if not said_only(s)) for mark in text(tag)
    )


def said_only(string):
    return "visually-hidden" in (string.parent.get("class") or [])


def test_the_summary_change_is_marked_inserted_and_deleted_in_english(client, guide):
    guide, first = guide
    found, soup = changes(client, compare_url(guide, first + 1, first + 2))
    summary = found["Summary"]
    assert [d.get_text() for d in summary.select("del")][0].startswith("[removed:")
    assert "draft two cards from the market" in marked(summary, "del")
    assert "Key:" in soup.select_one(".diff-legend").get_text()
    assert soup.select_one('meta[name="robots"]')["content"] == "noindex"
    assert (
        "Illustrative: a shorter summary." in soup.select_one(".compare-versions__notes").get_text()
    )


def test_sections_changed_added_and_removed_in_english(client, sections_changed):
    guide, first, dropped, _dropped_es = sections_changed
    found, soup = changes(client, compare_url(guide, first, first + 1))
    changed = found["Sections › Set up the tiered deck › Paragraph"]
    assert "Illustrative" in marked(changed, "ins")
    assert "Every Point City card is double-sided" in marked(changed, "del")
    added = found["Sections › Illustrative added section › Paragraph (new)"]
    assert marked(added, "ins") == "Illustrative words of the added section."
    assert "Sections › Heading (new)" in found
    removed = [text for label, text in found.items() if label.endswith("(removed)")]
    assert len(removed) == 1 and removed[0]("del")
    assert soup.select_one(".compare-change--removed") is not None
    assert not any("Summary" in label for label in found)  # unchanged fields are not listed
    assert dropped["id"]


def test_sections_changed_added_and_removed_in_spanish(client, sections_changed):
    guide, first, _dropped, _dropped_es = sections_changed
    found, soup = changes(client, compare_url(guide, first, first + 1, "es"))
    [changed] = [text for label, text in found.items() if "Prepara el mazo por niveles" in label]
    assert "Ilustrativo" in marked(changed, "ins")
    assert "Todas" in marked(changed, "del") and "Ciudad de Puntos" in marked(changed, "del")
    assert "[añadido:" in changed.get_text() and "[eliminado:" in changed.get_text()
    [added] = [text for label, text in found.items() if "Sección añadida ilustrativa" in label]
    assert marked(added, "ins") == "Palabras ilustrativas de la sección añadida."
    assert len(soup.select(".compare-change--removed")) == 1
    assert "Illustrative" not in soup.select_one(".compare-versions__changes").get_text()
    assert soup.html["lang"] == "es"
    assert "Clave:" in soup.select_one(".diff-legend").get_text()


def test_a_spanish_reader_compares_the_spanish_text_and_the_english_where_none(client, guide):
    guide, first = guide
    found, _soup = changes(client, compare_url(guide, first, first + 1, "es"))
    summary = [text for label, text in found.items() if label.startswith("Resumen")][0]
    assert "roba dos cartas del mercado" in marked(summary, "ins")
    # The next version has no Spanish summary: a Spanish reader sees the English one.
    found, _soup = changes(client, compare_url(guide, first + 1, first + 2, "es"))
    summary = [text for label, text in found.items() if label.startswith("Resumen")][0]
    assert "Illustrative summary" in marked(summary, "ins")
    assert "roba dos cartas" in marked(summary, "del")
    # The English is marked as English for screen readers, the words around it are not.
    assert [span.get_text() for span in summary.select('ins span[lang="en"]')] == [
        marked(summary, "ins").strip()
    ]
    assert not summary.select("del [lang]") and "[añadido: " in summary.ins.get_text()


def test_the_address_is_in_the_readers_words_and_the_switcher_follows(client, guide):
    guide, first = guide
    spanish = compare_url(guide, first, first + 1, "es")
    assert f"/comparar/{first}/{first + 1}/" in spanish
    response = client.get(url_in(guide, "es") + f"compare/{first}/{first + 1}/")
    assert response.status_code == 301 and response["Location"] == spanish
    soup = BeautifulSoup(client.get(spanish).content, "html.parser")
    english = soup.select_one('link[rel="alternate"][hreflang="en"]')["href"]
    assert english.endswith(compare_url(guide, first, first + 1, "en"))


def test_versions_out_of_order_redirect_and_unknown_ones_are_not_found(client, guide):
    guide, first = guide
    response = client.get(compare_url(guide, first + 2, first))
    assert response.status_code == 302
    assert response["Location"].endswith(guide.compare_subpath(first, first + 2))
    for old, new in [(first, first + 9), (first, first), (first, 2**40), (0, first)]:
        assert client.get(compare_url(guide, old, new)).status_code == 404, (old, new)
    response = client.get(compare_url(guide, first + 9, first))  # in order, then not found
    assert client.get(response["Location"]).status_code == 404


def test_a_version_whose_revision_was_deleted_is_not_offered_or_found(client, guide):
    guide, first = guide
    guide.versions.filter(number=first + 1).update(revision=None)
    assert client.get(compare_url(guide, first, first + 1)).status_code == 404
    soup = BeautifulSoup(client.get(url_in(guide, "en")).content, "html.parser")
    compared = [
        a["href"].split("/compare/")[1] for a in soup.select('.change-log a[href*="/compare/"]')
    ]
    assert compared and all(str(first + 1) not in pair.split("/") for pair in compared)
    assert f"{first}/{first + 2}/" in compared


def test_the_form_goes_to_the_two_versions_chosen(client, guide):
    guide, first = guide
    soup = BeautifulSoup(client.get(compare_url(guide, first, first + 1)).content, "html.parser")
    form = soup.select_one("form.compare-versions__choose")
    assert form["method"] == "get"
    chosen = client.get(form["action"], {"old": first + 2, "new": first})
    assert chosen.status_code == 302
    assert chosen["Location"].endswith(guide.compare_subpath(first, first + 2))
    assert client.get(form["action"], {"old": "x", "new": first}).status_code == 404
    assert client.get(form["action"]).status_code == 404


def test_the_change_log_and_an_old_version_link_to_the_comparison(client, guide):
    guide, first = guide
    soup = BeautifulSoup(client.get(url_in(guide, "en")).content, "html.parser")
    links = {a.get_text(): a["href"] for a in soup.select(".change-log a")}
    line = [li for li in soup.select(".change-log li") if f"Read version {first + 1}" in li.text]
    assert [a.get_text() for a in line[0]("a")] == [
        f"Read version {first + 1}",
        f"Compare with version {first}",
        "Compare with current",
    ]
    assert guide.url + guide.compare_subpath(first + 1, first + 2) in links.values()
    assert guide.url + guide.compare_subpath(first, first + 1) in links.values()
    old = BeautifulSoup(client.get(guide.url + f"v/{first}/").content, "html.parser")
    banner = {a.get_text(): a["href"] for a in old.select(".notice--superseded a")}
    assert banner["Compare with the current version"] == guide.url + guide.compare_subpath(
        first, first + 2
    )


def test_comparing_costs_the_same_however_many_versions(client, guide):
    guide, first = guide
    url = compare_url(guide, first, first + 1)
    client.get(url)
    with CaptureQueriesContext(connection) as before:
        client.get(url)
    for number in range(3):
        publish_version(guide, f"Illustrative: one more ({number}).", intro_en=f"Again {number}.")
    client.get(url)
    with CaptureQueriesContext(connection) as after:
        client.get(url)
    assert 0 < len(after) == len(before)


def test_blocks_saved_with_new_ids_are_paired_by_their_place_and_words(client, demo_site):
    """The demo's two versions were imported with new block ids each: unchanged blocks are
    not listed, and what was removed is shown before what replaced it."""
    guide = GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")
    found, _soup = changes(client, compare_url(guide, 1, 2))
    assert not any("Set up the tiered deck" in label for label in found)
    assert "Sections › Breaking a tie › Paragraph (new)" in found
    labels = list(found)
    removed = labels.index("Sections › End of the game and scoring › Paragraph (removed)")
    assert labels[removed + 1] == "Sections › End of the game and scoring › Paragraph (new)"
    assert "keep taking turns" in marked(found[labels[removed]], "del")
