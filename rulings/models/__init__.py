"""The rules knowledge, by what it holds: the catalogue (games, editions, documents,
passages) with each game's setup figures, errata cards, rulings with their citations, and
corrections to rulings."""

from .catalogue import SEARCH_SNIPPET_LIMIT, Document, Edition, Game, Passage, TextOrigin
from .corrections import RulingCorrection
from .errata import ErrataCard
from .mentions import RulingMention
from .questions import ReaderQuestion
from .rulings import Citation, Ruling, RulingOrigin
from .setup import SetupFigure, SetupGroup

__all__ = [
    "SEARCH_SNIPPET_LIMIT",
    "Citation",
    "Document",
    "Edition",
    "ErrataCard",
    "Game",
    "Passage",
    "ReaderQuestion",
    "Ruling",
    "RulingCorrection",
    "RulingMention",
    "RulingOrigin",
    "SetupFigure",
    "SetupGroup",
    "TextOrigin",
]
