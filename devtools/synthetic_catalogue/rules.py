"""The catalogue's rules knowledge: an English and a Spanish edition per game, one rulebook
each, a crowded first edition; then corrections, errata cards and reader questions."""

from __future__ import annotations

import dataclasses
import datetime
import random

from django.db import transaction
from django.utils import timezone

from catalogue.locations import make_anchor
from catalogue.models import Document, Edition, ErrataCard, Game, Passage
from core.translated_fields import in_language
from rulings.models import Citation, ReaderQuestion, Ruling, RulingCorrection
from rulings.models.rulings import RulingOrigin, RulingStatus

from ..demo.files import translated
from .copying import copy_rows, next_key
from .words import ES, Words

# Games of the catalogue have BoardGameGeek-like ids from here, which tells them apart.
FIRST_BGG_ID = 900_000
LANGUAGES = ("en", "es")
RULEBOOK = {"en": "{} — Rulebook", "es": "{} — Reglamento"}
# A ruling's dates, all the day it was answered.
RULING_DATES = (
    "answered_at",
    "first_published_at",
    "last_published_at",
    "changed_for_readers_at",
    "created_at",
    "updated_at",
)


@dataclasses.dataclass(frozen=True)
class Sizes:
    games: int
    passages_per_document: int
    rulings: int
    corrections: int
    errata: int
    questions: int
    waiting_questions: int
    crowded: int
    most_citations: int = 40

    @classmethod
    def at(cls, scale: float) -> Sizes:
        def part(full, least=1):
            return max(least, round(full * scale))

        return cls(
            games=part(2_000, 2),
            passages_per_document=125,
            rulings=part(100_000, 20),
            corrections=part(5_000),
            errata=part(2_000),
            questions=part(10_000, 2),
            waiting_questions=part(500),
            crowded=part(5_000, 10),
        )


def game_names(rng: random.Random, words: Words, count: int) -> list[str]:
    names: dict[str, None] = {}  # distinct, in the order drawn
    tail = words.words[len(ES) :]
    while len(names) < count:
        names[" ".join(rng.choice(tail).capitalize() for _ in range(rng.randint(1, 2)))] = None
    return list(names)


def load_games(sizes: Sizes, rng: random.Random, words: dict) -> list[Game]:
    """Games, their English and Spanish editions and one rulebook per edition."""
    names = game_names(rng, words["en"], sizes.games)
    with transaction.atomic():
        games = Game.objects.bulk_create(
            Game(
                **translated(name=dict.fromkeys(LANGUAGES, name)),
                slug=f"{name.lower().replace(' ', '-')}-{n}",
                bgg_id=FIRST_BGG_ID + n,
                min_players=1 + n % 2,
                max_players=4 + n % 3,
            )
            for n, name in enumerate(names)
        )
        editions = Edition.objects.bulk_create(
            Edition(
                game=game,
                code=f"{game.slug}-{language}",
                language=language,
                **translated(label={"en": "First edition", "es": "Primera edición"}),
                errata_checked_on=datetime.date(2026, 9, 1),
            )
            for game in games
            for language in LANGUAGES
        )
        Document.objects.bulk_create(
            Document(
                edition=edition,
                kind="rulebook",
                **translated(title={c: t.format(edition.game.name) for c, t in RULEBOOK.items()}),
                version="1.0",
                published_on=datetime.date(2025, 1, 1) + datetime.timedelta(days=n % 365),
            )
            for n, edition in enumerate(editions)
        )
    return games


def passage_rows(documents, sizes: Sizes, words: dict, first_key: int):
    key = first_key
    for document in documents:
        vocab = words[document.edition.language]
        for n in range(sizes.passages_per_document):
            page = 1 + n // 4
            heading = f"{vocab.text(1, 3)[:-1]} · {n + 1}"
            yield {
                "id": key,
                "document_id": document.pk,
                "page": page,
                "heading_path": heading,
                "text": vocab.text(30, 70),
                "text_origin": "rulebook",
                "anchor": make_anchor(page, heading),
                "language": document.edition.language,
            }
            key += 1


def load_passages(sizes: Sizes, words: dict) -> dict:
    """Every rulebook's passages; {document id: (first passage id, document)}."""
    documents = list(
        Document.objects.filter(edition__game__bgg_id__gte=FIRST_BGG_ID)
        .select_related("edition__game")
        .order_by("pk")
    )
    first = next_key(Passage)
    with transaction.atomic():
        copy_rows(Passage, passage_rows(documents, sizes, words, first))
    per = sizes.passages_per_document
    return {doc.edition_id: (first + i * per, doc) for i, doc in enumerate(documents)}


