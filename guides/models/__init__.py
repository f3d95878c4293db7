"""Editorial pages (`games`, `pages`), a guide's sources and corrections (`sources`) and its public
history (`history`).

A `GamePage` points at one `rulings.Game`; its child `GuidePage`s cite `rulings.Document`s
as their sources. Sources and corrections are page children, revisioned with the page.
"""

from .games import GamePage, GamesIndexPage
from .history import GuideChange, GuideVersion
from .pages import GuidePage
from .sources import GuideCorrection, GuideSource
from .versions_read import MAX_VERSION_NUMBER

__all__ = [
    "MAX_VERSION_NUMBER",
    "GamePage",
    "GamesIndexPage",
    "GuideChange",
    "GuideCorrection",
    "GuidePage",
    "GuideSource",
    "GuideVersion",
]
