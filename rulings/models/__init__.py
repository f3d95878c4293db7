"""Rulings with their citations, corrections, translations and mentions, reader questions
and import jobs (what they cite is the catalogue's)."""

from .citations import Citation
from .imports import ImportJob, ImportJobFile
from .mentions import RulingMention
from .questions import ReaderQuestion
from .ruling_status import DATED_AT, carries_flag, public_rulings
from .rulings import Ruling, RulingCorrection, RulingOrigin

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
