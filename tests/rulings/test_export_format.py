"""Tests for the ruling export parsers (text and JSON) and parse_file's checks. No database."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from rulings.importers.files import parse_file
from rulings.importers.json_export import dump_json, parse_json
from rulings.importers.parsed import (
    ExportFormatError,
    ParsedRuling,
    content_hash,
    digest_of,
    normalise_outcome,
)
from rulings.importers.text_export import answer_to_markdown, parse_export
from tests.rulings.exports import FIXTURES, fixture_text
from tests.seeds import ARCHAEOLOGY, POINT_CITY, needs_seeds

POINT_CITY_SEED, ARCHAEOLOGY_SEED = POINT_CITY, ARCHAEOLOGY


def refusal(name: str) -> ExportFormatError:
    with pytest.raises(ExportFormatError) as info:
        parse_file(FIXTURES / name)
    return info.value


def refusal_of_text(text: str, filename: str = "inline.txt") -> ExportFormatError:
    with pytest.raises(ExportFormatError) as info:
        parse_export(text, filename)
    return info.value


def assert_roundtrip(ruling: ParsedRuling) -> None:
    """dump_json -> parse_json gives back the same ruling (apart from file-bound details)."""
    again = parse_json(dump_json(ruling), "again.json")
    for name in ParsedRuling.__dataclass_fields__:
        if name in ("filename", "warnings", "references", "field_lines", "digest"):
            continue
        assert getattr(again, name) == getattr(ruling, name), name
    # The hash set where a file is read is the content's, whichever format carried it.
    assert content_hash(again) == digest_of(ruling)
    strip = [(r.n, r.kind, r.document_title, r.page, r.heading_path) for r in ruling.references]
    assert [(r.n, r.kind, r.document_title, r.page, r.heading_path) for r in again.references] == (
        strip
    )


# --------------------------------------------------------------------------- seeds


@pytest.fixture(scope="module")
def point_city() -> ParsedRuling:
    return parse_file(POINT_CITY_SEED)


@pytest.fixture(scope="module")
def archaeology() -> ParsedRuling:
    return parse_file(ARCHAEOLOGY_SEED)


@needs_seeds
class TestPointCitySeed:
    @pytest.fixture
    def ruling(self, point_city) -> ParsedRuling:
        return point_city

    def test_reader_part(self, ruling):
        assert ruling.filename == POINT_CITY_SEED.name
        assert ruling.game_name == "Point City"
        assert ruling.edition_code == "bg-368017-en-1e"
        assert ruling.question == "How do I play?"
        assert ruling.outcome == "answered"
        assert ruling.outcome_label == "Answered counted as answered"
        assert ruling.closing_line == "Rule found, game on."
        assert ruling.warnings == []

    def test_references(self, ruling):
        assert [r.n for r in ruling.references] == [1, 2, 3, 4, 5, 6]
        third = ruling.references[2]
        assert third.kind == "RULEBOOK"
        assert third.document_title == "Point City — Rulebook"
        assert third.page == 6
        assert third.heading_path == "GAMEPLAY · Optional Flip Action"
        assert ruling.references[4].heading_path == "TURN END"
        assert ruling.references[0].line == 73

    def test_answer_markdown_ends_with_the_empty_cut_off_heading(self, ruling):
        md = ruling.answer_markdown
        assert md.startswith("## Setup\n\n1. Sort the Building/Resource Cards")
        for heading in ("## Turn Sequence", "## AI Opponent Turn (2-Player Only)"):
            assert f"\n\n{heading}\n\n" in md
        assert md.endswith("\n\n## End of Game and Scoring")
        assert "    * 3P: Use 52 Tier 1, 36 Tier 2, 28 Tier 3.[1]" in md
        assert "\n\n10. Give each player" in md

    def test_provenance(self, ruling):
        assert ruling.answerer == "gemma4:26b think:false 5571076f3d70"
        assert ruling.timings == {"search": 90, "ask": 6588, "total": 6679}
        assert (ruling.tokens_in, ruling.tokens_out) == (2776, 1024)
        assert len(ruling.retrieval_refs) == 8
        assert ruling.retrieval_refs[1]["headingPath"] == "TURN END"
        assert [c["page"] for c in ruling.citations_raw] == [4, 5, 6, 7, 8, 10]
        assert ruling.recorded_at == datetime(2026, 9, 6, 13, 8, tzinfo=UTC)
        assert ruling.provenance["recorded_at_source"] == "debug row recorded"
        assert ruling.external_edition_id == "965"
        assert ruling.errata_statement.startswith("this game registers NO errata cards")
        assert ruling.abstain_rationale == ""

    def test_provenance_kept_verbatim(self, ruling):
        prov = ruling.provenance
        assert prov["fields"]["corpus profile"] == "live,vps"
        assert prov["extra_lines"] == ["base rulebook doc 1035 boosted"]
        assert len(prov["blocks"]) == 7
        assert prov["blocks"]["disposition"].startswith("outcome: ANSWERED — Answered")
        assert prov["text"].startswith("🔧 debug")
        assert prov["text"].endswith("not a failed lookup.")

    def test_json_roundtrip(self, ruling):
        assert_roundtrip(ruling)


@needs_seeds
class TestArchaeologySeed:
    @pytest.fixture
    def ruling(self, archaeology) -> ParsedRuling:
        return archaeology

    def test_reader_part(self, ruling):
        assert ruling.game_name == "Archaeology: The New Expedition"
        assert ruling.edition_code == "bg-191300-en-1e"
        assert ruling.closing_line == "Now you know — make it count."
        assert len(ruling.references) == 5
        assert ruling.references[1].heading_path.count(" · ") == 5
        assert ruling.warnings == []

    def test_markdown_keeps_bold_numbering_and_adjacent_markers(self, ruling):
        md = ruling.answer_markdown
        assert md.startswith("To play the game, follow these steps:\n\n1. **Setup**:")
        assert "\n\n2. **A Turn**:\n\n" in md
        assert "\n\n3. **Ending the Game**:\n\n" in md
        assert "to the marketplace.[3][2] The player" in md
        assert "\n\n    * Shuffle all remaining cards into one deck.[1]" in md

    def test_provenance(self, ruling):
        assert (ruling.tokens_in, ruling.tokens_out) == (3260, 840)
        assert ruling.timings == {"search": 187, "ask": 5691, "total": 5880}
        # This export carries only a retention deadline: no date of the answer. The
        # deadline is kept as provenance, never as the answer's date.
        assert ruling.recorded_at is None
        assert ruling.provenance["retained_until"] == "2026-11-29T21:40:00+00:00"
        assert "recorded_at_source" not in ruling.provenance
        assert ruling.external_edition_id == "1001"
        assert {c["sharpsignalDocId"] for c in ruling.citations_raw} == {1071}

    def test_json_roundtrip(self, ruling):
        assert_roundtrip(ruling)


# --------------------------------------------------------------------------- own fixtures


def test_two_citations():
    r = parse_file(FIXTURES / "azul-two-citations.txt")
    assert (r.game_name, r.edition_code) == ("Azul", "bg-230802-en-1e")
    assert [(ref.n, ref.page) for ref in r.references] == [(1, 5), (2, 6)]
    assert r.references[1].heading_path == "B. Wall-tiling · Floor line penalties"
    assert r.closing_line == "That's the rule — go tile that wall."
    assert r.tokens_out == 97
    assert r.recorded_at == datetime(2026, 3, 14, 9, 5, tzinfo=UTC)
    assert r.external_edition_id == "412"
    assert r.warnings == []
    assert_roundtrip(r)


def test_twenty_citations():
    r = parse_file(FIXTURES / "twenty-citations.txt")
    assert [ref.n for ref in r.references] == list(range(1, 21))
    assert r.references[19].heading_path == "Game End · Winner"
    assert r.references[19].page == 12
    assert len(r.citations_raw) == 20
    assert "[15][16][19]" in r.answer_markdown
    assert "## Sharing a feature" in r.answer_markdown
    assert "\n\n4. The highest total wins.[20]" in r.answer_markdown
    assert r.warnings == []


def test_abstained():
    r = parse_file(FIXTURES / "abstained.txt")
    assert r.outcome == "abstained"
    assert r.outcome_label == "Abstained counted as abstained"
    assert r.abstain_rationale.startswith("no retrieved passage mentions")
    assert r.references == []
    assert r.citations_raw == []
    # Without a reference list nothing marks where the answer stops, so no closing line.
    assert r.closing_line == ""
    assert r.answer_markdown.startswith("The rulebook passages I was given")
    assert r.warnings == []
    assert_roundtrip(r)


def test_adjacent_markers():
    r = parse_file(FIXTURES / "adjacent-markers.txt")
    assert r.answer_markdown.startswith("Unfinished tickets cost you their value")
    assert "game.[3][2]" in r.answer_markdown
    assert "* You cannot throw away a ticket" in r.answer_markdown
    assert "[1][2][3]" in r.answer_markdown
    assert r.warnings == []
    assert r.external_edition_id == ""  # no errata block in this export


def test_marker_without_reference_is_only_a_warning():
    r = parse_file(FIXTURES / "orphan-marker.txt")
    assert "line 17: marker [7] has no reference line" in r.warnings
    assert "line 23: reference [3] is never cited in the answer" in r.warnings
    assert "## Hand limit" in r.answer_markdown
    assert r.tokens_in is None and r.tokens_out is None


def test_unknown_lines_and_blocks_are_kept():
    r = parse_file(FIXTURES / "unknown-extras.txt")
    prov = r.provenance
    assert r.question.endswith("next to my own settlement?")
    assert prov["reader_extra_lines"] == [
        {"line": 9, "text": "Asked in: English (en-GB)"},
        {"line": 31, "text": "Rate this ruling: helpful / not helpful"},
    ]
    assert prov["fields"]["export tool"] == "ruling-export 2.3.1"
    assert prov["extra_lines"] == ["(values below are as stored)"]
    notes = prov["blocks"]["house notes — added by the export tool"]
    assert "reviewer: nobody yet" in notes
    assert r.references[2].kind == "FAQ"
    assert r.references[2].page is None
    assert r.references[2].heading_path == "Distance Rule"
    assert r.closing_line == "Build wisely."
    assert r.retrieval_refs == []
    assert r.citations_raw[0]["quote"].startswith("no settlement")
    assert r.timings == {"search": 70, "ask": 2501, "total": 2580}
    assert r.warnings == [
        "line 9: unknown line in the reader header kept",
        "line 27: reference [3] has no page",
        "line 31: unknown line after the references kept",
        "line 38: timing part not understood: 'cache hit'",
    ]


def test_other_order():
    r = parse_file(FIXTURES / "reordered.txt")
    assert r.edition_code == "bg-148228-en-1e"
    assert r.question == (
        "Can I take two gems of the same colour\n"
        "when only three of that colour are left in the supply?"
    )
    assert r.outcome == "needs_editor"
    assert r.abstain_rationale.startswith("flagged for an editor")
    assert r.timings == {"total": 1999, "ask": 1900, "search": 64}
    assert (r.tokens_in, r.tokens_out) == (990, 73)
    # Only a retention deadline: kept as provenance, not the answer's date.
    assert r.recorded_at is None
    assert r.provenance["retained_until"] == "2026-12-31T23:59:00+00:00"
    assert r.external_edition_id == "300"
    assert r.warnings == []


def test_crlf_and_bom_are_tolerated():
    text = "\ufeff" + fixture_text("azul-two-citations.txt").replace("\n", "\r\n")
    r = parse_export(text, "crlf.txt")
    assert r.references[0].line == 15
    assert r.closing_line == "That's the rule — go tile that wall."
    assert r.recorded_at == datetime(2026, 3, 14, 9, 5, tzinfo=UTC)


def test_unknown_outcome_becomes_needs_editor():
    text = fixture_text("azul-two-citations.txt").replace("ANSWERED — Answered", "PARTIAL — Part")
    r = parse_export(text, "partial.txt")
    assert r.outcome == "needs_editor"
    assert "line 23: outcome not understood: 'PARTIAL — Part'" in r.warnings


def test_reader_label_is_the_fallback_outcome():
    text = fixture_text("abstained.txt")
    text = text[: text.index("🔧")]
    r = parse_export(text, "no-provenance.txt")
    assert r.outcome == "abstained"
    assert r.abstain_rationale == ""
    assert r.provenance["fields"] == {}
    assert any("no provenance part" in w for w in r.warnings)


def test_run_together_and_spaced_asked_with():
    text = fixture_text("azul-two-citations.txt")
    spaced = text.replace("Azulbg-230802-en-1e", "Azul bg-230802-en-1e")
    assert parse_export(spaced).edition_code == "bg-230802-en-1e"
    other = parse_export(text.replace("Azulbg-", "Azul Duelbg-"))
    assert other.game_name == "Azul"
    assert "line 9: 'Asked with:' names 'Azul Duel', the title 'Azul'" in other.warnings


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("name", "line", "words"),
    [
        ("refuse-no-question.txt", 2, "no question"),
        ("refuse-empty-question.txt", 3, "'You asked' is followed by nothing"),
        ("refuse-no-edition.txt", 9, "no edition code"),
        ("refuse-markers-without-references.txt", 13, "cites [2] but the export has no references"),
        ("refuse-malformed-reference.txt", 15, "malformed reference line"),
        ("refuse-truncated-json.txt", 21, "'retrieval refs' JSON does not parse"),
        ("refuse-cut-provenance.txt", 17, "cut off"),
        ("refuse-cut-off.json", 10, "JSON does not parse"),
        ("refuse-bad-edition.json", 5, "not an edition code"),
    ],
)
def test_refusals_name_file_and_line(name, line, words):
    error = refusal(name)
    assert str(error).startswith(f"{name}:{line}: ")
    assert (error.filename, error.line) == (name, line)
    assert words in error.message


@pytest.mark.parametrize(
    ("mutate", "line", "words"),
    [
        (lambda t: t.replace("Ruling — Azul", "Guide — Azul"), 1, "first line must be"),
        (lambda t: "\n\n" + t.replace("Ruling — Azul", "Ruling — "), 3, "first line must be"),
        (lambda t: t.replace("Asked with: Azulbg-230802-en-1e\n", ""), 10, "no 'Asked with:'"),
        (lambda t: t.replace("p.6 · B.", "p. · B."), 17, "page is not a number"),
        (lambda t: t.replace("[2] RULEBOOK Azul — Rulebook", "[2] RULEBOOK"), 17, "malformed"),
        (lambda t: t.replace("[2] RULEBOOK", "[2]"), 17, "malformed reference line"),
        (lambda t: t.replace("[2] RULEBOOK", "[2b] RULEBOOK"), 17, "malformed reference line"),
        (lambda t: t.replace('null, "headingPath": "B.', 'null, "headingPath": B.'), 28, "JSON"),
    ],
)
def test_inline_refusals(mutate, line, words):
    error = refusal_of_text(mutate(fixture_text("azul-two-citations.txt")), "azul.txt")
    assert str(error).startswith(f"azul.txt:{line}: ")
    assert words in error.message


def test_empty_file_is_refused():
    assert str(refusal_of_text("", "empty.txt")) == (
        "empty.txt:1: empty file: expected a 'Ruling — <game>' line"
    )


def test_error_without_line_formats_without_it():
    assert str(ExportFormatError("x.txt", None, "gone")) == "x.txt: gone"


def test_undecodable_file_names_the_line(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(fixture_text("azul-two-citations.txt").encode("utf-8") + b"\nna\xefve\n")
    error = pytest.raises(ExportFormatError, parse_file, path).value
    assert re.match(r"latin1\.txt:45: not UTF-8", str(error))


# --------------------------------------------------------------------------- helpers


def test_heading_detection():
    md = answer_to_markdown(
        [
            "Setup",
            "",
            "End of Game and Scoring",
            "",
            "Ends with a colon:",
            "",
            "Cited but short[1]",
            "",
            "a wrapped line without punctuation",
            "that continues here.",
        ]
    )
    assert md.split("\n\n") == [
        "## Setup",
        "## End of Game and Scoring",
        "Ends with a colon:",
        "Cited but short[1]",
        "a wrapped line without punctuation\nthat continues here.",
    ]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("ANSWERED — Answered", "answered"),
        ("ABSTAINED — Abstained", "abstained"),
        ("NEEDS_EDITOR", "needs_editor"),
        ("Answered counted as abstained", "abstained"),
        ("Answered counted as answered", "answered"),
        ("ESCALATED", None),
    ],
)
def test_normalise_outcome(value, expected):
    assert normalise_outcome(value) == expected
