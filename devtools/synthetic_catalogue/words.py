"""The synthetic catalogue's words, English and Spanish, Zipf-distributed so that searches
meet the skew of real rulebooks rather than uniform noise."""

from __future__ import annotations

import itertools
import random

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
        # Cumulative once: `choices` would otherwise add the weights up on every call.
        self.cumulative = list(
            itertools.accumulate(1 / (rank + 1) for rank in range(len(self.words)))
        )

    def text(self, low: int, high: int) -> str:
        count = self.rng.randint(low, high)
        chosen = self.rng.choices(self.words, cum_weights=self.cumulative, k=count)
        return " ".join(chosen).capitalize() + "."

    def question(self, language: str) -> str:
        form = self.rng.choice(QUESTION_FORMS[language])
        return form.format(a=self.rng.choice(self.words[:60]), b=self.rng.choice(self.words[:200]))


def invented_words(rng: random.Random, count: int) -> list[str]:
    found: set[str] = set()
    while len(found) < count:
        found.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))))
    return sorted(found)
