"""A Spanish reader meets Spanish everywhere, and English only where content is in English.

Interface words are translated; text that exists only in English (rulings, rulebook
headings, untranslated corrections) is marked `lang="en"` and a short Spanish note says so;
figures and names are data, the same in both languages; dates have one style per language.
"""

import datetime
import importlib
import re

import polib
import pytest
from bs4 import BeautifulSoup
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation

from catalogue.models import ErrataCard
from guides.models import GuideCorrection, GuideSource
from rulings.models import Ruling
from rulings.translation_admin import mark_translation_current
from tests.guides.factories import publish, url_in
from tests.rulesage.fixtures import reader_urls
from tests.rulesage.test_translation_catalogue import CATALOGUE

pytestmark = pytest.mark.django_db


def get_html(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return BeautifulSoup(response.content, "html.parser")


def spanish_interface_text(html):
    """The page's visible text and labels, without what is marked as written in English."""
    body = html.body
    for element in body.select('[lang="en"], script, style, code'):
        element.decompose()
    labels = [
        value
        for element in body.find_all(True)
        for value in (element.get("aria-label"), element.get("title"), element.get("alt"))
        if value
    ]
    return " ".join([body.get_text(" "), *labels])


def english_interface_phrases():
    """Every interface string whose Spanish differs, as phrases of two words or more."""
    phrases = set()
    for entry in polib.pofile(str(CATALOGUE)):
        if entry.msgctxt == "URL path segment" or entry.msgstr == entry.msgid:
            continue
        for msgid in filter(None, (entry.msgid, entry.msgid_plural)):
            for fragment in re.split(r"%\(\w+\)[sd]|%[sd]|[“”«»():;]", msgid):
                fragment = fragment.strip(" .,·—-")
                if len(fragment.split()) >= 2:
                    phrases.add(fragment)
    return phrases


def test_no_english_interface_phrase_on_any_spanish_page(client, every_reader_page):
    phrases = english_interface_phrases()
    assert "Sources and scope" in phrases and "Corrected by" in phrases
    found = {}
    for language, name, url in every_reader_page:
        if language != "es":
            continue
        text = " ".join(spanish_interface_text(get_html(client, url)).split())
        leaks = sorted(phrase for phrase in phrases if phrase in text)
        # Words that are data in English, not interface strings, but used to leak too.
        leaks += [w for w in ("Rulesage editors", "pages 4", "search ") if w in text]
        leaks += re.findall(r"\bp\.\d+", text)
        if leaks:
            found[name] = leaks
    assert found == {}


def test_english_content_on_spanish_pages_is_marked_and_announced(client, full_site):
    guide, ruling = full_site
    urls = reader_urls(guide, ruling, "es")

    page = get_html(client, urls["ruling"])
    assert page.h1["lang"] == "en"
    assert page.select_one(".answer")["lang"] == "en"
    assert page.select_one(".sign-off q")["lang"] == "en"
    note = page.select_one("main .notice--translation")
    assert note.get_text(strip=True) == (
        "Esta resolución está redactada en inglés y se muestra tal como se escribió."
    )
    # Rulebook titles and headings are the rulebook's words; the page label is Spanish.
    citation = page.select_one("#cite-1")
    assert "pág. 3" in citation.get_text() and "p.3" not in citation.get_text()
    assert {span.get_text() for span in citation.select('[lang="en"]')} >= {"SECTION · Part 1"}
    # A correction with no Spanish text is English, marked so.
    assert page.select_one(".corrections [lang=en]").get_text() == "Said you may not pass."

    listing = get_html(client, urls["rulings"])
    assert listing.select_one(f'a[href="{urls["ruling"]}"]')["lang"] == "en"
    assert "Las resoluciones se redactan en inglés" in listing.select_one(".notice").get_text()

    log = get_html(client, urls["corrections"])
    entry = log.find("a", href=re.compile(re.escape(urls["ruling"])))
    assert entry["lang"] == "en"
    assert "sin traducir: se muestra en inglés" in entry.parent.get_text()

    errata = get_html(client, urls["errata"])
    assert errata.select_one(".errata li p span[lang=en]").get_text() == "Now reads otherwise."


def test_english_pages_carry_no_english_only_notes(client, full_site):
    guide, ruling = full_site
    page = get_html(client, ruling.get_absolute_url())
    assert not page.select(".notice--translation")
    assert not page.h1.get("lang")


def test_a_translated_ruling_is_not_marked_english(client, ruling):
    Ruling.objects.filter(pk=ruling.pk).update(
        question_es="¿Puedo pasar?",
        answer_es="Sí.[1] Claro.[2]",
        closing_line_es="Suerte.",
    )
    # A translation says which English it follows before it is presented as current.
    mark_translation_current(Ruling.objects.get(pk=ruling.pk), "es", None, "Traducida.")
    with translation.override("es"):
        url = ruling.get_absolute_url()
    page = get_html(client, url)
    assert page.h1.get_text() == "¿Puedo pasar?" and not page.h1.get("lang")
    assert not page.select("main .notice--translation")


def test_the_editorial_team_is_named_in_each_language_and_a_person_as_written(client, guide):
    page = type(guide).objects.get(pk=guide.pk)
    page.corrections = [
        GuideCorrection(
            corrected_on=datetime.date(2026, 10, 20),
            what_was_wrong_en="Old.",
            what_was_wrong_es="Antes.",
            what_it_says_now_en="New.",
            what_it_says_now_es="Ahora.",
            corrected_by="",
        ),
        GuideCorrection(
            corrected_on=datetime.date(2026, 10, 21),
            what_was_wrong_en="Old.",
            what_it_says_now_en="New.",
            corrected_by="Ana López",
        ),
    ]
    guide = publish(page, title_es="Cómo jugar", slug_es="como-jugar")
    english = get_html(client, url_in(guide, "en")).select_one("#corrections").get_text()
    spanish = get_html(client, url_in(guide, "es")).select_one("#corrections").get_text()
    assert "corrected by Rulesage editors" in english and "corrected by Ana López" in english
    assert "corregida por los editores de Rulesage" in spanish
    assert "corregida por Ana López" in spanish
    with translation.override("es"):
        log = client.get(reverse("corrections_log")).content.decode()
        feed = client.get(reverse("corrections_feed")).content.decode()
    assert "Corregida por los editores de Rulesage" in log
    assert "(por los editores de Rulesage)" in feed


def test_source_pages_are_numbers_worded_in_each_language(client, guide):
    source = guide.sources.get()
    assert (source.first_page, source.last_page) == (4, 11)
    guide = publish(guide, title_es="Cómo jugar", slug_es="como-jugar")
    english = get_html(client, url_in(guide, "en")).select_one("#sources").get_text(" ")
    spanish = get_html(client, url_in(guide, "es")).select_one("#sources").get_text(" ")
    assert "pages 4–11" in english and "páginas 4–11" in spanish
    # As an editor's change: saved, so pages showing it are rendered again.
    source.last_page, source.section_en = None, "Solo appendix"
    source.save()
    spanish_html = get_html(client, url_in(guide, "es"))
    assert "página 4" in spanish_html.select_one("#sources").get_text(" ")
    # A section named only in English is shown in English, marked so.
    marked = [span.get_text() for span in spanish_html.select("#sources span[lang=en]")]
    assert "Solo appendix" in marked


def test_a_page_range_cannot_end_before_it_starts(guide):
    with pytest.raises(IntegrityError), transaction.atomic():
        GuideSource.objects.filter(pk=guide.sources.get().pk).update(last_page=2)
    with pytest.raises(IntegrityError), transaction.atomic():
        GuideSource.objects.filter(pk=guide.sources.get().pk).update(first_page=None)


def test_the_migration_reads_old_locators_into_pages():
    migration = importlib.import_module("guides.migrations.0005_source_pages_and_byline")
    assert migration.split_locator("pages 4–11") == (4, 11, "")
    assert migration.split_locator("p. 4") == (4, None, "")
    assert migration.split_locator("Page 12") == (12, None, "")
    assert migration.split_locator("pp. 3-9") == (3, 9, "")
    assert migration.split_locator("pages 9–3") == (None, None, "pages 9–3")
    assert migration.split_locator("Solo appendix") == (None, None, "Solo appendix")
    assert migration.split_locator("") == (None, None, "")
    assert migration.join_locator(4, 11, "") == "pages 4–11"
    assert migration.join_locator(4, None, "Solo appendix") == "page 4, Solo appendix"


# Dates as each language writes them: "6 October 2026" (and ", 19:41"), "6 de octubre de
# 2026" (and " a las 19:41"). Anything else that looks like a date is a second style.
MONTHS = {
    "en": "January|February|March|April|May|June|July|August|September|October|November|December",
    "es": "enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|"
    "diciembre",
}
DATE_STYLE = {
    "en": rf"\d{{1,2}} (?:{MONTHS['en']}) \d{{4}}(?:, \d{{2}}:\d{{2}})?",
    "es": rf"\d{{1,2}} de (?:{MONTHS['es']}) de \d{{4}}(?: a las \d{{2}}:\d{{2}})?",
}
ANY_DATE = re.compile(
    r"\b(?:\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4}|"
    r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}, \d{4}|"
    rf"\d{{1,2}} (?:de )?(?:{MONTHS['en']}|{MONTHS['es']})\b[^.;·)]*)|\b[ap]\.m\.",
    re.IGNORECASE,
)


