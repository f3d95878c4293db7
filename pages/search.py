"""Site search over guides, rulings and rulebook passages, in the reader's language (its
own backend, "site_<code>"). A reader of a translation also finds what exists only in
English: the games' glossaries carry the query's words over to English terms."""

import difflib
import html
import re
from collections import namedtuple
from dataclasses import dataclass

from django.core.paginator import Paginator
from django.db.models import Q
from django.utils.functional import cached_property
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from modelsearch.query import And, Or, PlainText
from wagtail.search.backends import get_search_backend

from catalogue.glossary import expand, game_terms, terms_for_words
from catalogue.models import Document, Edition, Game, Passage
from core.cache_tags import LISTS
from core.page_cache import remembered
from core.pages import public
from core.pagination import page_or_404
from core.text_search import WORD_RE, localized_search_fields
from core.translated_fields import SOURCE_LANGUAGE, stored, translation_columns
from guides.models import GamePage, GuidePage, GuideSource
from guides.models.games import with_games
from rulings.models import Ruling

# A query is the words of what was typed (no search syntax), a pasted page cut short.
QUERY_LIMIT = 200
MAX_WORDS = 12
PER_PAGE = 10
PREVIEW = 3
SNIPPET_LENGTH = 220
MARKDOWN_RE = re.compile(r"\[\d+\]|[#*_>`]+")
CONTROL_RE = re.compile("[\x00-\x1f\x7f-\x9f]")


Kind = namedtuple("Kind", "key label")
KINDS = [
    Kind("guides", _("Guides")),
    Kind("rulings", _("Rulings")),
    Kind("passages", _("Rulebook passages")),
]


@dataclass
class Filters:
    game: Game | None = None
    edition: Edition | None = None

    def editions(self, games=None):
        """The editions searched (chosen, the chosen game's, else `games`'), or None: all."""
        if self.edition is not None:
            return Edition.objects.filter(pk=self.edition.pk).values("pk")
        if self.game is not None:
            return Edition.objects.filter(game=self.game).values("pk")
        if games is not None:
            return Edition.objects.filter(game_id__in=games).values("pk")
        return None


def every_language(*names):
    """Each translated field and its per-language columns (reading it falls back to English)."""
    return [column for name in names for column in translation_columns(name)]


def guides(language, filters):
    """Live public guides: below the chosen game's page, checked against the chosen edition."""
    pages = public(GuidePage.objects.live())
    pages = pages.only(
        "path", "depth", f"search_text_{language}", *every_language("title", "slug", "url_path")
    )
    fields = localized_search_fields(["search_text"], language)
    if filters.game is not None:
        game_page = GamePage.objects.filter(game=filters.game).only("path", "depth").first()
        if game_page is None:
            return pages.none(), fields
        pages = pages.descendant_of(game_page)
    if filters.edition is not None:
        sources = GuideSource.objects.filter(document__edition=filters.edition)
        pages = pages.filter(id__in=sources.values("page_id"))
    return pages, fields


def rulings(language, filters, games=None, found=None):
    """Public rulings with only what a hit shows: whole rows cost more than the search."""
    found = (Ruling.objects.all() if found is None else found).public()
    found = found.select_related("edition__game")
    if (editions := filters.editions(games)) is not None:
        found = found.filter(edition_id__in=editions)
    found = found.only(
        "slug",
        f"answer_{language}",
        "edition__code",
        "edition__game__id",
        *every_language("question", "edition__label", "edition__game__name"),
    )
    return found, localized_search_fields(["question", "answer"], language)


def passages(language, filters, games=None):
    """Passages written in `language` (their own column: its search vector and index hold
    that language's passages alone)."""
    found = Passage.objects.filter(language=language)
    if (editions := filters.editions(games)) is not None:
        documents = Document.objects.filter(edition__in=editions)
        found = found.filter(document_id__in=documents.values("pk"))
    found = found.select_related("document__edition__game").only(
        "page",
        "heading_path",
        "text",
        "anchor",
        "language",  # its location's heading is marked with it
        "document__edition__code",
        "document__edition__language",
        "document__edition__game__id",
        *every_language(
            "document__title", "document__edition__label", "document__edition__game__name"
        ),
    )
    return found, ["heading_path", "text"]


QUERYSETS = {"guides": guides, "rulings": rulings, "passages": passages}


def english_rulings(language, filters, games):
    """Rulings of `games` not translated into `language`, found and shown in English."""
    untranslated = Q(**{f"question_{language}__isnull": True}) | Q(**{f"question_{language}": ""})
    return rulings(SOURCE_LANGUAGE, filters, games, Ruling.objects.filter(untranslated))


