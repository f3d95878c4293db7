"""The varied exports bench/import_throughput.py imports: text and JSON, 0 to 20 citations,
shared and new passages, the same question asked again at another time, and long
provenance parts like the seeds'. Made up from word lists, never copied from the seeds.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GAMES = [
    ("Harbor Lights", 990101),
    ("Copper Canals", 990102),
    ("Night Market", 990103),
    ("Glass Orchard", 990104),
    ("Tidewater", 990105),
    ("Lantern Keep", 990106),
    ("Salt Road", 990107),
    ("Paper Moons", 990108),
]
HEADINGS = [
    "SETUP",
    "SETUP · Player Boards",
    "GAMEPLAY · Drafting",
    "GAMEPLAY · Optional Actions",
    "TURN END",
    "SCORING",
    "GAME END · SCORING",
    "SOLO MODE · Opponent Turn",
    "COMPONENTS",
    "VARIANTS · Short Game",
]
WORDS = [
    *("card", "tile", "token", "market", "player", "turn", "round", "draw", "pile", "board"),
    *("score", "point", "resource", "build", "action", "supply", "discard", "deck", "hand"),
    *("reserve", "bonus", "marker", "track", "phase", "income", "harbour", "canal"),
]
QUESTIONS = [
    "How do I play?",
    "What happens when the {w} runs out?",
    "Can I use a {w} from my reserve on the same turn?",
    "Does the {w} count towards the end-game score?",
    "How many {w}s does each player start with at {n} players?",
    "May I discard a {w} instead of taking an action?",
]


def sentence(rng: random.Random, markers: list[int]) -> str:
    words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 22)))
    cited = "".join(f"[{n}]" for n in markers)
    return f"{words.capitalize()}.{cited}"


def answer_lines(rng: random.Random, citations: int) -> list[str]:
    """Headings, numbered steps with nested bullets and paragraphs, citing every number."""
    numbers = list(range(1, citations + 1)) or [0]
    lines: list[str] = []
    for section in range(rng.randint(1, 4)):
        lines += [rng.choice(["Setup", "Your Turn", "Scoring", "Special Cases"]), ""]
        for step in range(1, rng.randint(2, 6)):
            cite = [rng.choice(numbers)] if numbers != [0] else []
            lines += [f"{step}. {sentence(rng, cite)}", ""]
            if rng.random() < 0.3:
                lines += [f"* {sentence(rng, cite)}", ""]
        if section == 0 and numbers != [0]:
            lines += [sentence(rng, numbers), ""]  # every citation referred to at least once
    return lines


def retrieval_row(rng: random.Random, doc_id: int, page: int, heading: str) -> dict:
    snippet = " ".join(rng.choice(WORDS) for _ in range(rng.randint(20, 50)))
    return {
        "page": page,
        "score": round(rng.uniform(0.014, 0.049), 6),
        "snippet": snippet[:300],
        "headingPath": heading,
        "sharpsignalDocId": doc_id,
    }


def make_text_export(rng: random.Random, i: int) -> str:
    game, bgg = GAMES[i % len(GAMES)]
    code = f"bg-{bgg}-{'en' if i % 5 else 'es'}-1e"
    rulebook = 7000 + bgg % 100 * 10
    faq = rulebook + 1
    template = QUESTIONS[0] if i % 20 == 0 else rng.choice(QUESTIONS[1:])
    question = template.format(w=rng.choice(WORDS), n=rng.randint(2, 5))
    if template != QUESTIONS[0]:
        question = question.replace("?", f" (case {i})?")
    abstained = i % 11 == 0
    citations = 0 if abstained else rng.randint(1, 20)
    places = [(rng.randint(1, 24), rng.choice(HEADINGS)) for _ in range(citations)]
    refs = []
    cited_raw = []
    for n, (page, heading) in enumerate(places, 1):
        if n % 7 == 0:
            refs.append(f"[{n}] FAQ {game} — FAQ · {heading}")
            cited_raw.append({"page": None, "quote": None, "headingPath": heading})
        else:
            refs.append(f"[{n}] RULEBOOK {game} — Rulebook · p.{page} · {heading}")
            quote = " ".join(rng.choice(WORDS) for _ in range(12)) if n % 3 == 0 else None
            cited_raw.append(
                {"page": page, "quote": quote, "headingPath": heading, "sharpsignalDocId": rulebook}
            )
    retrieval = [retrieval_row(rng, rulebook, p, h) for p, h in places[:12]]
    retrieval += [
        retrieval_row(rng, rng.choice([rulebook, faq]), rng.randint(1, 24), rng.choice(HEADINGS))
        for _ in range(rng.randint(2, 8))
    ]
    minute = i % 60
    recorded = f"Oct {1 + i // 1440 % 28}, 2026 {i // 60 % 24:02d}:{minute:02d} UTC"
    outcome = "ABSTAINED — Abstained" if abstained else "ANSWERED — Answered"
    label = "Abstained counted as abstained" if abstained else "Answered counted as answered"
    body = (
        ["The rulebook passages I was given do not say.", ""]
        if abstained
        else answer_lines(rng, citations)
    )
    table = "\n".join(
        f"#{k}\tRULEBOOK {game} — Rulebook (corpus doc {row['sharpsignalDocId']})\t"
        f"{row['headingPath']}\tp.{row['page']}\t{row['score']}\t{len(row['snippet'])}"
        for k, row in enumerate(retrieval, 1)
    )
    closing = "" if abstained else "Rule found, game on.\n\n"
    return (
        f"Ruling — {game}\n\nYou asked\n\n{question}\n\n{label}\n\nAsked with: {game}{code}\n\n"
        + "\n".join(body)
        + "\n"
        + "\n\n".join(refs)
        + ("\n\n" if refs else "")
        + closing
        + "🔧 debug — where this ruling came from\n\n"
        + f"outcome: {outcome}\n"
        + "corpus profile: live,vps\n"
        + "answerer pin (deploy-frozen, attribution only): benchmodel:8b think:false 0a1b2c\n"
        + f"timings: search {rng.randint(40, 200)} ms · ask {rng.randint(900, 9000)} ms · "
        + f"total {rng.randint(1000, 9500)} ms\n"
        + "retrieval refs (raw) — what the PASSAGE SEARCH returned: "
        + json.dumps(retrieval, ensure_ascii=False)
        + "\n"
        + "citations (raw) — what the answer cited: "
        + json.dumps(cited_raw, ensure_ascii=False)
        + "\n"
        + (
            "abstain rationale: no retrieved passage mentions it\n"
            if abstained
            else "abstain rationale: n/a (answered)\n"
        )
        + f"debug row recorded: {recorded}\n\n"
        + "retrieval — what the passage search returned\n\n"
        + "what this block IS: "
        + " ".join(rng.choice(WORDS) for _ in range(rng.randint(80, 400)))
        + "\n\nfused rank\tdocument\theading\tpage\tfused RRF score\tsnippet chars\n"
        + table
        + "\n\ngeneration — timing and the path taken\n\n"
        + f"tokens in (the prompt the answerer read): {rng.randint(900, 4000)}\n"
        + f"tokens out (what the answerer generated): {rng.randint(60, 1024)}\n\n"
        + "errata registry — what the gate above had to match against\n\n"
        + f"this game registers NO errata cards (edition {bgg % 1000}), so nothing could match\n"
    )


def generate(folder: Path, count: int, seed: int) -> int:
    """Write ``count`` exports into ``folder``; every seventh is JSON. Returns bytes written."""
    sys.path.insert(0, str(ROOT))
    from rulings.importers.json_export import dump_json
    from rulings.importers.text_export import parse_export

    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    written = 0
    for i in range(count):
        text = make_text_export(rng, i)
        if i % 7 == 3:
            path = folder / f"export-{i:05d}.json"
            text = dump_json(parse_export(text, path.name))
        else:
            path = folder / f"export-{i:05d}.txt"
        path.write_text(text, encoding="utf-8")
        written += len(text.encode())
    return written
