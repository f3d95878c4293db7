"""Glossary pairs mined from translations the translators already wrote: aligned pairs of an
English text and its translation (a guide block and the same block in Spanish, a ruling's
question or answer in both languages) say which words render which.

The method, kept simple enough to explain to a translator (docs/search.md, "Glossary
suggestions"):

1. Each aligned pair is split into sentences; when both sides have as many, they are paired
   one by one, otherwise the pair stays whole. Each such *unit* is one observation; one
   longer than UNIT_WORDS words on a side is left out, as it pairs too many words to tell.
2. A unit's terms are runs of one or two content words in English and of one to three in the
   translation, stemmed and with function words dropped as core.text_search does ("tormenta
   de arena" → torment aren); a run does not cross punctuation, and numbers are no terms.
3. For an English term e and a rendering t, c(e, t) counts the units holding both, and the
   score is Dice's coefficient 2·c(e, t) / (c(e) + c(t)) times c(e, t) / (c(e, t) + 1), so that
   a pair met twice counts for less than one met eight times. A pair must share MIN_UNITS units.
4. Pairs are linked best first, each English term and each rendering used once (competitive
   linking), so a word that only stands beside a term ("carta" beside "Tormenta") does not
   take its place. A longer rendering holding a shorter one wins when it keeps LONGER_KEEPS of
   its score: translations spell a term out ("tormenta de arena") and shorten it once known.

Words both sides write alike (names, the English term quoted in the translation) are left to
recall, which already matches them; the rest is for a translator to accept or reject.
"""

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import product

from django.utils.html import strip_tags

from core.text_search import WORD_RE, fold_accents, word_stems

MIN_UNITS = 2
MIN_SCORE = 0.5
LONGER_KEEPS = 0.8
MAX_WORDS = {"en": 2, "other": 3}
MAX_UNITS = 5000  # enough to learn a game's terms; the rest only costs time
UNIT_WORDS = 80
EXAMPLES = 3
SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+")
# What may stand between two words of one term: spaces and function words, no punctuation.
SAME_RUN = re.compile(r"^[\s\w]*$")


@dataclass
class Mined:
    english: str
    translation: str
    score: float
    sources: list = field(default_factory=list)  # [[English, translation], …]


def units(pairs):
    """The aligned (English, translation) units of `pairs`, as plain text."""
    found = []
    for english, translated in pairs:
        english, translated = plain(english), plain(translated)
        if not english or not translated:
            continue
        left, right = SENTENCE_END.split(english), SENTENCE_END.split(translated)
        paired = (
            zip(left, right, strict=True) if len(left) == len(right) else [(english, translated)]
        )
        found += [unit for unit in paired if max(map(words, unit)) <= UNIT_WORDS]
        if len(found) >= MAX_UNITS:
            break
    return found[:MAX_UNITS]


def words(text):
    return len(WORD_RE.findall(text))


def plain(text):
    """Tags become spaces: "find.</p><ul><li>Treasure" is two sentences."""
    return " ".join(strip_tags((text or "").replace("<", " <")).split())


def terms(text, language, longest):
    """{stem run: the words as written} for the runs of 1 to `longest` content words."""
    matches = list(WORD_RE.finditer(text))
    stems = word_stems([match.group() for match in matches], language)
    tokens = [
        (stem, match)
        for stem, match in zip(stems, matches, strict=True)
        if stem and not match.group().isdigit()
    ]
    found = {}
    for start in range(len(tokens)):
        for end in range(start + 1, min(start + longest, len(tokens)) + 1):
            if end - start > 1:
                gap = text[tokens[end - 2][1].end() : tokens[end - 1][1].start()]
                if not SAME_RUN.match(gap):
                    break
            run = tuple(stem for stem, _match in tokens[start:end])
            found.setdefault(run, text[tokens[start][1].start() : tokens[end - 1][1].end()])
    return found


def mine(pairs, language):
    """The term pairs `pairs` ((English, translation) texts) suggest, best first."""
    aligned = units(pairs)
    english_count, translated_count, together = Counter(), Counter(), Counter()
    written = defaultdict(Counter)
    english_in, translated_in = defaultdict(set), defaultdict(set)  # run: its units' numbers
    for number, (english, translated) in enumerate(aligned):
        left = terms(english, "en", MAX_WORDS["en"])
        right = terms(translated, language, MAX_WORDS["other"])
        english_count.update(left.keys())
        translated_count.update(right.keys())
        together.update(product(left, right))
        for run, words in left.items():
            written[run][words] += 1
            english_in[run].add(number)
        for run, words in right.items():
            written[run][words] += 1
            translated_in[run].add(number)
    scores = {
        (e, t): 2 * count / (english_count[e] + translated_count[t]) * count / (count + 1)
        for (e, t), count in together.items()
        if count >= MIN_UNITS and not alike(usual(written[e]), usual(written[t]))
    }
    scores = {pair: score for pair, score in scores.items() if score >= MIN_SCORE}
    return [
        Mined(
            english=usual(written[e]),
            translation=usual(written[t]),
            score=round(score, 3),
            sources=[
                list(aligned[n])
                for n in sorted(
                    english_in[e] & translated_in[t], key=lambda n: (len(aligned[n][0]), n)
                )
            ][:EXAMPLES],
        )
        for (e, t), score in link(scores)
    ]


def link(scores):
    """Competitive linking, a longer rendering preferred over the shorter one it holds."""
    preferred = {}
    for (e, t), score in scores.items():
        longer = [
            (other, other_score)
            for (e2, other), other_score in scores.items()
            if e2 == e
            and len(other) > len(t)
            and holds(other, t)
            and other_score >= LONGER_KEEPS * score
        ]
        if longer:
            continue
        preferred[e, t] = score
    linked, used_e, used_t = [], set(), set()
    ranked = sorted(preferred.items(), key=lambda item: (-item[1], len(item[0][1]), item[0]))
    for (e, t), score in ranked:
        if e in used_e or t in used_t or any(overlaps(e, other) for other in used_e):
            continue
        if any(overlaps(t, other) for other in used_t):
            continue
        used_e.add(e)
        used_t.add(t)
        linked.append(((e, t), score))
    return linked


def holds(longer, shorter):
    return any(
        longer[i : i + len(shorter)] == shorter for i in range(len(longer) - len(shorter) + 1)
    )


def overlaps(run, other):
    return bool(set(run) & set(other))


def usual(forms):
    """The way of writing a term met most often (the first met, on a tie)."""
    return forms.most_common(1)[0][0]


def alike(english, translated):
    """Every word of the rendering is the English one's (a name, or the English term quoted in
    the translation): recall matches it without a glossary."""
    left = {fold_accents(word) for word in WORD_RE.findall(english)}
    return {fold_accents(word) for word in WORD_RE.findall(translated)} <= left