ENGLISH_QUERYSETS = {
    "rulings": english_rulings,
    # Passages of the English editions of `games` (or of the chosen edition).
    "passages": lambda _language, filters, games: passages(SOURCE_LANGUAGE, filters, games),
}


def clean_query(raw):
    """What was typed, as shown back: control characters dropped, length bounded."""
    return " ".join(CONTROL_RE.sub(" ", (raw or "")[:QUERY_LIMIT]).split())


def query_words(raw):
    """The words of what was typed, without single letters (an "a" matches everything)."""
    words = WORD_RE.findall(clean_query(raw))
    return [word for word in words if len(word) > 1 or word.isdigit()][:MAX_WORDS]


def search(kind, words, language, filters):
    """Wagtail's lazy results of `kind` for `words`, by relevance."""
    queryset, fields = QUERYSETS[kind](language, filters)
    backend = get_search_backend(f"site_{language}")
    return backend.search(" ".join(words), queryset, fields=fields, operator="and")


def glossary_expansion(words, language, filters):
    """The query's words as the chosen game's (or any) glossary carries them into English."""
    game_id = filters.game.pk if filters.game else None
    if filters.edition is not None:
        game_id = filters.edition.game_id
    terms = game_terms(game_id, language) if game_id else terms_for_words(words, language)
    expansion = expand(list(words), terms, language)
    return expansion if expansion.known else None


def search_in_english(kind, expansion, language, filters):
    """What the glossary's English terms find of `kind`: every concept, in any of its terms."""
    queryset, fields = ENGLISH_QUERYSETS[kind](language, filters, sorted(expansion.games))
    query = And([Or([PlainText(t, operator="and") for t in c.english]) for c in expansion.known])
    backend = get_search_backend(f"site_{SOURCE_LANGUAGE}")
    return backend.search(query, queryset, fields=fields, operator="and")


class Chained:
    """Several searches' results as one list; each item says its `shown_in` and `found_by`."""

    def __init__(self, *parts):
        self.parts = parts  # (results, language, words)

    @cached_property
    def counts(self):
        return [results.count() for results, _language, _words in self.parts]

    def count(self):
        return sum(self.counts)

    def __getitem__(self, key):
        start, stop = key.start or 0, key.stop if key.stop is not None else self.count()
        items, offset = [], 0
        for (results, language, words), count in zip(self.parts, self.counts, strict=True):
            low, high = max(start - offset, 0), min(stop - offset, count)
            if low < high:
                for item in results[low:high]:
                    item.shown_in, item.found_by = language, words
                    items.append(item)
            offset += count
        return items

    def more_than_ranked(self):
        return any(
            getattr(results, "more_than_ranked", lambda: False)()
            for results, _language, _words in self.parts
        )


def capped_search(kind, words, language, filters, expansion=None):
    """Results by relevance, then those found in English through `expansion`, and whether
    more matched than the database backend ranks (core.search_backend)."""
    results = search(kind, words, language, filters)
    if expansion is not None and kind in ENGLISH_QUERYSETS:
        english = [w for c in expansion.known for term in c.english for w in WORD_RE.findall(term)]
        in_english = search_in_english(kind, expansion, language, filters)
        results = Chained((results, "", words), (in_english, SOURCE_LANGUAGE, english))
    more_than_ranked = getattr(results, "more_than_ranked", None)
    return results, bool(more_than_ranked and more_than_ranked())


def stem(word):
    """A crude prefix standing for the word's forms, for marking matches in a snippet."""
    word = word.lower()
    return word if len(word) <= 4 else word[: max(4, len(word) - 3)]


