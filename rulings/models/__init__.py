"""The rules knowledge, by what it holds: the catalogue (games, editions, documents,
passages) with each game's setup figures and glossary, errata cards, rulings with their
citations, corrections to rulings, and where their translations stand."""

from .catalogue import SEARCH_SNIPPET_LIMIT, Document, Edition, Game, Passage, TextOrigin
from .citations import Citation
from .corrections import RulingCorrection
from .errata import ErrataCard
from .glossary import GlossaryTerm
from .imports import ImportJob, ImportJobFile
from .mentions import RulingMention
from .questions import ReaderQuestion
from .ruling_status import public_rulings
from .rulings import DATED_AT, Ruling, RulingOrigin, carries_flag
from .setup import SetupFigure, SetupGroup
from .translations import RulingTranslation

__all__ = [
    "DATED_AT",
    "SEARCH_SNIPPET_LIMIT",
    "Citation",
    "Document",
    "Edition",
    "ErrataCard",
    "Game",
    "GlossaryTerm",
    "ImportJob",
    "ImportJobFile",
    "Passage",
    "ReaderQuestion",
    "Ruling",
    "RulingCorrection",
    "RulingMention",
    "RulingOrigin",
    "RulingTranslation",
    "SetupFigure",
    "SetupGroup",
    "TextOrigin",
    "carries_flag",
    "public_rulings",
]
