"""The synthetic catalogue bench/search.py loads: games, editions and documents, rulings,
passages and guides in both languages, with Zipf-distributed words, written in bulk (COPY)
while PostgreSQL computes the stored search vectors; the GIN indexes are built after it.
"""

from __future__ import annotations

import datetime
import random
import time

# Parallel word lists: the same game vocabulary in English and Spanish, most common first.
EN = str.split(
    "card turn player resource building market token score point tile action round draw "
    "pile discard deck hand supply board end game build pay cost bonus civic permanent "
    "energy water food gold stone wood phase income track marker reserve trade tent "
    "storm treasure thief dig site tie refill side row column flip adjacent edge corner "
    "setup solo opponent variant round pass first start last each victory"
)
ES = str.split(
    "carta turno jugador recurso edificio mercado ficha puntuación punto loseta acción "
    "ronda robar mazo descartar baraja mano suministro tablero final partida construir "
    "pagar coste bonificación cívica permanente energía agua comida oro piedra madera fase "
    "ingreso marcador indicador reserva comerciar tienda tormenta tesoro ladrón excavar "
    "yacimiento empate reponer cara fila columna voltear adyacente borde esquina "
    "preparación solitario rival variante vuelta pasar primero inicio último cada victoria"
)
SYLLABLES = str.split("ka lo mi ne ru sa ti vo ze pa qui dor len mar ban tis gor fel")
QUESTION_FORMS = {
    "en": [
        "Can I use a {a} to pay for the {b}?",
        "What happens when the {a} runs out?",
        "Does the {a} count towards the {b} score?",
        "May I discard a {a} instead of taking the {b} action?",
        "How many {a} does each player get at setup?",
    ],
    "es": [
        "¿Puedo usar una {a} para pagar el {b}?",
        "¿Qué pasa cuando se acaba el {a}?",
        "¿Cuenta la {a} para la puntuación de {b}?",
        "¿Puedo descartar una {a} en vez de hacer la acción de {b}?",
        "¿Cuántas {a} recibe cada jugador en la preparación?",
    ],
}


class Words:
    """Zipf-distributed words of one language, with a long tail of invented ones."""

    def __init__(self, rng: random.Random, common: list[str], tail: list[str]):
        self.rng = rng
        self.words = common + tail
        self.weights = [1 / (rank + 1) for rank in range(len(self.words))]

    def text(self, low: int, high: int) -> str:
        count = self.rng.randint(low, high)
        return " ".join(self.rng.choices(self.words, self.weights, k=count)).capitalize() + "."


def invented_words(rng: random.Random, count: int) -> list[str]:
    found: set[str] = set()
    while len(found) < count:
        found.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))))
    return sorted(found)


# --------------------------------------------------------------------------- loading


def copy_rows(model, rows) -> int:
    """COPY `rows` (dicts by attribute name) into `model`'s table; other columns get their
    field defaults, prepared by the fields themselves (JSON, dates)."""
    from django.db import connection

    fields = [
        field
        for field in model._meta.concrete_fields
        if not field.primary_key and not field.generated  # the database computes those
    ]
    defaults = {field.attname: field.get_default() for field in fields}
    columns = ", ".join(f'"{field.column}"' for field in fields)
    count = 0
    with connection.cursor() as cursor:
        raw = cursor.cursor
        with raw.copy(f'COPY "{model._meta.db_table}" ({columns}) FROM STDIN') as copy:
            for row in rows:
                copy.write_row(
                    [
                        field.get_db_prep_save(
                            row.get(field.attname, defaults[field.attname]), connection
                        )
                        for field in fields
                    ]
                )
                count += 1
    return count


def search_indexes():
    """The site search's GIN indexes, with their models (rulesage/search.py's matching)."""
    from guides.models import GuidePage
    from rulings.models import Passage, Ruling

    return [
        (model, index)
        for model in (Passage, Ruling, GuidePage)
        for index in model._meta.indexes
        if index.name.endswith(("_search_en", "_search_es"))
    ]