def load_rulings(sizes: Sizes, rng: random.Random, words: dict, passages: dict) -> None:
    """Rulings with 1–8 citations each (the first one `most_citations`), newest first."""
    editions = list(
        Edition.objects.filter(game__bgg_id__gte=FIRST_BGG_ID).select_related("game").order_by("pk")
    )
    now = timezone.now().replace(microsecond=0)
    first_ruling, first_citation = next_key(Ruling), next_key(Citation)
    citations: list[dict] = []
    per = sizes.passages_per_document

    def edition_of(n):
        if n < sizes.crowded:
            return editions[0]
        return editions[1 + (n - sizes.crowded) % (len(editions) - 1)]

    def rows():
        for n in range(sizes.rulings):
            edition = edition_of(n)
            language = edition.language
            vocab = words[language]
            question = f"{vocab.question(language)} ({n + 1})"
            answer = " ".join(vocab.text(10, 25) for _ in range(rng.randint(2, 5)))
            answered = now - datetime.timedelta(minutes=7 * n + rng.randint(0, 6))
            key = first_ruling + n
            row = {
                "id": key,
                "edition_id": edition.pk,
                "slug": f"ruling-{n + 1}",
                "question": question,
                "answer": answer,
                **in_language(language, question=question, answer=answer),
                "origin": RulingOrigin.ILLUSTRATIVE,
                "status": RulingStatus.VERIFIED if n % 3 else RulingStatus.IMPORTED,
                # Published as they were answered (Ruling's draft state).
                **dict.fromkeys(RULING_DATES, answered),
            }
            first_passage, document = passages[edition.pk]
            count = sizes.most_citations if n == 0 else rng.randint(1, 8)
            for number in range(1, count + 1):
                offset = rng.randrange(per)
                citations.append(
                    {
                        "id": first_citation + len(citations),
                        "sort_order": number - 1,
                        "ruling_id": key,
                        "n": number,
                        "passage_id": first_passage + offset,
                        "document_id": document.pk,
                        "document_title": document.title,
                        "page": 1 + offset // 4,
                    }
                )
            yield row

    with transaction.atomic():
        copy_rows(Ruling, rows())
        copy_rows(Citation, citations)


def load_corrections(sizes: Sizes, rng: random.Random, words: dict) -> None:
    """Corrections of recent rulings (status "corrected", up the feed), errata cards on
    rulebook passages and reader questions, most of them answered."""
    rulings = list(
        Ruling.objects.filter(edition__game__bgg_id__gte=FIRST_BGG_ID)
        .order_by("pk")
        .values_list("pk", "edition__language", "answered_at")[: sizes.corrections * 3 : 3]
    )
    corrections, corrected = [], []
    now = timezone.now()
    for n, (pk, language, answered) in enumerate(rulings):
        # Some hours after the answer, and never later than now (the newest rulings were
        # answered minutes ago): a correction is not dated in the future.
        recorded = min(answered + datetime.timedelta(hours=1 + n % 48), now)
        corrections.append(
            RulingCorrection(
                ruling_id=pk,
                corrected_on=recorded.date(),
                recorded_at=recorded,
                what_was_wrong=words[language].text(8, 16),
                what_it_says_now=words[language].text(8, 16),
                corrected_by="Illustrative editor",
            )
        )
        corrected.append(
            Ruling(pk=pk, status=RulingStatus.CORRECTED, changed_for_readers_at=recorded)
        )
    editions = list(
        Edition.objects.filter(game__bgg_id__gte=FIRST_BGG_ID)
        .order_by("pk")
        .values_list("pk", "language")
    )
    passages = Passage.objects.filter(document__edition__game__bgg_id__gte=FIRST_BGG_ID)
    cited = list(
        passages.order_by("pk").values_list(
            "pk", "document_id", "document__edition_id", "page", "heading_path"
        )[:: max(1, passages.count() // sizes.errata)][: sizes.errata]
    )
    language_of = dict(editions)
    with transaction.atomic():
        RulingCorrection.objects.bulk_create(corrections, batch_size=2_000)
        Ruling.objects.bulk_update(
            corrected, ["status", "changed_for_readers_at"], batch_size=2_000
        )
        ErrataCard.objects.bulk_create(
            (
                ErrataCard(
                    edition_id=edition,
                    document_id=document,
                    passage_id=passage,
                    page=page,
                    heading_path=heading,
                    corrected_rule=words[language_of[edition]].text(12, 30),
                    issued_on=datetime.date(2026, 1, 1) + datetime.timedelta(days=n % 300),
                    issued_by="Illustrative publisher",
                )
                for n, (passage, document, edition, page, heading) in enumerate(cited)
            ),
            batch_size=2_000,
        )
        load_questions(sizes, rng, words, editions)


def load_questions(sizes: Sizes, rng: random.Random, words: dict, editions) -> None:
    answered = list(
        Ruling.objects.filter(edition__game__bgg_id__gte=FIRST_BGG_ID)
        .order_by("pk")
        .values_list("pk", "edition_id")[: sizes.questions - sizes.waiting_questions]
    )
    now = timezone.now()
    language_of = dict(editions)
    questions = [
        ReaderQuestion(
            edition_id=edition,
            ruling_id=ruling,
            question=words[language_of[edition]].question(language_of[edition]),
            language=language_of[edition],
            status=ReaderQuestion.Status.ANSWERED,
            created_at=now - datetime.timedelta(days=2, minutes=n),
            handled_at=now - datetime.timedelta(days=1, minutes=n),
            handled_by="Illustrative editor",
        )
        for n, (ruling, edition) in enumerate(answered)
    ]
    for n in range(sizes.waiting_questions):
        edition, language = editions[rng.randrange(len(editions))]
        questions.append(
            ReaderQuestion(
                edition_id=edition,
                question=words[language].question(language),
                language=language,
                email=f"reader{n}@example.com",
                created_at=now - datetime.timedelta(minutes=n),
            )
        )
    ReaderQuestion.objects.bulk_create(questions, batch_size=2_000)