def test_one_date_style_per_language_on_every_page(client, every_reader_page, full_site):
    guide, ruling = full_site
    Ruling.objects.filter(pk=ruling.pk).update(
        answered_at=datetime.datetime(2026, 10, 12, 19, 41, tzinfo=datetime.UTC),
        status=Ruling.Status.VERIFIED,
        reviewed_at=datetime.datetime(2026, 11, 3, 9, 5, tzinfo=datetime.UTC),
    )
    ErrataCard.objects.update(issued_on=datetime.date(2026, 11, 1))
    ruling.edition.errata_checked_on = datetime.date(2026, 11, 4)
    ruling.edition.save()
    seen = {"en": set(), "es": set()}
    for language, name, url in every_reader_page:
        html = get_html(client, url)
        for element in html.select("script, style, code"):
            element.decompose()
        text = " ".join(html.body.get_text(" ").split())
        for found in ANY_DATE.finditer(text):
            date = found.group(0)
            assert re.match(DATE_STYLE[language], date), (language, name, date)
            seen[language].add(re.match(DATE_STYLE[language], date).group(0))
    assert "12 October 2026, 19:41" in seen["en"] and "6 October 2026" in seen["en"]
    assert "12 de octubre de 2026 a las 19:41" in seen["es"]
    assert "6 de octubre de 2026" in seen["es"]


