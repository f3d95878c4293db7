"""Game and guide pages, a guide's sources and corrections, and its public history."""

from .games import GamePage, GamesIndexPage
from .history import GuideChange, GuideVersion
from .pages import GuidePage
from .sources import GuideCorrection, GuideSource

__all__ = [
    "GamePage",
    "GamesIndexPage",
    "GuideChange",
    "GuideCorrection",
    "GuidePage",
    "GuideSource",
    "GuideVersion",
]
