"""Build ruling exports in the legacy text format, for tests that need many variations."""

import json
from io import StringIO
from pathlib import Path

from django.core.management import CommandError, call_command
from django.db import DataError

from rulings.models import Ruling

# Hand-written exports, good and malformed, beside the tests.
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def fixture_text(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def make_export(
    question="Can I pass?",
    game="Test Game",
    code="bg-900001-en-1e",
    citations=2,
    answer=None,
    tokens_out=200,
    doc_id=5001,
    closing="Good luck.",
    heading="SECTION",
    snippet="The rule text for this section.",
    recorded="Oct 1, 2026 10:00 UTC",
):
    if answer is None:
        answer = " ".join(f"A claim.[{n}]" for n in range(1, citations + 1))
    refs = "\n\n".join(
        f"[{n}] RULEBOOK {game} — Rulebook · p.{n + 2} · {heading} · Part {n}"
        for n in range(1, citations + 1)
    )
    retrieval = [
        {
            "page": n + 2,
            "score": 0.03,
            "snippet": f"{snippet} ({n})",
            "headingPath": f"{heading} · Part {n}",
            "sharpsignalDocId": doc_id,
        }
        for n in range(1, citations + 1)
    ]
    cited = [
        {
            "page": n + 2,
            "quote": None,
            "headingPath": f"{heading} · Part {n}",
            "sharpsignalDocId": doc_id,
        }
        for n in range(1, citations + 1)
    ]
    return f"""Ruling — {game}

You asked

{question}

Answered counted as answered

Asked with: {game}{code}

{answer}

{refs}

{closing}

🔧 debug — where this ruling came from

outcome: ANSWERED — Answered
answerer pin (deploy-frozen, attribution only): testmodel:1b think:false abc123
timings: search 10 ms · ask 900 ms · total 910 ms
retrieval refs (raw) — what the PASSAGE SEARCH returned: {json.dumps(retrieval)}
citations (raw) — what the answer cited: {json.dumps(cited)}
debug row recorded: {recorded}

generation — timing and the path taken

tokens in (the prompt the answerer read): 1500
tokens out (what the answerer generated): {tokens_out}

errata registry — what the gate above had to match against

this game registers NO errata cards (edition 4242), so nothing could match
"""


def second_citation_of(text, doc_id, title=None):
    """`text` (from `make_export`, two citations or more) with its second citation naming
    the exporter's document `doc_id` (and the reference line `title`): a two-book export."""
    lines = []
    for line in text.splitlines():
        if title and line.startswith("[2] RULEBOOK "):
            _old_title, _, place = line.partition(" · ")
            line = f"[2] RULEBOOK {title} · {place}"
        if line.startswith("citations (raw)"):
            head, _, raw = line.partition(": ")
            cited = json.loads(raw)
            cited[1]["sharpsignalDocId"] = doc_id
            line = f"{head}: {json.dumps(cited)}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def write_export(directory, name, **kwargs):
    path = directory / name
    path.write_text(make_export(**kwargs), encoding="utf-8")
    return path


def run_import(*paths, **options):
    """`import_rulings` as a shell runs it: (stdout, stderr and error, succeeded)."""
    out, err = StringIO(), StringIO()
    try:
        call_command(
            "import_rulings", *map(str, paths), "--no-progress", stdout=out, stderr=err, **options
        )
    except CommandError as error:
        return out.getvalue(), err.getvalue() + str(error), False
    return out.getvalue(), err.getvalue(), True


def fail_in_database(monkeypatch, source_file, message):
    """Make the database refuse `source_file` after its edition, documents and passages are
    written (as a value validation missed would), and nothing else."""
    original = Ruling.flags_for

    def failing(ruling, *args):
        if ruling.source_file == source_file:
            raise DataError(message)
        return original(ruling, *args)

    monkeypatch.setattr(Ruling, "flags_for", failing)
