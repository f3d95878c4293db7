"""Per-language text-search facts shared by every app: which PostgreSQL text-search
configuration stems each site language, and trigram similarity computed in Python.

In the bottom layer because rulings (answered-before recall) and the site search both
need them, and neither may import the other.
"""

import re

from django.conf import settings

# PostgreSQL's text-search configuration per site language: a Spanish query is stemmed
# as Spanish ("recursos permanentes" → recurs, permanent) and matched against Spanish
# text only. A language without an entry is not stemmed at all ("simple").
SEARCH_CONFIGS = {"en": "english", "es": "spanish"}


def search_config(language):
    return SEARCH_CONFIGS.get((language or "")[:2], "simple")


def site_languages():
    return [code for code, _name in settings.LANGUAGES]


WORD_RE = re.compile(r"[^\W_]+")


def trigrams(text):
    """pg_trgm's trigrams of `text`: each lower-cased word padded "  word ", cut in threes.

    The same set PostgreSQL's `show_trgm()` returns for letters and digits, so the
    similarity below matches `similarity()` closely enough to share one threshold.
    """
    grams = set()
    for word in WORD_RE.findall(text.lower()):
        padded = f"  {word} "
        grams.update(padded[i : i + 3] for i in range(len(padded) - 2))
    return grams


def trigram_similarity(a, b):
    """Shared trigrams over all trigrams of the two texts (pg_trgm's `similarity()`)."""
    left, right = trigrams(a), trigrams(b)
    if not left or not right:
        return 0.0
    return len(left & right) / len(left | right)
