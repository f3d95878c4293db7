"""Per-language text-search facts shared by every app: which PostgreSQL text-search
configuration stems each site language, and trigram similarity computed in Python.

In the bottom layer because rulings (answered-before recall) and the site search both
need them, and neither may import the other.
"""

import re

from django.conf import settings
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db.models import F, Func, GeneratedField


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


class StoredSearchVector(Func):
    """The text-search vector of a row's `fields` in one configuration, each field with its
    weight letter (A–D, as Wagtail's backend weighs boosts), for a generated column.

    PostgreSQL keeps a stored generated column current on every write: saves, bulk
    creates, the importers' bulk writes, COPY and `update()`, so no write path has to
    remember the search index, and a read computes nothing. Elsewhere (SQLite for
    `make run`, whose fallback search reads the text columns) the column stays NULL.
    """

    output_field = SearchVectorField()

    def __init__(self, *fields, config, weights):
        if len(weights) != len(fields) or set(weights) - set("ABCD"):
            raise ValueError("one weight letter (A-D) per field")
        super().__init__(*(F(field) for field in fields))
        self.field_names = list(fields)
        self.config = config
        self.weights = weights

    def as_sql(self, compiler, connection, **extra_context):
        return "NULL", []

    def as_postgresql(self, compiler, connection, **extra_context):
        vectors = [
            SearchVector(field, config=self.config, weight=weight)
            for field, weight in zip(self.get_source_expressions(), self.weights, strict=True)
        ]
        combined = vectors[0]
        for vector in vectors[1:]:
            combined = combined._combine(vector, "||", False)
        return compiler.compile(combined)


def search_vector_field(language, fields):
    """A stored column holding `fields` ({name: weight letter}) as one text-search vector
    in `language`'s configuration: what the site search matches and ranks (GIN-indexed
    by `search_vector_index`, read by core.search_backend)."""
    return GeneratedField(
        expression=StoredSearchVector(
            *fields, config=search_config(language), weights="".join(fields.values())
        ),
        output_field=SearchVectorField(),
        db_persist=True,
        # Derived data: not copied into every revision (Wagtail serialises a model's
        # fields into each one), never restored from one.
        serialize=False,
    )


def search_vector_index(model_name, language):
    """The GIN index on a model's stored vector for `language` (`search_<language>`)."""
    return GinIndex(fields=[f"search_{language}"], name=f"{model_name}_search_{language}")
