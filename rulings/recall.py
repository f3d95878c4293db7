"""Answered-before recall: the public rulings of an edition most like a reader's question.

A reader about to ask "can one permanent resource pay for two buildings?" should first see
the rulings that already answer it, as the rules Q&A system does before answering. The
question is compared with each ruling's question in the reader's language (the English
one where no translation exists), on the edition's rulings only: an edition holds tens to
hundreds of rulings, so ranking them all costs a few milliseconds and needs no index.

Two rankers were measured on paraphrased questions (`bench/recall_methods.py`, and
tests/rulings/test_recall.py): pg_trgm's `similarity()` of the two questions, and
full-text rank of the question against each ruling's question and answer. Trigram
similarity ranked the right ruling first more often (README, "Answered-before recall"),
so it is the default; on SQLite (`make run`) the same similarity is computed in Python.
"""

from functools import reduce
from operator import or_

from django.conf import settings
from django.db import connection
from django.db.models import F, TextField, Value
from django.db.models.functions import Coalesce, NullIf
from django.utils.translation import get_language
from modeltranslation.utils import build_localized_fieldname

from core.text_search import WORD_RE, search_config, trigram_similarity
from core.translated_fields import SOURCE_LANGUAGE

from .models import Ruling

# Longer questions are cut here: the first few hundred characters say what is asked, and
# a pasted page must not make the comparison slow.
QUESTION_LIMIT = 500
# Full-text ranking ORs at most this many words of the question.
FULLTEXT_WORDS = 32


def default_threshold():
    return settings.RULESAGE_RECALL_THRESHOLD


def answered_before(edition, question, *, limit=5, threshold=None, method=None):
    """The public rulings of `edition` (an Edition or its pk) most like `question`.

    Best first, at most `limit`, each with a `score` between 0 and 1 no lower than
    `threshold` (by default the RULESAGE_RECALL_THRESHOLD setting). `method` names the
    ranker (a key of RANKERS); the measurements compare them.
    """
    question = clean_question(question)
    if not question or limit <= 0:
        return []
    threshold = default_threshold() if threshold is None else threshold
    edition_id = getattr(edition, "pk", edition)
    rulings = Ruling.objects.public().filter(edition_id=edition_id)
    if connection.vendor != "postgresql":
        return rank_in_python(rulings, question, limit, threshold)
    return RANKERS[method or DEFAULT_METHOD](rulings, question, limit, threshold)


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
