"""Reading a game's glossary: a translated question's content words, stemmed as the search
vectors are, become *concepts* (the longest run a rendering matches, with its English terms;
an unknown word, with none) that recall and search look for in English; and a translation
that renders a term otherwise than the glossary says, everyday words left out."""

from collections import Counter, defaultdict
from dataclasses import dataclass

from core.cache_tags import game
from core.page_cache import remembered
from core.text_search import WORD_RE, fold_accents, word_set, word_stems

from .models import GlossaryTerm
from .models.glossary import term_stems

# The words that say a question is one, not what it is about (accent-folded; the stemmer
# drops stop words already).
QUESTION_WORDS = {
    "es": word_set(
        """
        que quien quienes como cuando donde cual cuales cuanto cuanta cuantos cuantas
        porque puedo puede puedes podemos pueden podria podriamos poder debo debe debes
        debemos deben deberia tengo tiene tienes tenemos tienen tener hay pasa pasaria
        ocurre sucede hago hace hacemos hacer hacerlo vale valido permite permitido si
        alguien algo exactamente realmente entonces caso
        """
    ),
    "en": word_set("what who whom which when where why how can could may might"),
}
# Stem-changing verbs: the stem as written, and as the infinitive's stem reads.
VOWEL_CHANGES = {"es": [("ue", "o"), ("ue", "u"), ("ie", "e"), ("ie", "i")]}
# A question is read up to this many words (a pasted page is not a question).
MAX_WORDS = 32
# English words games also use in their everyday sense ("use a card", "an empty space"): a
# guide writes them without naming a rule, so a translation is not asked to carry the
# glossary's rendering of one of them alone ("empty space", a longer term, still is).
EVERYDAY_WORDS = word_set("use take put place get make have give keep go see show space way time")
# A one-word term is everyday for a game, too, when its own guides write it in at least this
# many English lines and render it as the glossary says in fewer than half as many lines of
# the translation: its translators do not treat it as a term.
EVERYDAY_MIN_LINES = 4


@dataclass(frozen=True)
class Term:
    english: str
    translation: str
    stems: tuple  # the rendering's content words, stemmed
    words: tuple  # the same words as written, accent-folded
    variant: bool
    game_id: int


@dataclass(frozen=True)
class Concept:
    """What one run of the reader's words stands for: the glossary's English terms for
    it, or none when the glossary does not know the word."""

    words: tuple
    english: tuple = ()
    games: frozenset = frozenset()  # the games whose glossary gave the English terms

    @property
    def known(self):
        return bool(self.english)


@dataclass(frozen=True)
class Expansion:
    concepts: tuple

    @property
    def known(self):
        """The concepts the glossary carries into English."""
        return [concept for concept in self.concepts if concept.known]

    @property
    def games(self):
        return frozenset().union(*(concept.games for concept in self.known))


def read_terms(queryset, language):
    terms = []
    for row in queryset.only("english", "translation", "stems", "variant", "game_id"):
        written = WORD_RE.findall(row.translation)
        words = tuple(
            fold_accents(word)
            for word, stem in zip(written, word_stems(written, language), strict=True)
            if stem
        )
        if row.stems:
            stems = tuple(row.stems.split())
            terms.append(Term(row.english, row.translation, stems, words, row.variant, row.game_id))
    return terms


def game_terms(game_id, language):
    """The glossary of one game in `language`, remembered until the game changes."""
    if not game_id:
        return []
    return remembered(
        f"glossary:{game_id}:{language}",
        lambda: read_terms(
            GlossaryTerm.objects.filter(game_id=game_id, language=language), language
        ),
        [game(game_id)],
    )


def terms_for_words(words, language):
    """The glossary terms of every game whose rendering starts with a stem of `words`, found
    by the `head` index: what a search of all games is expanded with."""
    tokens = content_tokens(list(words), language)
    heads = {form for _word, stem in tokens for form in stem_forms(stem, language)}
    if not heads:
        return []
    return read_terms(GlossaryTerm.objects.filter(language=language, head__in=heads), language)


def stem_forms(stem, language):
    forms = {stem}
    for written, read in VOWEL_CHANGES.get(language, ()):
        if written in stem:
            forms.add(stem.replace(written, read, 1))
    return forms


def content_tokens(words, language):
    """(word, stem) of each word that may say what a question is about, in order."""
    words = words[:MAX_WORDS]
    question_words = QUESTION_WORDS.get(language, frozenset())
    return [
        (word, stem)
        for word, stem in zip(words, word_stems(words, language), strict=True)
        if stem and fold_accents(word) not in question_words
    ]


