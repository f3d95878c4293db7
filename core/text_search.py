"""Per-language text-search facts shared by every app: which PostgreSQL text-search
configuration stems each site language, and trigram similarity computed in Python.

In the bottom layer because rulings (answered-before recall) and the site search both
need them, and neither may import the other.
"""

import re

from django.conf import settings


def search_config(language):
    """PostgreSQL's text-search configuration for `language` (RULESAGE_SEARCH_CONFIGS): a
    Spanish query is stemmed as Spanish ("recursos permanentes" → recurs, permanent).
    A language without one is not stemmed at all ("simple")."""
    return settings.RULESAGE_SEARCH_CONFIGS.get((language or "")[:2], "simple")


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


def localized_search_fields(names, language):
    """The per-language columns of translated `names` ("body" → "body_es") searched for a
    reader of `language`: a Spanish query never matches the English text, nor the
    reverse, because each language's words are searched in their own columns."""
    return [f"{name}_{language}" for name in names]


def search_vector_index(model_name, language, fields):
    """A GIN index on the text-search vector the site search computes over `fields` in
    `language`'s configuration, written exactly as the search backend writes it (each
    field's vector joined with ||), so PostgreSQL answers the match from the index."""
    from django.contrib.postgres.indexes import GinIndex
    from django.contrib.postgres.search import SearchVector

    config = search_config(language)
    vectors = [SearchVector(field, config=config) for field in fields]
    expression = vectors[0]
    for vector in vectors[1:]:
        expression = expression._combine(vector, "||", False)
    return GinIndex(expression, name=f"{model_name}_search_{language}")
