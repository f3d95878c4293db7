"""Recall across languages on question pairs written for it (bench/recall_pairs.yaml).

    .venv/bin/python bench/recall.py [--database NAME] [--keep] [--misses]

Creates a throw-away PostgreSQL database (on BENCH_DATABASE_URL's server, default
postgres://postgres@127.0.0.1:5432), migrates it, loads the demo, then empties every
game's glossary and every glossary suggestion and replaces the demo's rulings with the
illustrative ones of the pairs file: English rulings on Point City's English edition and
Spanish ones on a Spanish edition of Archaeology made here. Each question is asked in the
other language, as the ask page asks it, and the figure is the share of questions whose
answering ruling is among the first five offered, per direction:

- before: the question crosses by the accepted glossary alone (empty), as recall first did;
- after: rulings.crossing (glossary, pending suggestions, shared words and cognates);

each with no glossary suggestions, then again with the suggestions the mining task finds in
the demo's translated guides. It asserts nothing: the figures are for reading. The database
is dropped at the end (unless --keep).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from throwaway_databases import admin, database_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PAIRS = Path(__file__).resolve().parent / "recall_pairs.yaml"
SHOWN = 5
DIRECTIONS = {"es": "Spanish question, English edition", "en": "English question, Spanish edition"}


def build(pairs):
    """The pairs' rulings on their editions, every glossary and suggestion gone: {key: pk}."""
    from catalogue.models import Edition, GlossarySuggestion, GlossaryTerm
    from core.translated_fields import in_language
    from rulings.models import Ruling

    GlossaryTerm.objects.all().delete()
    GlossarySuggestion.objects.all().delete()
    Ruling.objects.all().delete()
    made = {}
    for spec in pairs["editions"]:
        edition = Edition.objects.filter(code=spec["code"]).first()
        if edition is None:  # the Spanish edition: a printing of the demo's game
            game = Edition.objects.get(code=spec["code"].replace(f"-{spec['language']}-", "-en-"))
            edition = Edition.objects.create(
                game=game.game, code=spec["code"], language=spec["language"], label=spec["label"]
            )
        for key, ruling in spec["rulings"].items():
            made[key] = Ruling.objects.create(
                edition=edition,
                **in_language(
                    edition.language, question=ruling["question"], answer=ruling["answer"]
                ),
                outcome=Ruling.Outcome.ANSWERED,
                origin=Ruling.Origin.ILLUSTRATIVE,
                status=Ruling.Status.IMPORTED,
                live=True,
            ).pk
    return made


def measure(pairs, made, carry):
    """{direction: (found among the first five, first, asked, [missed questions])}."""
    from catalogue.models import Edition
    from rulings.recall import answered_before

    editions = {edition.code: edition for edition in Edition.objects.all()}
    figures = {}
    for question in pairs["questions"]:
        found = answered_before(
            editions[question["edition"]],
            question["question"],
            limit=SHOWN,
            language=question["language"],
            carry=carry,
        )
        pks = [ruling.pk for ruling in found]
        right = made[question["answer"]]
        among, first, asked, missed = figures.get(question["language"], (0, 0, 0, []))
        if right not in pks:
            missed = [*missed, question["question"]]
        figures[question["language"]] = (
            among + (right in pks),
            first + (pks[:1] == [right]),
            asked + 1,
            missed,
        )
    return figures


def mine_suggestions():
    """What the suggestion task finds for each game (the demo's translated guides)."""
    from catalogue.models import Game, GlossarySuggestion
    from guides.glossary_suggestions import refresh_glossary_suggestions

    for game_id in Game.objects.values_list("pk", flat=True):
        refresh_glossary_suggestions.call(game_id)
    return GlossarySuggestion.objects.count()


def report(label, figures, show_misses):
    for language, (among, first, asked, missed) in sorted(figures.items(), reverse=True):
        print(
            f"| {label} | {DIRECTIONS[language]} | {among}/{asked} = {among / asked:.0%} "
            f"| {first}/{asked} |"
        )
        if show_misses:
            for question in missed:
                print(f"|   missed | {question} | | |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", default="rulesage_recall_bench")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument("--misses", action="store_true", help="list the questions missed")
    args = parser.parse_args()
    url = database_url(args.database)
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "rulesage.settings.dev"}
    env.update(DEBUG="0", PAGE_CACHE="0")
    admin(f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')
    admin(f'CREATE DATABASE "{args.database}"')
    try:
        for command in (["migrate", "--noinput", "-v0"], ["load_demo", "-v0"]):
            subprocess.run(
                [sys.executable, "manage.py", *command],
                env=env,
                cwd=ROOT,
                check=True,
                capture_output=True,
            )
        os.environ.update({key: env[key] for key in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")})
        os.environ.update(DEBUG="0", PAGE_CACHE="0")
        import django

        django.setup()
        import yaml

        from rulings.recall import CARRY_ALL, CARRY_GLOSSARY

        pairs = yaml.safe_load(PAIRS.read_text(encoding="utf-8"))
        made = build(pairs)
        print(f"{len(made)} rulings, {len(pairs['questions'])} questions, glossaries empty")
        print(f"| recall | direction | answering ruling in the first {SHOWN} | first |")
        print("|---|---|---|---|")
        for label, carry in (("before", CARRY_GLOSSARY), ("after", CARRY_ALL)):
            report(f"{label}, no suggestions", measure(pairs, made, carry), args.misses)
        suggested = mine_suggestions()
        for label, carry in (("before", CARRY_GLOSSARY), ("after", CARRY_ALL)):
            figures = measure(pairs, made, carry)
            report(f"{label}, {suggested} suggestions mined", figures, args.misses)
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            admin(f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')


if __name__ == "__main__":
    main()
