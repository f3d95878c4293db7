"""The largest ruling the importer accepts renders its page as a small one does.

The file, every field and every count are bounded (settings.RULESAGE_IMPORT_LIMITS), and
the answer renderer has no link syntax (whose cost grew with the cube of unclosed
brackets). These tests build a ruling at every limit at once, import it through the
command, and render its page from nothing: complete, in the queries a small ruling's page
takes. How long it takes is measured in bench/ (`bench/README.md`), never asserted.
"""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.cache_tags import bump_everything
from rulings.importers.parsed import import_limits
from rulings.models import Ruling
from rulings.rendering import forget_rendered_answers
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db

LIMITS = import_limits()


def fill(unit: str, size: int) -> str:
    """``unit`` repeated to exactly ``size`` characters, ending in a visible character."""
    return (unit * (size // len(unit) + 1))[: size - 1] + "."


# Answers at the length limit, shaped like real answers and like the inputs that cost
# Python-Markdown the most per character (measured: paragraphs, emphasis, brackets).
PROSE = (
    "## Setup\n\n1. Sort the cards into three decks by tier.[1]\n\n"
    "* With **two players**, use 40 cards of tier 1.[2][3]\n\n"
    "Shuffle each deck and place it resource side up.[4]\n\n"
)
ANSWERS = {
    "prose": fill(PROSE, LIMITS.answer_chars),
    "paragraphs": fill("w\n\n", LIMITS.answer_chars),
    "emphasis": fill("*x _", LIMITS.answer_chars),
    "brackets": fill("[", LIMITS.answer_chars),
    "links": fill("[a](", LIMITS.answer_chars),
    "markers": fill("[7]", LIMITS.answer_chars),
    "html": fill("<b", LIMITS.answer_chars),
    "nested-quotes": fill("> " * LIMITS.answer_nesting + "x\n", LIMITS.answer_chars),
    "nested-lists": fill("1. " * LIMITS.answer_nesting + "x\n", LIMITS.answer_chars),
}


def largest_export(answer: str) -> str:
    """A JSON export with every field, list and the file itself at (or just under) its limit."""
    references = [
        {
            "n": n,
            "kind": "RULEBOOK",
            "document_title": fill("Big Game — Rulebook ", 300),
            "page": n,
            "heading_path": fill("CHAPTER · Section ", 500),
        }
        for n in range(1, LIMITS.references + 1)
    ]
    citations_raw = [
        {
            "page": n,
            "quote": fill("Quoted rule. ", 500),
            "headingPath": f"H{n}",
            "sharpsignalDocId": 1,
        }
        for n in range(1, LIMITS.references + 1)
    ]
    data = {
        "format": "rulesage-ruling/1",
        "game_name": fill("Big Game ", 200),
        "edition_code": "bg-999999-en-1e",
        "question": fill("How does this work? ", LIMITS.question_chars),
        "outcome": "answered",
        "outcome_label": fill("Answered ", 200),
        "answer_markdown": answer,
        "references": references,
        "closing_line": fill("Rule found. ", 300),
        "answerer": fill("model ", 300),
        "timings": {"search": 90, "ask": 6588, "total": 6679},
        "tokens_in": 2_147_483_647,
        "tokens_out": 1024,
        "citations_raw": citations_raw,
        "recorded_at": "2026-09-06T13:08:00+00:00",
        "errata_statement": fill("No errata registered. ", 2_000),
        "external_edition_id": "9" * 40,
        "provenance": {"fields": {}, "blocks": {}},
    }
    # Retrieval results fill what is left of the file, within their own count limit.
    data["retrieval_refs"] = [
        {"page": n, "score": 0.047875, "snippet": "", "headingPath": f"SECTION {n}"}
        for n in range(LIMITS.retrieval_refs)
    ]
    room = LIMITS.file_bytes - len(json.dumps(data, ensure_ascii=False).encode())
    for ref in data["retrieval_refs"]:
        ref["snippet"] = fill("Snippet text of the rulebook. ", room // LIMITS.retrieval_refs)
    text = json.dumps(data, ensure_ascii=False)
    assert LIMITS.file_bytes - LIMITS.retrieval_refs < len(text.encode()) <= LIMITS.file_bytes
    return text


def uncached_page(client, url):
    """The page rendered from nothing (the rendered answers, the remembered page data and
    the page cache emptied first), and the SQL queries it took."""
    forget_rendered_answers()
    bump_everything()
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    return response, len(queries)


@pytest.mark.parametrize("shape", list(ANSWERS))
def test_the_largest_accepted_ruling_renders_as_a_small_one_does(client, tmp_path, shape):
    path = tmp_path / f"largest-{shape}.json"
    path.write_text(largest_export(ANSWERS[shape]), encoding="utf-8")
    call_command("import_rulings", str(path), "--no-progress", stdout=StringIO())
    ruling = Ruling.objects.get(edition__code="bg-999999-en-1e")
    assert len(ruling.answer) == LIMITS.answer_chars
    assert ruling.citations.count() == LIMITS.references
    assert len(ruling.retrieval) == LIMITS.retrieval_refs

    small = import_export(question="Warm-up?")
    small_response, small_queries = uncached_page(client, small.get_absolute_url())
    assert small_response.status_code == 200

    response, queries = uncached_page(client, ruling.get_absolute_url())
    assert response.status_code == 200
    assert b'<div class="prose answer">' in response.content
    if shape in ("prose", "markers"):
        assert b'class="cite-ref"' in response.content
    # Every citation, errata card and mention comes in the same few queries.
    assert queries == small_queries


def test_one_character_more_is_refused(tmp_path):
    path = tmp_path / "too-long.json"
    path.write_text(largest_export(fill("w ", LIMITS.answer_chars + 1)), encoding="utf-8")
    err = StringIO()
    with pytest.raises(Exception, match="1 refused"):
        call_command("import_rulings", str(path), "--no-progress", stdout=StringIO(), stderr=err)
    assert f"answer_markdown: {LIMITS.answer_chars + 1:,} characters" in err.getvalue()


def test_answers_have_no_link_syntax_and_show_raw_html_as_text():
    """Deliberate: links never survived sanitising and raw HTML was parsed only to be
    stripped; both now stay the text they were, and cost nothing to render."""
    from rulings.rendering import render_answer

    html = render_answer("See [the rules](http://example.com) <b>now</b> **bold**.[1]", {1})
    assert "[the rules](http://example.com)" in html
    assert "&lt;b&gt;now&lt;/b&gt;" in html
    assert "<strong>bold</strong>" in html
    assert '<a class="cite-ref" href="#cite-1"' in html
