"""`import_rulings` refuses malformed files cleanly: file:line and what is wrong, nothing
written from that file, no traceback, every other file still imported, the summary last."""

import json
from pathlib import Path

import pytest
from django.conf import settings

from catalogue.models import Document, Edition, Game, Passage
from rulings.importers.parsed import import_limits
from rulings.models import Citation, Ruling
from tests.rulings.exports import make_export, run_import

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
LIMITS = settings.RULESAGE_IMPORT_LIMITS


def snapshot():
    """Every row an import can write, to prove a refusal wrote nothing."""
    models = (Game, Edition, Document, Passage, Ruling, Citation)
    return {model.__name__: list(model.objects.values().order_by("pk")) for model in models}


def text_export(old=None, new=None, **kwargs):
    """A valid text export (tests/rulings/exports.py), with one exact replacement."""
    text = make_export(**kwargs)
    if old is not None:
        assert old in text, old
        text = text.replace(old, new)
    return text


def json_export(**changes):
    """A valid JSON export, pretty-printed so every key sits on a line of its own."""
    data = {
        "format": "rulesage-ruling/1",
        "game_name": "Test Game",
        "edition_code": "bg-900001-en-1e",
        "question": "Can I pass?",
        "outcome": "answered",
        "answer_markdown": "A claim.[1]",
        "references": [
            {"n": 1, "kind": "RULEBOOK", "document_title": "Rulebook", "page": 3},
        ],
        "closing_line": "Good luck.",
        "tokens_in": 100,
        "retrieval_refs": [
            {"page": 3, "score": 0.5, "snippet": "text", "headingPath": "A", "sharpsignalDocId": 7}
        ],
        "provenance": {"fields": {"corpus profile": "live"}},
    }
    data.update(changes)
    return json.dumps(data, indent=2)


def json_line(text, needle, below=0):
    """1-based line of the first line holding ``needle``, or ``below`` lines under it."""
    return below + next(i for i, line in enumerate(text.split("\n"), 1) if needle in line)


NESTED = "[" * 100_000 + "]" * 100_000
RETRIEVAL_PAGE_3 = '"page": 3, "score"'

# (name, file text, line, what the refusal says). Text exports keep make_export's layout:
# question line 5, "Asked with" 9, first reference 13, closing line 17, answerer pin 22,
# retrieval refs 24, tokens out 31, errata registry block 33.
TEXT_CASES = [
    ("nul-question", text_export(question="Can I\x00 pass?"), 5, "control character U+0000"),
    ("long-closing-line", text_export(closing="x" * 301), 17, "closing_line: 301 characters"),
    (
        "long-answerer",
        text_export("testmodel:1b think:false abc123", "m" * 301),
        22,
        "answerer: 301 characters",
    ),
    ("long-game-name", text_export(game="G" * 201), 1, "game_name: 201 characters"),
    (
        "long-document-title",
        text_export("Test Game — Rulebook · p.3", "T" * 301 + " · p.3"),
        13,
        "references[0].document_title: 301 characters",
    ),
    (
        "long-external-edition-id",
        text_export("(edition 4242)", "(edition " + "9" * 41 + ")"),
        33,
        "external_edition_id: 41 characters",
    ),
    (
        "page-out-of-range",
        text_export("· p.3 ·", "· p.10001 ·"),
        13,
        "references[0].page: must be a whole number from 0 to 10,000, not 10001",
    ),
    (
        "negative-page",
        text_export(RETRIEVAL_PAGE_3, '"page": -3, "score"'),
        24,
        "retrieval_refs[0].page: must be a whole number from 0 to 10,000, not -3",
    ),
    (
        "citation-number-out-of-range",
        text_export("[1]", "[1000]"),
        13,
        "references[0].n: must be a whole number from 0 to 999, not 1000",
    ),
    (
        "token-count-out-of-range",
        text_export(tokens_out=2**31),
        31,
        f"tokens_out: must be a whole number from 0 to 2,147,483,647, not {2**31}",
    ),
    (
        "bgg-id-20-digits",
        text_export(code="bg-12345678901234567890-en-1e"),
        9,
        "BoardGameGeek id 12345678901234567890 is out of range",
    ),
    (
        "retrieval-page-abc",
        text_export(RETRIEVAL_PAGE_3, '"page": "abc", "score"'),
        24,
        "retrieval_refs[0].page: must be a whole number from 0 to 10,000, not 'abc'",
    ),
    (
        "retrieval-json-nested",
        text_export(
            "returned: [",
            "returned: " + "[" * 100_000 + "]" * 100_000 + " [",
        ),
        24,
        "'retrieval refs' JSON nested deeper than 32 levels",
    ),
    (
        "retrieval-nan",
        text_export('"score": 0.03', '"score": NaN'),
        24,
        "NaN is not a number JSON can store",
    ),
    (
        "retrieval-infinite",
        text_export('"score": 0.03', '"score": 1e999'),
        24,
        "number out of range: 1e999",
    ),
    (
        "retrieval-5000-digits",
        text_export('"score": 0.03', '"score": ' + "9" * 5000),
        24,
        "number with 5000 characters",
    ),
    (
        "retrieval-item-not-object",
        text_export("returned: [", "returned: [1, "),
        24,
        "retrieval_refs[0]: must be an object, not int",
    ),
    (
        "document-id-a-list",
        text_export(
            '"sharpsignalDocId": 5001}, {"page": 4, "score"',
            '"sharpsignalDocId": [1]}, {"page": 4, "score"',
        ),
        24,
        "retrieval_refs[0].sharpsignalDocId: must be a number or a string, not [1]",
    ),
    (
        "nul-escaped-in-snippet",
        text_export("The rule text", "The\\u0000 rule text"),
        24,
        "retrieval_refs[0].snippet: contains the control character U+0000",
    ),
    (
        "tab-in-game-name",
        text_export(game="Test\tGame"),
        1,
        "game_name: contains the control character U+0009",
    ),
    (
        "answer-nested-too-deep",
        text_export(answer="1. " * 20 + "claim.[1][2]"),
        11,
        "answer_markdown: lists and quotes nested 20 deep (at most 8)",
    ),
    (
        "question-too-long",
        text_export(question="Why? " * 500),
        5,
        f"question: 2,499 characters; at most {LIMITS['question_chars']:,} accepted",
    ),
    (
        "answer-too-long",
        text_export(answer="A claim.[1][2] " + "word " * 3300),
        11,
        f"answer_markdown: 16,514 characters; at most {LIMITS['answer_chars']:,} accepted",
    ),
]

