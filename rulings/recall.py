"""Answered-before recall: the public rulings of an edition most like a reader's question,
by trigram similarity among those sharing a stemmed word (docs/search.md); a question in
another language than the edition's is also carried over into the edition's language
(rulings.crossing)."""

from functools import reduce
from operator import or_

from django.conf import settings
from django.contrib.postgres.search import (
    SearchQuery,
    SearchRank,
    SearchVector,
    TrigramSimilarity,
)
from django.db import connection
from django.db.models import F, Q, TextField, Value
from django.db.models.functions import Coalesce, Greatest, NullIf
from django.utils import translation
from django.utils.translation import get_language
from modeltranslation.utils import build_localized_fieldname

from catalogue.glossary import expand, game_terms
from catalogue.models import Edition
from core.text_search import (
    WORD_RE,
    QuestionWeight,
    search_config,
    trigram_similarity,
    word_stems,
)
from core.translated_fields import SOURCE_LANGUAGE, stored

from .crossing import (
    UNKNOWN_WEIGHT,
    Sought,
    across,
    covering,
    known_words,
    order,
)
from .models import Ruling

# Longer questions are cut here: a pasted page must not make the comparison slow.
QUESTION_LIMIT = 500
FULLTEXT_WORDS = 32
# The full-text matches, best ranked first, whose questions the trigram step compares.
TRIGRAM_CANDIDATES = 500
# Ranked as the trigram step compares: by the words of the question (weight A), the answer's
# (B) counting only between questions alike.
RANK_WEIGHTS = [0.0, 0.0, 0.1, 1.0]
# How a question in another language than the edition's is carried over: by everything
# rulings.crossing knows (the default), or, as recall first did, by the accepted glossary
# alone and only from a translation's language into English (kept to measure against).
CARRY_ALL = "all"
CARRY_GLOSSARY = "glossary"


def answered_before(
    edition, question, *, limit=5, threshold=None, method=None, language=None, carry=CARRY_ALL
):
    """The public rulings of `edition` most like `question`, best first, each with a
    `score` (0 to 1) of at least `threshold`; `method` names a ranker, `carry` how a
    question in another language crosses over."""
    question = " ".join((question or "").replace("\x00", " ").split())[:QUESTION_LIMIT]
    if not question or limit <= 0:
        return []
    language = (language or get_language() or SOURCE_LANGUAGE)[:2]
    if threshold is None:
        threshold = settings.RULESAGE_RECALL_THRESHOLD
    edition_id = getattr(edition, "pk", edition)
    rulings = Ruling.objects.public().filter(edition_id=edition_id)
    game_id, edition_language = edition_facts(edition)

    def written_in(code):
        """Whether any of the edition's rulings has words in `code`: an edition no one has
        translated need not be looked for in the translation's index."""
        if code == edition_language[:2]:
            return True
        return bool(known_words(rulings, code, game_id, edition_id)[0])

    with translation.override(language):
        if connection.vendor != "postgresql":
            found = rank_in_python(rulings, question, limit, threshold)
        elif (method or DEFAULT_METHOD) == DEFAULT_METHOD:
            found = rank_by_trigram_among_matches(rulings, question, limit, threshold, written_in)
        else:
            found = RANKERS[method](rulings, question, limit, threshold)
    if carry == CARRY_GLOSSARY:
        return through_glossary_only(game_id, rulings, question, language, found, limit)
    if language == edition_language[:2]:
        return found
    concepts = across(rulings, question, language, edition_language[:2], game_id, edition_id)
    return merged([found, covering(rulings, concepts, edition_language[:2], limit)], limit)


def edition_facts(edition):
    """(game id, language) of an edition or its primary key."""
    if hasattr(edition, "game_id") and hasattr(edition, "language"):
        return edition.game_id, edition.language or SOURCE_LANGUAGE
    row = Edition.objects.filter(pk=edition).values_list("game_id", "language").first()
    return row or (None, SOURCE_LANGUAGE)


