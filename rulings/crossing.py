"""Recall across languages: each content word of a reader's question is carried into the
edition's language by the game's glossary, its pending suggestions, or the words both
languages write alike; rulings are ranked by how much of the question their text covers
(docs/search.md, "Recall across languages")."""

import re
from collections import namedtuple
from functools import reduce
from operator import add, or_
from os.path import commonprefix

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.search import SearchQuery
from django.db import connection
from django.db.models import Case, F, FloatField, Func, IntegerField, TextField, Value, When

from catalogue.glossary import Term, expand, game_terms
from catalogue.models import GlossarySuggestion
from core.cache_tags import game_rulings
from core.page_cache import remembered
from core.text_search import WORD_RE, QuestionWeight, fold_accents, search_config, word_stems
from core.translated_fields import SOURCE_LANGUAGE

# How much a concept of the question counts when found only in a ruling's answer, and how
# much a word nothing carries over weighs (it may be a name the other language writes alike).
IN_ANSWER = 0.4
UNKNOWN_WEIGHT = 0.5
# A word carried over only because it looks like one of the edition's words counts less than
# one a translator wrote: cognates have false friends ("partida" is no "part").
SHARED_WEIGHT = 0.8
# Cognates: at least this many letters in common from the start.
COGNATE_PREFIX = 4
# A question word is carried to at most this many of the edition's words.
SHARED_PER_WORD = 3
# The suggestions read, best first: a game's are a few dozen; this only bounds a strange one.
SUGGESTIONS_READ = 500

# A concept of the question as looked for in the edition's language: `terms` are written
# words (stemmed by the edition's configuration), `lexemes` the edition's own stored words.
Sought = namedtuple("Sought", "terms weight known lexemes", defaults=((),))


def across(rulings, question, language, edition_language, game_id, edition_id=None):
    """The concepts of `question` (in `language`) carried into `edition_language`."""
    vocabulary, groups = known_words(rulings, edition_language, game_id, edition_id)
    terms = carrying_terms(game_id, language, edition_language)
    found = []
    for concept in expand(question, terms, language).concepts:
        if concept.known:
            found.append(Sought(concept.english, 1.0, True))
            continue
        shared = shared_words(concept.words, language, edition_language, vocabulary, groups)
        if shared:
            found.append(Sought((), SHARED_WEIGHT, True, shared))
        else:
            found.append(Sought((), UNKNOWN_WEIGHT, False))
    return found


def carrying_terms(game_id, language, edition_language):
    """Glossary terms turned to read `language` and give `edition_language` (the glossary
    is kept English ↔ translation): the accepted ones, then the pending suggestions the
    glossary does not already hold."""
    translated = edition_language if language == SOURCE_LANGUAGE else language
    accepted = game_terms(game_id, translated)
    known = {side.casefold() for term in accepted for side in (term.english, term.translation)}
    suggested = [
        make_term(english, rendering, translated, game_id)
        for english, rendering in GlossarySuggestion.objects.filter(
            game_id=game_id, language=translated, status=GlossarySuggestion.Status.SUGGESTED
        )
        .order_by("-score", "pk")
        .values_list("english", "translation")[:SUGGESTIONS_READ]
        if english.casefold() not in known and rendering.casefold() not in known
    ]
    terms = list(accepted) + [term for term in suggested if term.stems]
    if language != SOURCE_LANGUAGE:
        return terms
    # An English question: the English side is what is read, the rendering what is sought.
    turned = [make_term(term.translation, term.english, SOURCE_LANGUAGE, game_id) for term in terms]
    return [term for term in turned if term.stems]


def make_term(sought, written, language, game_id):
    """A term whose `written` side (in `language`) the question is read for, `sought` what
    recall then looks for (kept in the glossary's `english` slot, as `expand` reads it)."""
    words = WORD_RE.findall(written)
    stems = word_stems(words, language)
    kept = [(word, stem) for word, stem in zip(words, stems, strict=True) if stem]
    return Term(
        sought,
        written,
        tuple(stem for _word, stem in kept),
        tuple(fold_accents(word) for word, _stem in kept),
        False,
        game_id,
    )


def known_words(rulings, language, game_id, edition_id):
    """The edition's words ({folded: its stored word, or a tuple of several}) and their
    groups by the first COGNATE_PREFIX letters of their cognate keys (a cognate shares at
    least those, so a word is compared with its own group alone), remembered until one of
    its game's rulings changes: reading them grows with the edition, a question must not.
    Shared by every question: none may change them."""

    def read():
        vocabulary = {
            folded: next(iter(stored)) if len(stored) == 1 else tuple(sorted(stored))
            for folded, stored in edition_words(rulings, language).items()
        }
        groups = {}
        for word in vocabulary:
            if len(word) >= COGNATE_PREFIX:
                groups.setdefault(cognate_key(word)[:COGNATE_PREFIX], []).append(word)
        return vocabulary, groups

    if edition_id is None or game_id is None:
        return read()
    key = f"edition-words:{edition_id}:{language}"
    return remembered(key, read, [game_rulings(game_id)], shared=True)


def stored_words(vocabulary, folded):
    found = vocabulary[folded]
    return (found,) if isinstance(found, str) else found