JSON_CASES = [
    (
        "json-nested",
        json_export(provenance={"deep": "@"}).replace('"@"', NESTED),
        '"deep"',
        "JSON nested deeper than 32 levels",
    ),
    ("json-negative-tokens", json_export(tokens_in=-5), "tokens_in", "tokens_in: must be"),
    (
        "json-negative-citation-number",
        json_export(references=[{"n": -1, "kind": "RULEBOOK", "document_title": "R", "page": 3}]),
        ('"references"', 1),
        "references[0].n: must be a whole number from 0 to 999, not -1",
    ),
    (
        "json-negative-page",
        json_export(references=[{"n": 1, "kind": "RULEBOOK", "document_title": "R", "page": -3}]),
        ('"references"', 1),
        "references[0].page: must be a whole number from 0 to 10,000, not -3",
    ),
    (
        "json-newline-in-closing-line",
        json_export(closing_line="Good\nluck."),
        "closing_line",
        "closing_line: contains a line break (one-line value)",
    ),
    (
        "json-nul-in-provenance",
        json_export(provenance={"fields": {"x": "a\x00b"}}),
        "provenance",
        "provenance['fields']['x']: contains the control character U+0000",
    ),
    (
        "json-lone-surrogate",
        json_export(question="Can I pass?").replace("pass?", "pass\\ud800?"),
        "question",
        "question: contains an unpaired surrogate U+D800",
    ),
    (
        "json-too-many-references",
        json_export(
            answer_markdown="A claim.[1]",
            references=[
                {"n": n, "kind": "RULEBOOK", "document_title": "R", "page": 3}
                for n in range(1, LIMITS["references"] + 2)
            ],
        ),
        "references",
        f"references: {LIMITS['references'] + 1} entries; at most {LIMITS['references']} accepted",
    ),
    (
        "json-quote-not-text",
        json_export(citations_raw=[{"page": 3, "quote": {"text": "x"}}]),
        ('"citations_raw"', 1),
        "citations_raw[0].quote: must be a string, not dict",
    ),
    (
        "json-score-not-a-number",
        json_export(retrieval_refs=[{"page": 3, "score": "high"}]),
        ('"retrieval_refs"', 1),
        "retrieval_refs[0].score: must be a number, not 'high'",
    ),
]

CASES = [(name + ".txt", text, line, words) for name, text, line, words in TEXT_CASES] + [
    (
        name + ".json",
        text,
        json_line(text, *([needle] if isinstance(needle, str) else needle)),
        words,
    )
    for name, text, needle, words in JSON_CASES
]


@pytest.mark.parametrize(("name", "text", "line", "words"), CASES, ids=[c[0] for c in CASES])
def test_each_malformed_file_is_refused_with_its_line(tmp_path, name, text, line, words):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    before = snapshot()
    _out, err, ok = run_import(path)
    assert not ok
    assert f"refused {path}:{line}: " in err
    refusal = next(line for line in err.splitlines() if line.startswith("refused "))
    assert words in refusal
    assert "Traceback" not in err
    assert "1 file(s): 0 imported" in err and "1 refused" in err
    assert snapshot() == before


def test_file_over_the_size_limit_is_refused_unread(tmp_path):
    path = tmp_path / "huge.txt"
    path.write_text(make_export(answer="A claim.[1][2] " + "x" * LIMITS["file_bytes"]))
    _out, err, ok = run_import(path)
    assert not ok
    assert f"refused {path}: file is " in err
    assert f"at most {LIMITS['file_bytes']:,} are accepted" in err
    assert not Ruling.objects.exists()


def test_limits_come_from_settings_and_model_columns(tmp_path, settings):
    limits = import_limits()
    assert limits.length("closing_line") == Ruling._meta.get_field("closing_line").max_length
    # A value stored in two columns gets the narrower one.
    assert limits.length("heading_path") == min(
        Passage._meta.get_field("heading_path").max_length,
        Citation._meta.get_field("heading_path").max_length,
    )
    assert limits.range("tokens") == (0, 2_147_483_647)  # PostgreSQL integer
    assert limits.range("citation_number") == (0, 999)  # the sensible bound, under smallint

    exact = write(tmp_path, "exact.txt", make_export(closing="x" * 300))
    _out, err, ok = run_import(exact)
    assert ok, err

    settings.RULESAGE_IMPORT_LIMITS = {**LIMITS, "file_bytes": 1_000}
    small = write(tmp_path, "small.txt", make_export(question="Another?"))
    _out, err, ok = run_import(small)
    assert not ok
    assert "at most 1,000 are accepted" in err


def test_unknown_limit_names_are_a_configuration_error(settings):
    from django.core.exceptions import ImproperlyConfigured

    settings.RULESAGE_IMPORT_LIMITS = {**LIMITS, "answer_char": 10}
    with pytest.raises(ImproperlyConfigured, match="answer_char"):
        import_limits()


def write(directory, name, text):
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path
