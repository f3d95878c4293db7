"""Editorial pages (`pages`), a guide's sources and corrections (`sources`) and its public
history (`history`).

A `GamePage` points at one `rulings.Game`; its child `GuidePage`s cite `rulings.Document`s
as their sources. Sources and corrections are page children, revisioned with the page.
"""

from .history import GuideChange, GuideTranslation, GuideVersion
from .pages import MAX_VERSION_NUMBER, GamePage, GamesIndexPage, GuidePage
from .sources import GuideCorrection, GuideSource

__all__ = [
    "MAX_VERSION_NUMBER",
    "GamePage",
    "GamesIndexPage",
    "GuideChange",
    "GuideCorrection",
    "GuidePage",
    "GuideSource",
    "GuideTranslation",
    "GuideVersion",
]
