"""The rulings, by what they hold: rulings with their citations, corrections to rulings,
where their translations stand, the pages that mention them, reader questions, and import
jobs. What they cite (games, editions, documents, passages, errata) is the catalogue's."""

from .citations import Citation
from .corrections import RulingCorrection
from .imports import ImportJob, ImportJobFile
from .mentions import RulingMention
from .questions import ReaderQuestion
from .ruling_queries import DATED_AT, carries_flag
from .ruling_status import public_rulings
from .rulings import Ruling, RulingOrigin

__all__ = [
    "DATED_AT",
    "Citation",
    "ImportJob",
    "ImportJobFile",
    "ReaderQuestion",
    "Ruling",
    "RulingCorrection",
    "RulingMention",
    "RulingOrigin",
    "carries_flag",
    "public_rulings",
]
