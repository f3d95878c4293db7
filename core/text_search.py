"""Per-language text-search facts shared by recall and the site search: PostgreSQL's
configuration per language, the same stemming and accent folding in Python, trigrams."""

import operator
import re
import unicodedata
from functools import lru_cache, reduce

import snowballstemmer
from django.conf import settings
from django.contrib.postgres.indexes import GinIndex, OpClass
from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db.models import Case, F, Func, GeneratedField, Q, When
from django.db.models.functions import Upper


def search_config(language):
    """PostgreSQL's text-search configuration for `language`; "simple" (no stemming) if none."""
    return settings.RULESAGE_SEARCH_CONFIGS.get((language or "")[:2], "simple")


def site_languages():
    return [code for code, _name in settings.LANGUAGES]


WORD_RE = re.compile(r"[^\W_]+")


def fold_accents(text):
    """`text` lower-cased without accents: readers type Spanish with and without them."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def word_set(text):
    """The words of `text`, as a set: lists of words are written as prose is."""
    return frozenset(text.split())


# Accent-folded function words left out of a comparison (those of rules questions).
STOP_WORDS = {
    "es": word_set(
        """
        a al algo algun alguna algunas alguno algunos ante antes aqui asi aunque cada como con
        contra de del desde donde durante e el ella ellas ellos en entre era eran es esa esas
        ese eso esos esta estaba estan estar estas este esto estos estoy fue fueron ha haber
        habia han has hasta hay he la las le les lo los me mi mia mis mucho muchos muy nada
        ni no nos nosotros nuestra nuestro o os otra otras otro otros para pero por que se
        quien quienes sea segun ser si sin sino sobre somos son soy su sus suya suyo tambien
        te ti tu tus un una unas uno unos usted vosotros y ya yo cual cuales cuando
        """
    ),
    "en": word_set(
        """
        a about after all also am an and any are as at be because been before being both but
        by did do does doing during each for from had has have having he her here hers him
        his i if in into is it its itself me more most my no nor not of off on once only or
        other our ours out over own same she should so some such than that the their theirs
        them then there these they this those through to too under until up very was we
        were what when where which while who whom why with would you your yours how
        """
    ),
}


def word_stems(words, language):
    """Each of `words` accent-folded and stemmed by the Snowball stemmer PostgreSQL uses,
    or "" for a function word: a comparison then reads the same on every database."""
    config, stop_language = search_config(language), (language or "")[:2]
    return [word_stem(word, config, stop_language) for word in words]


@lru_cache(maxsize=100_000)
def word_stem(word, config, stop_language):
    """Remembered: mining a game's translations stems the same few thousand words over and
    over, and Snowball's stemmers are plain Python."""
    folded = fold_accents(word)
    if folded in STOP_WORDS.get(stop_language, ()):
        return ""
    if config not in snowballstemmer.algorithms():
        return folded
    return snowballstemmer.stemmer(config).stemWord(folded)


def trigrams(text):
    """pg_trgm's `show_trgm()` of `text`, so similarity shares one threshold with it."""
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
    """The columns of translated `names` in `language` ("body" → "body_es")."""
    return [f"{name}_{language}" for name in names]


class StoredSearchVector(Func):
    """The weighted text-search vector of a row's `fields`, for a generated column that
    PostgreSQL keeps current on every write (NULL on other databases). With `only_where`
    ({column: value}) it is NULL unless the row holds that value: a row written in one
    language has no vector in another, so that language's search never meets it."""

    output_field = SearchVectorField()

    def __init__(self, *fields, config, weights, only_where=None):
        if len(weights) != len(fields) or set(weights) - set("ABCD"):
            raise ValueError("one weight letter (A-D) per field")
        super().__init__(*(F(field) for field in fields))
        self.field_names = list(fields)
        self.config = config
        self.weights = weights
        self.only_where = dict(only_where or {})

    def as_sql(self, compiler, connection, **extra_context):
        return "NULL", []

    def as_postgresql(self, compiler, connection, **extra_context):
        vectors = [
            SearchVector(field, config=self.config, weight=weight)
            for field, weight in zip(self.get_source_expressions(), self.weights, strict=True)
        ]
        vector = reduce(operator.add, vectors)  # SearchVector's `||`
        if self.only_where:
            vector = Case(When(Q(**self.only_where), then=vector), output_field=SearchVectorField())
            vector = vector.resolve_expression(compiler.query)
        return compiler.compile(vector)


def search_vector_field(language, fields, only_where=None):
    """A stored column of `fields` ({name: weight letter}) as one vector in `language`
    (NULL for a row not matching `only_where`, see StoredSearchVector)."""
    # Passed only when given: the migrations of columns without it record none.
    condition = {"only_where": only_where} if only_where else {}
    return GeneratedField(
        expression=StoredSearchVector(
            *fields, config=search_config(language), weights="".join(fields.values()), **condition
        ),
        output_field=SearchVectorField(),
        db_persist=True,
        # Derived data: not copied into revisions.
        serialize=False,
    )


def trigram_index(model_name, column):
    """A GIN trigram index of `column` as `icontains` and `istartswith` compare it
    (upper-cased): a lookup of typed text reads it, not every row."""
    return GinIndex(OpClass(Upper(column), name="gin_trgm_ops"), name=f"{model_name}_{column}_tri")


class QuestionWeight(Func):
    """The part of a stored vector weighted A: a ruling's question."""

    function = "ts_filter"
    template = "%(function)s(%(expressions)s, '{a}')"
    output_field = SearchVectorField()


def question_vector_index(model_name, language):
    """The GIN index of the question's part of `search_<language>`: a question's words are
    looked for among the questions without reading every ruling whose answer holds them."""
    return GinIndex(QuestionWeight(F(f"search_{language}")), name=f"{model_name}_asked_{language}")


def search_vector_index(model_name, language, condition=None):
    """The GIN index of `search_<language>`; partial with `condition`, when only the rows it
    selects have a vector in that language."""
    return GinIndex(
        fields=[f"search_{language}"], name=f"{model_name}_search_{language}", condition=condition
    )
