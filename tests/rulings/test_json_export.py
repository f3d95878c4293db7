"""The JSON export format beside the text one, and the content hash both share. No database."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from rulings.importers.files import parse_file
from rulings.importers.json_export import dump_json, parse_json
from rulings.importers.parsed import ExportFormatError, content_hash
from rulings.importers.text_export import parse_export
from tests.rulings.exports import FIXTURES, fixture_text

# --------------------------------------------------------------------------- JSON format


def test_json_fixture():
    r = parse_file(FIXTURES / "azul-floor-line.json")
    assert r.filename == "azul-floor-line.json"
    assert (r.game_name, r.edition_code, r.outcome) == ("Azul", "bg-230802-en-1e", "answered")
    assert r.references[1].heading_path == "B. Wall-tiling · Floor line penalties"
    assert [ref.line for ref in r.references] == [10, 17]
    assert r.recorded_at == datetime(2026, 3, 15, 10, 30, tzinfo=UTC)
    assert r.answer_markdown.startswith("## Overflow")
    assert r.timings["ask"] == 2411
    assert r.external_edition_id == "412"
    assert r.warnings == []


def test_json_detected_by_leading_brace(tmp_path):
    path = tmp_path / "ruling.export"
    path.write_text(fixture_text("azul-floor-line.json"), encoding="utf-8")
    assert parse_file(path).question.startswith("What happens when tiles")


def test_json_markers_and_unknown_keys():
    minimal = (
        '{"game_name": "Azul", "edition_code": "bg-230802-en-1e", "question": "Q?",\n'
        ' "answer_markdown": "See [1] and [4].", "mystery": 1,\n'
        ' "references": [{"n": 1, "kind": "RULEBOOK", "document_title": "Azul — Rulebook",'
        ' "page": null, "heading_path": ""}]}'
    )
    r = parse_json(minimal, "min.json")
    assert r.outcome == "needs_editor"
    assert r.provenance["json_extra"] == {"mystery": 1}
    assert "line 2: marker [4] has no reference" in r.warnings
    assert r.references[0].line == 3


def test_json_reference_never_cited_is_a_warning_as_in_text():
    two_refs = (
        '{"game_name": "Azul", "edition_code": "bg-230802-en-1e", "question": "Q?",\n'
        ' "answer_markdown": "See [1].", "references": [\n'
        '  {"n": 1, "kind": "RULEBOOK", "document_title": "Azul — Rulebook", "page": 5},\n'
        '  {"n": 2, "kind": "FAQ", "document_title": "Azul — FAQ"}]}'
    )
    r = parse_json(two_refs, "two.json")
    assert "line 4: reference [2] is never cited in the answer" in r.warnings


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        (
            '{"game_name": "A", "edition_code": "bg-1-en-1e", "question": "Q?",\n'
            ' "references": [\n  {"n": 1, "kind": "R", "document_title": "T", "page": "3"}]}',
            3,
            "malformed reference: 'references[0].page' must be a whole number, not '3'",
        ),
        (
            '{"game_name": "A", "edition_code": "bg-1-en-1e", "question": "Q?",\n'
            ' "tokens_in": true}',
            2,
            "'tokens_in' must be a whole number, not True",
        ),
        ('{"game_name": "Azul",\n "edition_code": "bg-1-en-1e"}', 1, "'question' is missing"),
        ('{"game_name": "Azul",\n "edition_code": "bg-1-en-1e",\n "question": " "}', 3, "empty"),
        ("[1, 2]", 1, "expected one JSON object"),
        (
            '{"game_name": "A", "edition_code": "bg-1-en-1e", "question": "Q?",\n'
            ' "answer_markdown": "Yes.[1]"}',
            2,
            "cites [1] but the ruling has no references",
        ),
        (
            '{"game_name": "A", "edition_code": "bg-1-en-1e", "question": "Q?",\n'
            ' "references": [\n  {"n": "one"}]}',
            3,
            "malformed reference",
        ),
    ],
)
def test_json_refusals(text, line, words):
    with pytest.raises(ExportFormatError) as info:
        parse_json(text, "r.json")
    assert str(info.value).startswith(f"r.json:{line}: ")
    assert words in info.value.message


# --------------------------------------------------------------------------- content hash


def test_content_hash_is_the_one_earlier_releases_stored():
    """Every stored ruling's ``import_hash`` was made by this function: if its bytes
    changed, every re-import of an unchanged export would look like a change."""
    assert content_hash(parse_file(FIXTURES / "azul-two-citations.txt")) == (
        "ec4e7b1a1321dabe9ae9d22e2c34ac5c319ce61ac712c25821c2818db4789df9"
    )
    assert content_hash(parse_file(FIXTURES / "azul-floor-line.json")) == (
        "9e37270a1df49b7331b40fb9e551546f628e408628fbf516131b5fee2e6d2b46"
    )


def test_content_hash_is_the_content_not_the_file():
    text = fixture_text("azul-two-citations.txt")
    ruling = parse_export(text, "a.txt")
    # The same export under another name, with its lines moved, as JSON: the same content.
    moved = parse_export("\n\n" + text, "b.txt")
    as_json = parse_json(dump_json(ruling), "a.json")
    assert content_hash(moved) == content_hash(ruling) == content_hash(as_json)
    # Any stored value changed: another hash.
    for change in (
        {"closing_line": "Go tile."},
        {"tokens_out": 98},
        {"timings": {**ruling.timings, "ask": 1}},
        {"retrieval_refs": ruling.retrieval_refs[:-1]},
    ):
        assert content_hash(replace(ruling, **change)) != content_hash(ruling), change
    reference = replace(ruling.references[0], page=99)
    assert content_hash(replace(ruling, references=[reference, *ruling.references[1:]])) != (
        content_hash(ruling)
    )