def snippet(text, words, length=SNIPPET_LENGTH):
    """The part of `text` around the first matching word, escaped, matches in <mark>."""
    text = " ".join(MARKDOWN_RE.sub(" ", text or "").split())
    stems = sorted({stem(word) for word in words}, key=len, reverse=True)
    if not text or not stems:
        return html.escape(text[:length])
    pattern = re.compile(
        r"(\b(?:" + "|".join(re.escape(s) for s in stems) + r")[^\W_]*)", re.IGNORECASE
    )
    start = max(0, best_window(text, pattern, length) - length // 3)
    if start:
        start = text.find(" ", start) + 1 or start
    cut = text[start : start + length]
    if start + length < len(text) and " " in cut:
        cut = cut[: cut.rindex(" ")]  # end on a whole word
    # Split on the (captured) matches: every odd part is one.
    parts = pattern.split(cut)
    marked = [
        f"<mark>{html.escape(p)}</mark>" if n % 2 else html.escape(p) for n, p in enumerate(parts)
    ]
    suffix = " …" if start + length < len(text) else ""
    return mark_safe(("… " if start else "") + "".join(marked) + suffix)  # noqa: S308 - every part escaped


def best_window(text, pattern, length):
    """Where the passage holding the most different query words (earliest on a tie) begins."""
    matches = [(m.start(), m.group().lower()[:4]) for m in pattern.finditer(text[:20_000])]
    best, best_count = 0, 0
    for index, (start, _word) in enumerate(matches):
        words = {word for position, word in matches[index:] if position < start + length}
        if len(words) > best_count:
            best, best_count = start, len(words)
    return best


@dataclass
class Hit:
    title: str
    url: str
    snippet: str
    context: str
    lang: str = ""  # the language the hit is shown in, when not the page's


def guide_hits(pages, words, language, request):
    return [
        Hit(
            page.title,
            page.get_url(request),
            snippet(getattr(page, f"search_text_{language}"), words),
            game.title if game else "",
        )
        for page, game in with_games(list(pages))
    ]


def ruling_hits(found, words, language, request):
    return [
        Hit(
            ruling.question,
            ruling.get_absolute_url(),
            snippet(
                getattr(ruling, f"answer_{getattr(ruling, 'shown_in', '') or language}"),
                getattr(ruling, "found_by", words),  # the English terms, when found by them
            ),
            f"{ruling.edition.game.name} · {ruling.edition.label}",
            lang=getattr(ruling, "shown_in", ""),
        )
        for ruling in found
    ]


def passage_title(passage):
    """Its document's title as the reader's language names it; for a passage shown in
    another language (marked so), the title as written in that language."""
    shown_in = getattr(passage, "shown_in", "")
    document = passage.document
    title = (stored(document, "title", shown_in) if shown_in else None) or document.title
    return f"{title} · {passage.location}"


def passage_hits(found, words, language, request):
    return [
        Hit(
            passage_title(passage),
            passage.get_absolute_url(),
            snippet(passage.text or passage.heading_path, getattr(passage, "found_by", words)),
            f"{passage.document.edition.game.name} · {passage.document.edition.label}",
            lang=getattr(passage, "shown_in", ""),
        )
        for passage in found
    ]


HITS = {"guides": guide_hits, "rulings": ruling_hits, "passages": passage_hits}


def grouped_results(words, filters, request, kind=None):
    """The first few results of every kind, or one kind's `?page=` of results."""
    language = get_language()[:2]
    expansion = (
        glossary_expansion(words, language, filters) if language != SOURCE_LANGUAGE else None
    )
    groups = []
    for each in [each for each in KINDS if not kind or each.key == kind]:
        results, many = capped_search(each.key, words, language, filters, expansion)
        if kind:
            page = page_or_404(Paginator(results, PER_PAGE), request)
            items, count = page.object_list, page.paginator.count
        else:
            page, items = None, results[:PREVIEW]
            count = results.count() if len(items) == PREVIEW else len(items)
        hits = HITS[each.key](items, words, language, request)
        groups.append({"kind": each, "count": count, "many": many, "page": page, "hits": hits})
    return groups


def vocabulary(language):
    """Words a reader may have meant: game names and live guide titles, remembered."""

    def read():
        names = Game.objects.values_list(f"name_{language}", "name")
        titles = GuidePage.objects.live().values_list(f"title_{language}", "title")
        words = set()
        for localized, original in [*names, *titles]:
            words.update(word.lower() for word in WORD_RE.findall(localized or original or ""))
        return sorted(words)

    return remembered(f"search-vocabulary:{language}", read, [LISTS])


def did_you_mean(words):
    """The query with each unknown word replaced by the closest known one, or None."""
    known = vocabulary(get_language()[:2])  # sorted: the same suggestion on every server
    exact = set(known)
    suggested = [
        word
        if word.lower() in exact
        else next(iter(difflib.get_close_matches(word.lower(), known, n=1, cutoff=0.75)), word)
        for word in words
    ]
    return " ".join(suggested) if suggested != list(words) else None


def games_named(words, limit=5):
    """Games whose name holds a word of the query, with their editions for links."""
    if not words:
        return []
    games = Game.objects.none()
    for word in words:
        if len(word) >= 3:
            games = games | Game.objects.filter(name__icontains=word)
    return list(games.distinct().prefetch_related("editions")[:limit])
