"""The demo's own rulings and errata card: illustrative, written from the seeds' facts.

None of this came from the rules Q&A system, so none of it carries what only an export
has (answering model, timings, passage-search snippets, a file name, a sign-off). The
rulings are stored with `Ruling.Origin.ILLUSTRATIVE` and readers see them labelled so;
their citations point at rulebook pages without any text, since we hold none of the
rulebook's own words. The seed exports, when present, are imported as the real thing.

Dates fit the demo's story (see `rulesage/demo/content.py`): the guides were checked in
early October 2026, these rulings are dated after that, the errata card is issued after
the Point City rulings it supersedes a citation of, and before the last ruling.
"""

import datetime

UTC = datetime.UTC

POINT_CITY = "bg-368017-en-1e"
ARCHAEOLOGY = "bg-191300-en-1e"
# Rulebook documents by the exporting system's id, as `rulesage/demo/content.py` creates them.
POINT_CITY_RULEBOOK = "1035"
ARCHAEOLOGY_RULEBOOK = "1071"

DEMO_RULINGS = [
    {
        "edition": POINT_CITY,
        "slug": "can-i-use-a-resource-i-drafted-this-turn-to-pay-for-the-building-next-to-it",
        "question": (
            "Can I use a resource I drafted this turn to pay for the building next to it?"
        ),
        "dated": datetime.datetime(2026, 10, 12, 19, 41, tzinfo=UTC),
        "answer": """\
Yes. The two cards you draft are handled together, so a Resource Card taken this turn can \
go straight towards the Building Card you draft beside it.[1]

## How the pair works

1. Choose two Market cards that share an edge; cards that only touch at a corner are not \
adjacent.[1]
2. Put the Resource Card in front of you. It is usable at once, this turn included.[1]
3. Pay the Building Card's whole cost as you draft it, by discarding Resource Cards, by \
using permanent resources of buildings from earlier turns, or by mixing both.[2] If you \
cannot pay, you cannot take that building.[1]

## What does not work

* A building you have only just constructed cannot fund the other card of the pair: its \
permanent resource is first usable on a later turn.[2]
* Each permanent resource pays only once per turn, even if you construct two buildings.[2]

## After paying

Your turn ends and the Market is refilled in reading order; a space emptied by a Resource \
Card gets its new card building side up, and a space emptied by a Building Card gets its \
new card resource side up.[3]
""",
        "citations": [
            (1, POINT_CITY_RULEBOOK, 6, "GAMEPLAY · Optional Flip Action"),
            (2, POINT_CITY_RULEBOOK, 7, "Constructing a Building · Constructing a Civic Building"),
            (3, POINT_CITY_RULEBOOK, 8, "TURN END"),
        ],
    },
    {
        "edition": POINT_CITY,
        "slug": "what-breaks-a-tie",
        "question": "What breaks a tie?",
        "dated": datetime.datetime(2026, 10, 14, 8, 2, tzinfo=UTC),
        "answer": """\
## Final scores

Each player adds the points printed on their constructed Building Cards to whatever their \
Civic Tokens are worth.[2] That count happens once the Draw Pile is used up and the Market \
can no longer be refilled at the end of a turn.[1][2]

## Breaking a tie

1. Among the tied players, the one with the most unspent Resource Cards wins.[2]
2. If that number is tied too, those players share the victory.[2]

Count cards, not symbols: a Resource Card showing two resources still counts as one card \
for the tie-break.[2]
""",
        "citations": [
            (1, POINT_CITY_RULEBOOK, 8, "TURN END"),
            (2, POINT_CITY_RULEBOOK, 9, "GAME END · SCORING"),
        ],
    },
    {
        "edition": ARCHAEOLOGY,
        "slug": "what-happens-when-i-draw-a-sandstorm-card",
        "question": "What happens when I draw a Sandstorm card?",
        "dated": datetime.datetime(2026, 11, 3, 15, 27, tzinfo=UTC),
        "answer": """\
A Sandstorm hits every player, not just the one who drew it.

1. Lay the Sandstorm card faceup on the table as a discard.[2]
2. Beginning with the player to your left and going round the table, each player decides \
whether to shelter in their tent.[2]
3. Anyone who does not shelter, or whose tent is already used, discards half the cards in \
their hand, rounded down, into the marketplace.[2][3]
4. You then dig again, drawing from the dig site until you turn up a Treasure card or a \
Thief card.[3]

## About the tent

* Every player starts with one Tent card faceup in front of them; it is not part of the \
hand.[1]
* A tent that has been used gives no shelter in later storms.[2]
* The number of Sandstorm cards shuffled into the dig site depends on the player count.[1]
""",
        "citations": [
            (1, ARCHAEOLOGY_RULEBOOK, 3, "Setting Up the Game"),
            (
                2,
                ARCHAEOLOGY_RULEBOOK,
                5,
                "Playing the Game · 1. Dig for treasure · If it's a Treasure card... · "
                "If it's a Thief card... · If it's a Sandstorm card... · Playing your Tent card",
            ),
            (
                3,
                ARCHAEOLOGY_RULEBOOK,
                6,
                "Example · After the storm... · 2. Other actions · a. Trade at the marketplace",
            ),
        ],
    },
]

# The publisher has issued no errata for Point City; the demo needs one card to show how a
# superseded citation looks. Labelled illustrative in both languages, in its own words.
DEMO_CARD = {
    "edition": POINT_CITY,
    "page": 8,
    "heading_path": "TURN END",
    "corrected_rule": {
        "en": (
            "Illustrative demo card: refill the two empty market spaces one at a time, "
            "top-left space first; when you drafted from the draw pile instead, skip the "
            "refill entirely."
        ),
        "es": (
            "Ficha ilustrativa de la demo: repón los dos huecos vacíos del mercado de uno "
            "en uno, empezando por el de arriba a la izquierda; si robaste del mazo, no "
            "repongas nada."
        ),
    },
    "issued_on": datetime.date(2026, 11, 1),
    "issued_by": {
        "en": "Rulesage demo (illustrative, not issued by the publisher)",
        "es": "Demo de Rulesage (ilustrativa, no publicada por la editorial)",
    },
}