def load(sizes: dict, rng: random.Random) -> dict:
    from django.db import connection, transaction
    from django.utils import timezone

    from rulings.models import Document, Edition, Game, Passage, Ruling

    words = {
        "en": Words(rng, EN, invented_words(rng, 3000)),
        "es": Words(rng, ES, invented_words(rng, 3000)),
    }
    timings = {}
    with connection.schema_editor() as editor:
        for model, index in search_indexes():
            editor.remove_index(model, index)

    start = time.perf_counter()
    with transaction.atomic():
        games = Game.objects.bulk_create(
            Game(
                name=f"Game {n}",
                name_en=f"Game {n}",
                name_es=f"Juego {n}",
                slug=f"game-{n}",
                bgg_id=800_000 + n,
            )
            for n in range(sizes["games"])
        )
        editions = Edition.objects.bulk_create(
            Edition(
                game=game,
                code=f"bg-{game.bgg_id}-{language}-1e",
                language=language,
                label="First edition",
                label_en="First edition",
                label_es="Primera edición",
            )
            for game in games
            for language in ("en", "es")
        )
        documents = Document.objects.bulk_create(
            Document(edition=edition, title=f"{edition.game.name} — Rulebook", external_id="1")
            for edition in editions
        )
    timings["games, editions, documents (bulk_create)"] = time.perf_counter() - start

    now = timezone.now()
    start = time.perf_counter()

    def rulings():
        for n in range(sizes["rulings"]):
            edition = editions[n % len(editions)]
            language = edition.language
            form = rng.choice(QUESTION_FORMS[language])
            vocab = words[language]
            question = form.format(a=rng.choice(vocab.words[:60]), b=rng.choice(vocab.words[:200]))
            question += f" ({n})"
            answer = " ".join(vocab.text(10, 25) for _ in range(rng.randint(2, 5)))
            row = {
                "edition_id": edition.pk,
                "slug": f"ruling-{n}",
                "question": question,
                "answer": answer,
                f"question_{language}": question,
                f"answer_{language}": answer,
                "origin": "editor",
                "status": "verified" if n % 3 else "imported",
                "answered_at": now - datetime.timedelta(minutes=n),
                "created_at": now,
                "updated_at": now,
            }
            if language == "en" and n % 5 == 0:  # some English rulings are translated
                row["question_es"] = rng.choice(QUESTION_FORMS["es"]).format(
                    a=rng.choice(ES[:60]), b=rng.choice(ES)
                )
                row["answer_es"] = words["es"].text(20, 60)
            yield row

    with transaction.atomic():
        copy_rows(Ruling, rulings())
    timings["rulings (COPY; PostgreSQL computes their vectors)"] = time.perf_counter() - start

    start = time.perf_counter()
    per_document = max(1, sizes["passages"] // len(documents))

    def passages():
        for document in documents:
            vocab = words[document.edition.language]
            for n in range(per_document):
                yield {
                    "document_id": document.pk,
                    "page": 1 + n // 4,
                    "heading_path": f"{vocab.text(1, 3)[:-1]} · {n}",
                    "text": vocab.text(30, 70),
                    "text_origin": "rulebook",
                    "anchor": f"p{n}",
                }

    with transaction.atomic():
        copy_rows(Passage, passages())
    timings["passages (COPY; PostgreSQL computes their vectors)"] = time.perf_counter() - start

    start = time.perf_counter()
    make_guides(sizes["guides"], games, words)
    timings["guides (Wagtail pages)"] = time.perf_counter() - start

    start = time.perf_counter()
    with connection.schema_editor() as editor:
        for model, index in search_indexes():
            editor.add_index(model, index)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    timings["search indexes (CREATE INDEX ×6, then ANALYZE)"] = time.perf_counter() - start
    return timings


def make_guides(count: int, games, words) -> None:
    import json

    from wagtail.models import Page, Site

    from guides.models import GamePage, GamesIndexPage, GuidePage

    root = Page.get_first_root_node()
    index = root.add_child(instance=GamesIndexPage(title="Games", slug="games"))
    Site.objects.update_or_create(
        is_default_site=True, defaults={"hostname": "localhost", "port": 80, "root_page": index}
    )
    for game in games[:count]:
        game_page = index.add_child(
            instance=GamePage(title=game.name, title_es=game.name_es, slug=game.slug, game=game)
        )
        body = {
            language: json.dumps(
                [
                    {"type": "paragraph", "value": f"<p>{words[language].text(40, 90)}</p>"}
                    for _ in range(12)
                ]
            )
            for language in ("en", "es")
        }
        game_page.add_child(
            instance=GuidePage(
                title=f"How to play {game.name}",
                title_en=f"How to play {game.name}",
                title_es=f"Cómo jugar a {game.name_es}",
                slug="how-to-play",
                intro=words["en"].text(10, 20),
                intro_en=words["en"].text(10, 20),
                intro_es=words["es"].text(10, 20),
                body_en=body["en"],
                body_es=body["es"],
                checked_on=datetime.date(2026, 10, 1),
            )
        )
