"""How fast `import_rulings` takes in a folder of exports, and how much memory it needs.

    .venv/bin/python bench/import_throughput.py [--files 1000] [--repeat 3]

Generates varied exports (text and JSON; 0 to 20 citations; shared and new passages; the
same question asked again at another time; long provenance parts like the seeds') into a
temporary folder, creates a throw-away PostgreSQL database (from BENCH_DATABASE_URL's
server, default postgres://postgres@127.0.0.1:5432), migrates it once, and imports each
folder into a fresh copy of it with the real command in a process of its own. It prints
exports/s, files, wall time, peak memory (resident set of that process, measured from just
before the command) and database queries per file (on both of the import's connections),
at 100 files and at --files, each run --repeat times (the median is shown), and a second,
unchanged re-import; first, how fast the machine runs plain Python and PostgreSQL today.
It drops its databases and folder at the end and asserts nothing: the figures are for
reading.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
# Not counted as queries: the per-file transaction's own statements.
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")
SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")

# --------------------------------------------------------------------------- the exports

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
    from rulings.importers import dump_json, parse_export

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


# --------------------------------------------------------------------------- databases


def database_url(name: str) -> str:
    parts = urlsplit(SERVER)
    return urlunsplit(parts._replace(path=f"/{name}"))


def admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as conn:
        conn.execute(sql)


def manage_env(url: str) -> dict:
    return {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "rulesage.settings.dev",
        "DEBUG": "0",
    }


# --------------------------------------------------------------------------- one import


def worker(folder: str) -> None:
    """Run in a process of its own: import ``folder`` once and print the figures as JSON."""
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import CommandError, call_command
    from django.db import connection
    from django.db.backends.signals import connection_created

    queries = 0
    lock = threading.Lock()

    def count(execute, sql, params, many, context):
        nonlocal queries
        if not sql.lstrip().upper().startswith(TRANSACTION_CONTROL):
            with lock:
                queries += 1
        return execute(sql, params, many, context)

    def count_on(sender, connection, **kwargs):
        # The import's second thread (rulings/importers/background.py) opens its own.
        connection.execute_wrappers.append(count)

    files = sum(1 for p in Path(folder).iterdir() if p.suffix in {".txt", ".json"})
    connection.ensure_connection()
    reset_peak_rss()
    start_rss = rss("VmRSS")
    ok = True
    connection_created.connect(count_on)  # after this thread's own connection is made
    with open(os.devnull, "w") as devnull, connection.execute_wrapper(count):
        start = time.perf_counter()
        try:
            call_command("import_rulings", folder, "--no-progress", stdout=devnull, stderr=devnull)
        except CommandError:
            ok = False
        wall = time.perf_counter() - start
    print(
        json.dumps(
            {
                "files": files,
                "wall": wall,
                "queries": queries,
                "peak_rss": rss("VmHWM"),
                "start_rss": start_rss,
                "ok": ok,
            }
        )
    )


def reset_peak_rss() -> None:
    """Start the peak (VmHWM) from the current resident set, so set-up does not count."""
    with open("/proc/self/clear_refs", "w") as handle:
        handle.write("5")


def rss(field: str) -> int:
    """A /proc/self/status memory figure in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    return 0


def run_import(url: str, folder: Path) -> dict:
    done = subprocess.run(
        [sys.executable, __file__, "--worker", str(folder)],
        env=manage_env(url),
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


# --------------------------------------------------------------------------- main


def machine_speed() -> str:
    """How fast this machine is today, for comparing figures taken on other days: the same
    machine has run the same import at twice the speed on another day. Pure Python (ten
    million additions) and PostgreSQL (counting twenty million rows), best of three."""
    import psycopg

    def python() -> None:
        total = 0
        for number in range(10_000_000):
            total += number

    def database() -> None:
        with psycopg.connect(SERVER, autocommit=True) as conn:
            conn.execute("SELECT count(*) FROM generate_series(1, 20000000)").fetchone()

    def best(work) -> float:
        times = []
        for _ in range(3):
            start = time.perf_counter()
            work()
            times.append(time.perf_counter() - start)
        return min(times)

    return (
        f"machine: 10M Python additions {best(python):.2f} s, "
        f"PostgreSQL counting 20M rows {best(database):.2f} s"
    )


def report(label: str, runs: list[dict]) -> None:
    walls = [r["wall"] for r in runs]
    wall = statistics.median(walls)
    files = runs[0]["files"]
    peak = statistics.median(r["peak_rss"] for r in runs) / 1e6
    growth = statistics.median(r["peak_rss"] - r["start_rss"] for r in runs) / 1e6
    queries = statistics.median(r["queries"] for r in runs) / files
    spread = f"{min(walls):.1f}–{max(walls):.1f}" if len(runs) > 1 else f"{wall:.1f}"
    status = "" if all(r["ok"] for r in runs) else "  (some files refused!)"
    print(
        f"{label:28} {files:6} {files / wall:10.1f} {wall:8.2f} s ({spread}, n={len(runs)})"
        f" {peak:8.1f} MB (+{growth:.1f}) {queries:9.1f}{status}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker)
        return

    template = f"rulesage_bench_{os.getpid()}"
    runs_db = f"{template}_run"
    with tempfile.TemporaryDirectory(prefix="rulesage-bench-") as tmp:
        small, large = Path(tmp) / "100", Path(tmp) / str(args.files)
        size = generate(large, args.files, args.seed)
        generate(small, 100, args.seed)
        print(
            f"{args.files} generated exports, {size / args.files / 1000:.1f} kB each on average "
            f"(every 7th JSON), seed {args.seed}"
        )
        print(machine_speed())
        admin(f'CREATE DATABASE "{template}"')
        try:
            subprocess.run(
                [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
                env=manage_env(database_url(template)),
                cwd=ROOT,
                check=True,
                capture_output=True,  # wagtail-modeltranslation reports its columns
            )
            print(
                f"{'run':28} {'files':>6} {'exports/s':>10} {'wall':>8}"
                f"{'':21} {'peak RSS':>11} {'queries/file':>12}"
            )
            for folder in (small, large):
                runs, again = [], []
                for _ in range(args.repeat):
                    admin(f'CREATE DATABASE "{runs_db}" TEMPLATE "{template}"')
                    try:
                        runs.append(run_import(database_url(runs_db), folder))
                        again.append(run_import(database_url(runs_db), folder))
                    finally:
                        admin(f'DROP DATABASE IF EXISTS "{runs_db}" WITH (FORCE)')
                report(f"import {folder.name} (new)", runs)
                report(f"re-import {folder.name} (unchanged)", again)
        finally:
            admin(f'DROP DATABASE IF EXISTS "{runs_db}" WITH (FORCE)')
            admin(f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)')


if __name__ == "__main__":
    main()
