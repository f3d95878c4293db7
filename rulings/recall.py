"""Answered-before recall: the public rulings of an edition most like a reader's question.

A reader about to ask "can one permanent resource pay for two buildings?" should first see
the rulings that already answer it, as the rules Q&A system does before answering. The
question is compared with each ruling's question in the reader's language (the English
one where no translation exists), on the edition's rulings only: an edition holds tens to
hundreds of rulings, so ranking them all is cheap and needs no index.

Three rankers were measured on paraphrased questions (tests/rulings/test_recall.py,
docs/search.md): pg_trgm's `similarity()` of the two questions, full-text
rank of the question against each ruling's question and answer, and trigram similarity
among the rulings sharing a stemmed word with the question. Trigram ranked the right
ruling first more often than full text; the full-text match keeps out rulings that only
look alike, so the third is the default. On SQLite (`make run`) the same trigram
similarity is computed in Python.

A question in a translation's language also reaches the rulings not yet translated: the
edition's game's glossary carries it over to English terms (`catalogue.glossary`), looked
for in each ruling's English question and answer with English stemming (the stored
`search_en` vector, within the edition). A ruling whose own question holds one of the
concepts the glossary knows scores by how much of the reader's question it covers: each
concept found in its question counts fully, found only in its answer counts `IN_ANSWER`,
and a word the glossary does not know weighs `UNKNOWN_WEIGHT` (it may still be a name the
English uses). The two lists are merged, each ruling with its better score.
"""

from dataclasses import dataclass
from functools import reduce
from operator import add, or_

from django.conf import settings
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

# Longer questions are cut here: the first few hundred characters say what is asked, and
# a pasted page must not make the comparison slow.
QUESTION_LIMIT = 500
# Full-text ranking ORs at most this many words of the question.
FULLTEXT_WORDS = 32


# How much a concept of the question counts when found only in a ruling's answer, and
# how much a word the glossary does not know weighs against the concepts it knows.
IN_QUESTION = 1.0
IN_ANSWER = 0.4
UNKNOWN_WEIGHT = 0.5
# A ruling is offered only when its question holds at least one concept the glossary
# knows: an answer mentions much that its ruling is not about.


def default_threshold():
    return settings.RULESAGE_RECALL_THRESHOLD


def answered_before(edition, question, *, limit=5, threshold=None, method=None, language=None):
    """The public rulings of `edition` (an Edition or its pk) most like `question`.

    Best first, at most `limit`, each with a `score` between 0 and 1 no lower than
    `threshold` (by default the RULESAGE_RECALL_THRESHOLD setting). `method` names the
    ranker (a key of RANKERS); the measurements compare them. `language` is the
    question's (by default the active one); in a translation's language, the glossary
    also finds English rulings (RULESAGE_GLOSSARY_RECALL_THRESHOLD).
    """
    question = clean_question(question)
    if not question or limit <= 0:
        return []
    language = (language or get_language() or SOURCE_LANGUAGE)[:2]
    threshold = default_threshold() if threshold is None else threshold
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
    terms = game_terms(game_id, language)
    expansion = expand(question, terms, language)
    if not expansion.known:
        return found
    return merged([found, through_glossary(rulings, expansion, limit)], limit)


def merged(lists, limit):
    """The rulings of both lists, each once with its better score, best first."""
    best = {}
    for ruling in (ruling for found in lists for ruling in found):
        if ruling.pk not in best or ruling.score > best[ruling.pk].score:
            best[ruling.pk] = ruling
    return sorted(best.values(), key=order)[:limit]


def order(ruling):
    """Best score first; on equal scores, the ruling whose question says least besides
    (`asked_size`, the words of its question, when the glossary scored it), then oldest."""
    return (-ruling.score, getattr(ruling, "asked_size", 0), ruling.pk)


@dataclass(frozen=True)
class Sought:
    """One concept of the question, as looked for in the English: its terms, its weight,
    and whether the glossary knows it (else its terms are the reader's own word)."""

    terms: tuple
    weight: float
    known: bool


def sought(expansion):
    return [
        Sought(concept.english, 1.0, True)
        if concept.known
        else Sought(concept.words, UNKNOWN_WEIGHT, False)
        for concept in expansion.concepts
    ]


