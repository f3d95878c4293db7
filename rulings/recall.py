"""Answered-before recall: the public rulings of an edition most like a reader's question,
by trigram similarity among those sharing a stemmed word (docs/search.md); in a translation's
language the game's glossary also carries the question over to the English."""

from collections import namedtuple
from functools import reduce
from operator import add, or_

from django.conf import settings
from django.contrib.postgres.search import (
    SearchQuery,
    SearchRank,
    SearchVector,
    SearchVectorField,
    TrigramSimilarity,
)
from django.db import connection
from django.db.models import Case, F, FloatField, Func, IntegerField, TextField, Value, When
from django.db.models.functions import Coalesce, NullIf
from django.utils import translation
from django.utils.translation import get_language
from modeltranslation.utils import build_localized_fieldname

from catalogue.glossary import expand, game_terms
from catalogue.models import Edition
from core.text_search import WORD_RE, search_config, trigram_similarity, word_stems
from core.translated_fields import SOURCE_LANGUAGE

from .models import Ruling

# Longer questions are cut here: a pasted page must not make the comparison slow.
QUESTION_LIMIT = 500
FULLTEXT_WORDS = 32
# How much a concept of the question counts when found only in a ruling's answer, and
# how much a word the glossary does not know (it may be a name the English uses) weighs.
IN_ANSWER = 0.4
UNKNOWN_WEIGHT = 0.5


def answered_before(edition, question, *, limit=5, threshold=None, method=None, language=None):
    """The public rulings of `edition` most like `question`, best first, each with a
    `score` (0 to 1) of at least `threshold`; `method` names a ranker."""
    question = clean_question(question)
    if not question or limit <= 0:
        return []
    language = (language or get_language() or SOURCE_LANGUAGE)[:2]
    if threshold is None:
        threshold = settings.RULESAGE_RECALL_THRESHOLD
    edition_id = getattr(edition, "pk", edition)
    rulings = Ruling.objects.public().filter(edition_id=edition_id)
    with translation.override(language):
        if connection.vendor != "postgresql":
            found = rank_in_python(rulings, question, limit, threshold)
        else:
            found = RANKERS[method or DEFAULT_METHOD](rulings, question, limit, threshold)
    if language == SOURCE_LANGUAGE:
        return found
    game_id = getattr(edition, "game_id", None) or (
        Edition.objects.filter(pk=edition_id).values_list("game_id", flat=True).first()
    )
    expansion = expand(question, game_terms(game_id, language), language)
    if not expansion.known:
        return found
    return merged([found, through_glossary(rulings, expansion, limit)], limit)


def merged(lists, limit):
    best = {}
    for ruling in (ruling for found in lists for ruling in found):
        if ruling.pk not in best or ruling.score > best[ruling.pk].score:
            best[ruling.pk] = ruling
    return sorted(best.values(), key=order)[:limit]


def order(ruling):
    """Best score first, then the ruling whose question says least besides, then oldest."""
    return (-ruling.score, getattr(ruling, "asked_size", 0), ruling.pk)


# A concept of the question as looked for in the English (unknown: the reader's own word).
Sought = namedtuple("Sought", "terms weight known")


def sought(expansion):
    return [
        Sought(c.english, 1.0, True) if c.known else Sought(c.words, UNKNOWN_WEIGHT, False)
        for c in expansion.concepts
    ]


def through_glossary(rulings, expansion, limit):
    """The rulings whose English covers enough of the question's concepts; only those whose
    question holds a concept the glossary knows (an answer mentions much)."""
    concepts = sought(expansion)
    if connection.vendor != "postgresql":
        return covered_in_python(rulings, concepts, limit)
    config = search_config(SOURCE_LANGUAGE)

    def query(terms):
        # "tie-break" as its words (PostgreSQL would also want the hyphenated whole).
        return reduce(or_, (SearchQuery(term.replace("-", " "), config=config) for term in terms))

    vector = f"search_{SOURCE_LANGUAGE}"
    parts = [
        Case(
            When(asked=query(concept.terms), then=Value(concept.weight)),
            When(**{vector: query(concept.terms)}, then=Value(concept.weight * IN_ANSWER)),
            default=Value(0.0),
            output_field=FloatField(),
        )
        for concept in concepts
    ]
    total = sum(concept.weight for concept in concepts)
    known = reduce(or_, (query(concept.terms) for concept in concepts if concept.known))
    return list(
        rulings.annotate(asked=QuestionWeight(F(vector)))
        .filter(asked=known)
        .annotate(score=reduce(add, parts) / Value(total))
        .filter(score__gte=settings.RULESAGE_GLOSSARY_RECALL_THRESHOLD)
        .annotate(asked_size=Func(F("asked"), function="length", output_field=IntegerField()))
        .defer("provenance", "retrieval")
        .select_related("edition")
        .order_by("-score", "asked_size", "pk")[:limit]
    )


