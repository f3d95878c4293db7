"""What rules are taken from: games with their setup figures and glossary, their editions,
the documents of each edition and their passages, and each edition's errata cards."""

from .errata import ErrataCard
from .games import SEARCH_SNIPPET_LIMIT, Document, Edition, Game, Passage, TextOrigin
from .glossary import GlossaryTerm
from .setup import SetupFigure, SetupGroup
from .suggestions import GlossarySuggestion

__all__ = [
    "SEARCH_SNIPPET_LIMIT",
    "Document",
    "Edition",
    "ErrataCard",
    "Game",
    "GlossarySuggestion",
    "GlossaryTerm",
    "Passage",
    "SetupFigure",
    "SetupGroup",
    "TextOrigin",
]