def glossary_threshold():
    return settings.RULESAGE_GLOSSARY_RECALL_THRESHOLD


def through_glossary(rulings, expansion, limit):
    """The rulings whose English covers enough of the question's concepts, scored."""
    concepts = sought(expansion)
    if connection.vendor != "postgresql":
        return covered_in_python(rulings, concepts, limit)
    config = search_config(SOURCE_LANGUAGE)

    def query(terms):
        from django.contrib.postgres.search import SearchQuery

        # "tie-break" as its words (PostgreSQL would also want the hyphenated whole).
        return reduce(or_, (SearchQuery(term.replace("-", " "), config=config) for term in terms))

    vector = f"search_{SOURCE_LANGUAGE}"
    parts = [
        Case(
            When(asked=query(concept.terms), then=Value(concept.weight * IN_QUESTION)),
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
        .filter(score__gte=glossary_threshold())
        .annotate(asked_size=Func(F("asked"), function="length", output_field=IntegerField()))
        .defer("provenance", "retrieval")
        .select_related("edition")
        .order_by("-score", "asked_size", "pk")[:limit]
    )


class QuestionWeight(Func):
    """The part of a stored vector weighted A: a ruling's question (core.text_search)."""

    function = "ts_filter"
    template = "%(function)s(%(expressions)s, '{a}')"

    @property
    def output_field(self):
        from django.contrib.postgres.search import SearchVectorField

        return SearchVectorField()


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
                score += concept.weight * IN_QUESTION
                knows = knows or concept.known
            elif any(stems and set(stems) <= asked | answered for stems in alternatives):
                score += concept.weight * IN_ANSWER
        ruling.score, ruling.asked_size = score / total, len(asked)
        if knows and ruling.score >= glossary_threshold():
            scored.append(ruling)
    scored.sort(key=order)
    return scored[:limit]


def stems_of(text):
    return [stem for stem in word_stems(WORD_RE.findall(text), SOURCE_LANGUAGE) if stem]


def clean_question(question):
    """The question as compared: NULs dropped, whitespace collapsed, length bounded."""
    text = (question or "").replace("\x00", " ")
    return " ".join(text.split())[:QUESTION_LIMIT]


def localized(name, language=None):
    """`name` in the reader's language, falling back to the source language when empty."""
    language = (language or get_language() or SOURCE_LANGUAGE)[:2]
    source = F(build_localized_fieldname(name, SOURCE_LANGUAGE))
    if language == SOURCE_LANGUAGE:
        return source
    translated = NullIf(F(build_localized_fieldname(name, language)), Value(""))
    return Coalesce(translated, source, output_field=TextField())


def rank_by_trigram(rulings, question, limit, threshold):
    from django.contrib.postgres.search import TrigramSimilarity

    return list(
        rulings.annotate(score=TrigramSimilarity(localized("question"), question))
        .filter(score__gte=threshold)
        .select_related("edition")
        .order_by("-score", "pk")[:limit]
    )


def fulltext_parts(question):
    """The question as a full-text query any of whose stemmed words may match (a
    paraphrase shares some words with the ruling, rarely all), and each ruling's
    question (weighted above its answer) as the document; None when no word is left."""
    from django.contrib.postgres.search import SearchQuery, SearchVector

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
    from django.contrib.postgres.search import SearchRank

    query, vector = fulltext_parts(question)
    if query is None:
        return []
    return list(
        rulings.annotate(score=SearchRank(vector, query, normalization=32))
        .filter(score__gte=threshold, score__gt=0)
        .select_related("edition")
        .order_by("-score", "pk")[:limit]
    )


def rank_by_trigram_among_matches(rulings, question, limit, threshold):
    """Trigram similarity of the questions, among rulings sharing a stemmed word with the
    question: the trigram order ranked best, and the full-text match keeps out questions
    that only look alike ("What is the box size?" against "What breaks a tie?")."""
    query, vector = fulltext_parts(question)
    if query is None:
        return []
    if (get_language() or SOURCE_LANGUAGE)[:2] == SOURCE_LANGUAGE:
        # The stored English vector holds the same words (weights do not change a
        # match): read it rather than build one per ruling, which on an edition of
        # thousands of rulings is most of the page's time.
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