def expand(text, terms, language):
    """`text` (a question, or a search's words) as the concepts `terms` make of it."""
    words = text if isinstance(text, list | tuple) else WORD_RE.findall(text)
    tokens = content_tokens(list(words), language)
    return Expansion(tuple(concepts(tokens, terms, language)))


def concepts(tokens, terms, language):
    """The tokens as concepts, left to right, each the longest rendering starting there."""
    lengths = sorted({len(term.stems) for term in terms}, reverse=True)
    found, seen, position = [], set(), 0
    while position < len(tokens):
        matching = longest_match(tokens[position:], terms, lengths, language)
        length = len(matching[0].stems) if matching else 1
        words = tuple(word for word, _stem in tokens[position : position + length])
        english = tuple(sorted({term.english for term in matching}))
        key = english or words
        if key not in seen:
            seen.add(key)
            found.append(Concept(words, english, frozenset(t.game_id for t in matching)))
        position += length
    return found


def longest_match(tokens, terms, lengths, language):
    """The terms whose rendering the tokens start with, the longest and then closest first."""
    for length in lengths:
        span = tokens[:length]
        if len(span) < length:
            continue
        ranked = defaultdict(list)
        for term in terms:
            if len(term.stems) == length:
                closeness = match_closeness(term, span, language)
                if closeness is not None:
                    ranked[closeness].append(term)
        if ranked:
            return ranked[min(ranked)]
    return []


def match_closeness(term, span, language):
    """0 when `span` ((word, stem) pairs) is the rendering as written ("juego", the game), 1
    when it has the same stems ("juega"), 2 through a changed stem vowel ("jugar")."""
    if term.words == tuple(fold_accents(word) for word, _stem in span):
        return 0
    if term.stems == tuple(stem for _word, stem in span):
        return 1
    forms = [stem_forms(stem, language) for _word, stem in span]
    if all(stem in forms[i] for i, stem in enumerate(term.stems)):
        return 2
    return None


def used_terms(text, terms, language, key):
    """The `terms` whose `key` side ("english" or "translation") `text` uses."""
    if key == "english":
        language = "en"
        stem_sets = {term: tuple(term_stems(term.english, language)) for term in terms}
    else:
        stem_sets = {term: term.stems for term in terms}
    sequence = [stem_forms(stem, language) for stem in term_stems(text, language)]
    return {term for term, stems in stem_sets.items() if stems and occurs(stems, sequence)}


def occurs(term_stems, sequence):
    length = len(term_stems)
    return any(
        all(stem in sequence[start + i] for i, stem in enumerate(term_stems))
        for start in range(len(sequence) - length + 1)
    )


@dataclass(frozen=True)
class Inconsistency:
    """An English term the original uses whose expected rendering the translation lacks."""

    english: str
    expected: tuple


def inconsistent_renderings(english_text, translated_text, terms, language):
    """Glossary terms the English text uses and the translation renders otherwise: no
    rendering the glossary expects (its variants aside) appears in the translation."""
    terms = [term for term in terms if term.stems]
    if not terms or not english_text or not translated_text:
        return []
    in_english = used_terms(english_text, terms, language, "english")
    in_translation = used_terms(translated_text, terms, language, "translation")
    expected = defaultdict(list)
    for term in terms:
        if term in in_english and not term.variant:
            expected[term.english].append(term)
    return [
        Inconsistency(english, tuple(term.translation for term in renderings))
        for english, renderings in sorted(expected.items())
        if not any(term in in_translation for term in renderings)
    ]


def everyday_terms(terms, english_lines, translated_lines, language):
    """The English of the one-word `terms` too common to be terms: an `EVERYDAY_WORDS` word,
    or one the game's own texts (`english_lines` and their translation, `translated_lines`)
    write often in English and seldom render as the glossary says."""
    everyday_stems = set(term_stems(" ".join(EVERYDAY_WORDS), "en"))
    one_word = {}
    for term in terms:
        stems = term_stems(term.english, "en")
        if len(stems) == 1 and term.stems and not term.variant:
            one_word.setdefault(term.english, stems[0])
    everyday = {english for english, stem in one_word.items() if stem in everyday_stems}
    checked = [term for term in terms if term.english in one_word.keys() - everyday]
    written = Counter(
        english for line in english_lines for english in words_used(line, checked, "english")
    )
    rendered = Counter(
        english
        for line in translated_lines
        for english in words_used(line, checked, "translation", language)
    )
    return everyday | {
        english
        for english, count in written.items()
        if count >= EVERYDAY_MIN_LINES and 2 * rendered[english] < count
    }


def words_used(line, terms, key, language="en"):
    """The English of the `terms` whose `key` side one line uses, once each."""
    return {term.english for term in used_terms(line, terms, language, key)}
