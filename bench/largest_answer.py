"""How long the longest answer the importer accepts takes to render, in each shape.

    .venv/bin/python bench/largest_answer.py [--repeat 5]

The shapes are those of tests/rulings/test_largest_ruling_page.py (answers at the length
limit, shaped like real answers and like the inputs that cost Python-Markdown the most per
character), rendered by `rulings.rendering.render_answer` with every citation number, the
best of --repeat runs each, the kept renderings forgotten before each run. No database.
It prints figures; it asserts nothing: the test proves the page is complete and cheap in
queries, this says how long its answer takes to render.
"""

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesage.settings.dev")

import django  # noqa: E402

django.setup()

from rulings.rendering import forget_rendered_answers, render_answer  # noqa: E402
from tests.rulings.test_largest_ruling_page import ANSWERS, LIMITS  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    numbers = set(range(1, LIMITS.references + 1))
    print(f"answers of {LIMITS.answer_chars:,} characters, best of {repeat}:")
    for shape, answer in ANSWERS.items():
        best = None
        for _run in range(repeat):
            forget_rendered_answers()
            started = time.perf_counter()
            render_answer(answer, numbers)
            elapsed = time.perf_counter() - started
            best = elapsed if best is None else min(best, elapsed)
        print(f"  {shape:<14} {best * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
