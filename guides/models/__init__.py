"""Game and guide pages, a guide's sources and corrections, and its public history."""

from .games import GamePage as GamePage
from .games import GamesIndexPage as GamesIndexPage
from .history import GuideChange as GuideChange
from .history import GuideVersion as GuideVersion
from .pages import GuidePage as GuidePage
from .sources import GuideCorrection as GuideCorrection
from .sources import GuideSource as GuideSource