def test_spanish_sentences_name_documents_in_spanish_where_an_editor_gave_a_title(
    client, full_site
):
    guide, ruling = full_site
    document = guide.sources.first().document
    status = get_html(client, url_in(guide, "es")).select_one(".guide-status .checked")
    # No Spanish title yet: the published title, marked as written in English.
    assert status.select_one('span[lang="en"]').get_text() == document.title_en

    document.title_es = "Reglamento de la prueba (en inglés)"
    document.save()
    html = get_html(client, url_in(guide, "es"))
    status = html.select_one(".guide-status .checked")
    assert "Reglamento de la prueba (en inglés)" in status.get_text()
    assert not status.select('[lang="en"]')
    assert document.title_en not in html.select_one("#sources").get_text()
    # English readers keep the published title; search engines are told it as published.
    english = get_html(client, url_in(guide, "en"))
    assert document.title_en in english.select_one(".guide-status").get_text()
    assert f'"name": "{document.title_en}"' in str(html.find("script", type="application/ld+json"))


def test_citation_markers_are_labelled_in_the_readers_language(client, full_site):
    guide, ruling = full_site
    with translation.override("es"):
        url = ruling.get_absolute_url()
    markers = get_html(client, url).select(".answer a.cite-ref")
    assert markers
    for marker in markers:
        assert marker["lang"] == "es"
        assert re.fullmatch(r"cita \d+", marker["aria-label"])
    with translation.override("en"):
        url = ruling.get_absolute_url()
    english = get_html(client, url).select_one(".answer a.cite-ref")
    assert re.fullmatch(r"citation \d+", english["aria-label"])
