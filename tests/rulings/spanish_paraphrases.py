"""Spanish questions about Point City and the English ruling that answers each.

Readers of the Spanish site ask in their own words; the rulings are English. Each
question here was written to vary what the glossary must handle: accents typed or not,
plurals and verb forms ("empatamos", "robado"), stem-changing verbs ("juega"),
multi-word terms ("recurso permanente", "ficha de edificio comunitario"), and question
words that must not decide the match ("¿quién?", "¿cómo?", "¿puedo?"). Keys name the
rulings of `tests.rulings.paraphrases.RULINGS`, plus the demo's "tie" and
"drafted-resource" rulings and the seed export "how-to-play".
"""

SPANISH_PARAPHRASES = [
    ("¿Qué pasa si hay empate?", "tie"),
    ("¿Quién gana si empatamos a puntos?", "tie"),
    ("empates al final de la partida", "tie"),
    ("Como se desempata", "tie"),
    ("Si dos jugadores acaban empatados, ¿quién es el vencedor?", "tie"),
    ("¿Qué pasa si dos jugadores tienen los mismos puntos?", "tie"),
    ("¿Quién gana en caso de igualdad?", "tie"),
    ("desempate", "tie"),
    ("¿Puedo pagar un edificio con un recurso que acabo de robar?", "drafted-resource"),
    ("¿Sirve un recurso robado este turno para pagar el edificio de al lado?", "drafted-resource"),
    ("pagar con recursos escogidos en el mismo turno", "drafted-resource"),
    ("¿Cómo se juega?", "how-to-play"),
    ("como jugar a ciudad de puntos", "how-to-play"),
    ("Reglas básicas para jugar", "how-to-play"),
    ("Explícame las reglas", "how-to-play"),
    ("Instrucciones del juego", "how-to-play"),
    (
        "¿Puedo construir un edificio con el recurso que he robado en el mismo turno?",
        "drafted-resource",
    ),
    ("¿Un recurso permanente puede pagar dos edificios en el mismo turno?", "permanent-twice"),
    ("¿Cuándo puedo voltear una carta de recurso a su cara de edificio?", "flip"),
    ("¿Las cartas que se tocan en diagonal son adyacentes?", "diagonal"),
    ("¿Puedo coger una carta del mercado y otra del mazo?", "draw-pile-mix"),
    ("¿Cuándo consigo una ficha de edificio comunitario?", "civic-token"),
    ("Al reponer el mercado, ¿qué cara queda hacia arriba?", "refill"),
    ("¿Cuándo termina la partida?", "game-end"),
    ("¿Puedo guardar para otro turno un edificio que no puedo pagar?", "store-building"),
    ("¿La carta de ingenio es un recurso permanente?", "ingenuity"),
    ("¿Una carta de recurso con dos símbolos da dos recursos?", "double-symbol"),
]

# Questions no ruling of the edition answers: the glossary must not offer one.
SPANISH_UNANSWERED = [
    "¿Quién dibujó las ilustraciones?",
    "¿Cuánto mide la caja del juego?",
    "¿Dónde se compra?",
]

# Questions the glossary offers a ruling for all the same: "juego" is the game, and "When
# does the game end?" is the one ruling asking about the game.
KNOWN_FALSE_HITS = {"¿Cuánto mide la caja del juego?"}