def edition_words(rulings, language):
    """{accent-folded word: the stored words it stands for} of the rulings' text in
    `language`: on PostgreSQL the lexemes of their stored vectors, elsewhere the same stems
    made in Python (one query either way)."""
    words = {}
    if connection.vendor == "postgresql":
        # Each stored word once, however many rulings hold it.
        stored = Func(
            F(f"search_{language}"),
            function="tsvector_to_array",
            output_field=ArrayField(TextField()),
        )
        lexemes = (
            rulings.annotate(word=Func(stored, function="unnest", output_field=TextField()))
            .order_by()
            .values_list("word", flat=True)
            .distinct()
        )
        for lexeme in lexemes.iterator():
            words.setdefault(fold_accents(lexeme), set()).add(lexeme)
        return words
    texts = rulings.values_list(f"question_{language}", f"answer_{language}")
    for question, answer in texts.iterator():
        for stem in stems_of(f"{question or ''} {answer or ''}", language):
            words.setdefault(stem, set()).add(stem)
    return words


def shared_words(words, language, edition_language, vocabulary, groups):
    """The edition's stored words that `words` (one concept) write alike: the same word,
    number or stem in either language, else cognates (`groups`: the `vocabulary`'s words
    by their cognate keys' first letters), the longest shared start first."""
    found = set()
    for word in words:
        forms = {fold_accents(word), *word_stems([word], language)}
        forms |= set(word_stems([word], edition_language))
        forms.discard("")
        exact = [stored_words(vocabulary, form) for form in forms if form in vocabulary]
        if exact:
            found.update(*exact)
            continue
        if word.isdigit():
            continue
        keys = {cognate_key(form) for form in forms if len(form) >= COGNATE_PREFIX}
        if not keys:
            continue
        group = {folded for key in keys for folded in groups.get(key[:COGNATE_PREFIX], ())}
        near = sorted(
            (-max(alike(key, cognate_key(folded)) for key in keys), folded) for folded in group
        )
        for score, folded in near[:SHARED_PER_WORD]:
            if score < 0:
                found.update(stored_words(vocabulary, folded))
    return tuple(sorted(found))


# Spellings the two languages give the same sounds: compared after these are made one.
SPELLINGS = [
    ("tion", "cion"),
    ("ph", "f"),
    ("th", "t"),
    ("ch", "c"),
    ("qu", "c"),
    ("k", "c"),
    ("y", "i"),
    ("ae", "e"),
]
DOUBLED = re.compile(r"(.)\1")
# Spanish writes "es" before an initial s and consonant ("estrategia", strategy).
SPANISH_ES = re.compile(r"^es(?=[bcdfgklmnpqrstvw])")


def cognate_key(word):
    key = fold_accents(word)
    for spelled, said in SPELLINGS:
        key = key.replace(spelled, said)
    return SPANISH_ES.sub("", DOUBLED.sub(r"\1", key))


def alike(left, right):
    """The letters two keys share from the start when they make them cognates (all of the
    shorter, but perhaps its last letter, and at least COGNATE_PREFIX), else 0."""
    shared = len(commonprefix([left, right]))
    if shared >= COGNATE_PREFIX and shared >= min(len(left), len(right)) - 1:
        return shared
    return 0


def covering(rulings, concepts, language, limit):
    """The rulings whose text in `language` covers enough of `concepts`; only those whose
    question holds a carried concept (an answer mentions much)."""
    if not any(concept.known for concept in concepts):
        return []
    if connection.vendor != "postgresql":
        return covered_in_python(rulings, concepts, limit, language)
    config = search_config(language)

    def query(concept):
        # "tie-break" as its words (PostgreSQL would also want the hyphenated whole); a
        # stored word as it is stored ("simple" leaves it so).
        written = [SearchQuery(term.replace("-", " "), config=config) for term in concept.terms]
        stored = [SearchQuery(lexeme, config="simple") for lexeme in concept.lexemes]
        return reduce(or_, written + stored)

    vector = f"search_{language}"
    looked_for = [concept for concept in concepts if concept.terms or concept.lexemes]
    parts = [
        Case(
            When(asked=query(concept), then=Value(concept.weight)),
            When(**{vector: query(concept)}, then=Value(concept.weight * IN_ANSWER)),
            default=Value(0.0),
            output_field=FloatField(),
        )
        for concept in looked_for
    ]
    total = sum(concept.weight for concept in concepts)
    known = reduce(or_, (query(concept) for concept in looked_for if concept.known))
    return list(
        # Matched by the question's part of the vector, which has an index of its own.
        rulings.annotate(asked=QuestionWeight(F(vector)))
        .filter(asked=known)
        .annotate(score=reduce(add, parts) / Value(total))
        .filter(score__gte=settings.RULESAGE_GLOSSARY_RECALL_THRESHOLD)
        .annotate(asked_size=Func(F("asked"), function="length", output_field=IntegerField()))
        .defer("provenance", "retrieval")
        .select_related("edition")
        .order_by("-score", "asked_size", "pk")[:limit]
    )


def covered_in_python(rulings, concepts, limit, language=SOURCE_LANGUAGE):
    """SQLite: the same coverage, stemming the edition's rulings in Python."""
    total = sum(concept.weight for concept in concepts)
    wanted = [
        (
            concept,
            [stems_of(term, language) for term in concept.terms]
            + [[lexeme] for lexeme in concept.lexemes],
        )
        for concept in concepts
    ]
    scored = []
    for ruling in rulings.select_related("edition"):
        asked = set(stems_of(getattr(ruling, f"question_{language}") or "", language))
        answered = set(stems_of(getattr(ruling, f"answer_{language}") or "", language))
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


def order(ruling):
    """Best score first, then the ruling whose question says least besides, then oldest."""
    return (-ruling.score, getattr(ruling, "asked_size", 0), ruling.pk)


def stems_of(text, language):
    return [stem for stem in word_stems(WORD_RE.findall(text), language) if stem]