def through_glossary_only(game_id, rulings, question, language, found, limit):
    """Recall as it crossed languages before rulings.crossing: a translation's language into
    English, by the accepted glossary alone."""
    if language == SOURCE_LANGUAGE:
        return found
    expansion = expand(question, game_terms(game_id, language), language)
    if not expansion.known:
        return found
    # The reader's own words looked for as they are, the accepted glossary alone carrying them.
    return merged([found, covering(rulings, sought(expansion), SOURCE_LANGUAGE, limit)], limit)


def merged(lists, limit):
    best = {}
    for ruling in (ruling for found in lists for ruling in found):
        if ruling.pk not in best or ruling.score > best[ruling.pk].score:
            best[ruling.pk] = ruling
    return sorted(best.values(), key=order)[:limit]


def sought(expansion):
    return [
        Sought(c.english, 1.0, True) if c.known else Sought(c.words, UNKNOWN_WEIGHT, False)
        for c in expansion.concepts
    ]


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


def any_word(words, language):
    """A query any of `words`, stemmed in `language`, matches (a paraphrase shares some
    words, rarely all)."""
    return reduce(or_, (SearchQuery(word, config=search_config(language)) for word in words))


def rank_by_fulltext(rulings, question, limit, threshold):
    """Full-text rank of any stemmed word, the question weighted above the answer,
    normalised as rank/(rank+1) so the score stays below 1."""
    words = WORD_RE.findall(question)[:FULLTEXT_WORDS]
    if not words:
        return []
    config = search_config(get_language())
    query = any_word(words, get_language())
    vector = SearchVector(localized("question"), weight="A", config=config) + SearchVector(
        localized("answer"), weight="D", config=config
    )
    found = best(rulings, SearchRank(vector, query, normalization=32), limit, threshold)
    return [ruling for ruling in found if ruling.score > 0]  # zeros come last: none is missed


def rank_by_trigram_among_matches(rulings, question, limit, threshold, written_in):
    """Trigram similarity among rulings sharing a stemmed word: keeps out questions that
    only look alike. `written_in(code)`: whether the rulings have words in language `code`
    (a common word's index entry lists much of the catalogue, however few are searched)."""
    language = (get_language() or SOURCE_LANGUAGE)[:2]
    words = WORD_RE.findall(question)[:FULLTEXT_WORDS]
    sought = {language: words}
    if language != SOURCE_LANGUAGE:
        # A ruling not translated is read in English: the question's content words as written.
        stems = word_stems(words, language)
        sought[SOURCE_LANGUAGE] = [word for word, stem in zip(words, stems, strict=True) if stem]
    queries = {
        code: any_word(found, code) for code, found in sought.items() if found and written_in(code)
    }
    if not queries:
        return []
    # The stored vectors hold the same words: building one per ruling is slow. Common words
    # match much of a large edition: only the best matches by rank (read from those vectors)
    # are compared letter by letter, so a question's work stops growing with the edition.
    ranks = [
        SearchRank(F(f"search_{code}"), query, weights=RANK_WEIGHTS)
        for code, query in queries.items()
    ]
    ranked = (
        rulings.annotate(
            rank=Greatest(*ranks) if len(ranks) > 1 else ranks[0],
            **{f"asked_{code}": QuestionWeight(F(f"search_{code}")) for code in queries},
        )
        .order_by("-rank", "pk")
        .values_list("pk", flat=True)
    )

    # A word in a ruling's question weighs ten times one in its answer: when enough questions
    # hold one, the best ranked are among them (unless an answer alone holds seven words
    # more), which the questions' own index finds without reading every answer holding one.
    def matching(column):
        return reduce(or_, (Q(**{f"{column}_{code}": query}) for code, query in queries.items()))

    chosen = list(ranked.filter(matching("asked"))[:TRIGRAM_CANDIDATES])
    if len(chosen) < TRIGRAM_CANDIDATES:
        chosen = ranked.filter(matching("search"))[:TRIGRAM_CANDIDATES]
    return rank_by_trigram(rulings.filter(pk__in=chosen), question, limit, threshold)


def rank_in_python(rulings, question, limit, threshold):
    """SQLite has no pg_trgm: the same trigram similarity, over the edition's questions."""
    language = (get_language() or SOURCE_LANGUAGE)[:2]
    scored = []
    for ruling in rulings.select_related("edition"):
        text = stored(ruling, "question", language) or stored(ruling, "question", SOURCE_LANGUAGE)
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
