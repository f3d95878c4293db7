"""Answered-before recall fixtures: rulings of one edition and readers' paraphrases of them.

The questions are written from the Point City rulebook facts in ../shared/seeds; each
paraphrase asks what one ruling answers, in other words, as a reader would type it.
`UNANSWERED` are questions none of the rulings answer: recall should offer nothing.
"""

RULINGS = {
    "drafted-resource": (
        "Can I use a resource I drafted this turn to pay for the building next to it?"
    ),
    "tie": "What breaks a tie?",
    "permanent-twice": "Can one permanent resource pay for two buildings in the same turn?",
    "flip": "When can I flip a resource card to its building side?",
    "diagonal": "Do cards that touch only at a corner count as adjacent when drafting?",
    "draw-pile-mix": "May I take one card from the market and one from the draw pile?",
    "civic-token": "When do I take a civic token?",
    "refill": "Which side faces up when the market is refilled?",
    "game-end": "When does the game end?",
    "store-building": "Can I keep a building I cannot afford for a later turn?",
    "ingenuity": "Is the Ingenuity starting card a permanent resource?",
    "double-symbol": "Does a resource card with two symbols give two resources?",
}

# (paraphrase, key of the ruling that answers it)
PARAPHRASES = [
    ("can a resource I just drafted pay for the building beside it", "drafted-resource"),
    (
        "Is the resource card drafted this turn usable for paying the adjacent building?",
        "drafted-resource",
    ),
    ("how are ties broken", "tie"),
    ("Two players have the same score, who wins the tie?", "tie"),
    ("can a single permanent resource pay for two buildings", "permanent-twice"),
    ("does my permanent energy pay for both buildings in one turn", "permanent-twice"),
    ("when am I allowed to flip a resource to the building side", "flip"),
    ("flipping resource cards to buildings: when can I do it?", "flip"),
    ("are diagonal cards adjacent", "diagonal"),
    ("do corner-touching cards count as adjacent", "diagonal"),
    ("can I mix a market card with a draw pile card", "draw-pile-mix"),
    ("take one market card and one card from the draw pile?", "draw-pile-mix"),
    ("when do I get a civic token", "civic-token"),
    ("at what point do you take civic tokens", "civic-token"),
    ("when refilling the market, which side is face up", "refill"),
    ("what side up do new market cards go", "refill"),
    ("how does the game end", "game-end"),
    ("when is the game over", "game-end"),
    ("can I save an unaffordable building for later", "store-building"),
    ("is the ingenuity card a permanent resource", "ingenuity"),
    ("does a card showing two resource symbols count as two resources", "double-symbol"),
]

# Paraphrases every measured ranker gets wrong: they share almost no word with the ruling.
KNOWN_MISSES = {"Two players have the same score, who wins the tie?"}

UNANSWERED = [
    "How many players can play solo?",
    "What is the box size?",
    "Who designed the artwork?",
]