class QuestionWeight(Func):
    """The part of a stored vector weighted A: a ruling's question (core.text_search)."""

    function = "ts_filter"
    template = "%(function)s(%(expressions)s, '{a}')"
    output_field = SearchVectorField()


def covered_in_python(rulings, concepts, limit):
    """SQLite: the same coverage, stemming the edition's English rulings in Python."""
    total = sum(concept.weight for concept in concepts)
    wanted = [(concept, [stems_of(term) for term in concept.terms]) for concept in concepts]
    scored = []
    for ruling in rulings.select_related("edition"):
        asked = set(stems_of(getattr(ruling, f"question_{SOURCE_LANGUAGE}") or ""))
        answered = set(stems_of(getattr(ruling, f"answer_{SOURCE_LANGUAGE}") or ""))
        score, knows = 0.0, False
        for concept, alternatives in wanted:
            if any(stems and set(stems) <= asked for stems in alternatives):
                score += concept.weight
                knows = knows or concept.known
            elif any(stems and set(stems) <= asked | answered for stems in alternatives):
                score += concept.weight * IN_ANSWER
        ruling.score, ruling.asked_size = score / total, len(asked)
        if knows and ruling.score >= settings.RULESAGE_GLOSSARY_RECALL_THRESHOLD:
            scored.append(ruling)
    scored.sort(key=order)
    return scored[:limit]


def stems_of(text):
    return [stem for stem in word_stems(WORD_RE.findall(text), SOURCE_LANGUAGE) if stem]


def clean_question(question):
    return " ".join((question or "").replace("\x00", " ").split())[:QUESTION_LIMIT]


def localized(name):
    language = (get_language() or SOURCE_LANGUAGE)[:2]
    source = F(build_localized_fieldname(name, SOURCE_LANGUAGE))
    if language == SOURCE_LANGUAGE:
        return source
    translated = NullIf(F(build_localized_fieldname(name, language)), Value(""))
    return Coalesce(translated, source, output_field=TextField())


def best(rulings, score, limit, threshold):
    scored = rulings.annotate(score=score).filter(score__gte=threshold)
    return list(scored.select_related("edition").order_by("-score", "pk")[:limit])


def rank_by_trigram(rulings, question, limit, threshold):
    return best(rulings, TrigramSimilarity(localized("question"), question), limit, threshold)


def fulltext_parts(question):
    """A query any stemmed word matches (a paraphrase shares some words, rarely all), and
    the document, question weighted above answer."""
    config = search_config(get_language())
    words = WORD_RE.findall(question)[:FULLTEXT_WORDS]
    if not words:
        return None, None
    query = reduce(or_, (SearchQuery(word, config=config) for word in words))
    vector = SearchVector(localized("question"), weight="A", config=config) + SearchVector(
        localized("answer"), weight="D", config=config
    )
    return query, vector


def rank_by_fulltext(rulings, question, limit, threshold):
    """Full-text rank, normalised as rank/(rank+1) so the score stays below 1."""
    query, vector = fulltext_parts(question)
    if query is None:
        return []
    found = best(rulings, SearchRank(vector, query, normalization=32), limit, threshold)
    return [ruling for ruling in found if ruling.score > 0]  # zeros come last: none is missed


def rank_by_trigram_among_matches(rulings, question, limit, threshold):
    """Trigram similarity among rulings sharing a stemmed word: keeps out questions that
    only look alike."""
    query, vector = fulltext_parts(question)
    if query is None:
        return []
    if (get_language() or SOURCE_LANGUAGE)[:2] == SOURCE_LANGUAGE:
        # The stored vector holds the same words: building one per ruling is slow.
        matching = rulings.filter(**{f"search_{SOURCE_LANGUAGE}": query})
    else:
        matching = rulings.annotate(document=vector).filter(document=query)
    return rank_by_trigram(matching, question, limit, threshold)


def rank_in_python(rulings, question, limit, threshold):
    """SQLite has no pg_trgm: the same trigram similarity, over the edition's questions."""
    language = (get_language() or SOURCE_LANGUAGE)[:2]
    scored = []
    for ruling in rulings.select_related("edition"):
        text = getattr(ruling, build_localized_fieldname("question", language)) or getattr(
            ruling, build_localized_fieldname("question", SOURCE_LANGUAGE)
        )
        ruling.score = trigram_similarity(question, text or "")
        if ruling.score >= threshold:
            scored.append(ruling)
    scored.sort(key=lambda ruling: (-ruling.score, ruling.pk))
    return scored[:limit]


DEFAULT_METHOD = "trigram_among_matches"
RANKERS = {
    "trigram": rank_by_trigram,
    "fulltext": rank_by_fulltext,
    "trigram_among_matches": rank_by_trigram_among_matches,
}
