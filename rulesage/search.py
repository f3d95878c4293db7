"""Site search over guides, rulings and rulebook passages, in the reader's language.

Each language has its own search backend (settings: "site_en", "site_es") and each kind
names its columns in that language (`search_text_es`, `question_es`, …): a Spanish query
is stemmed as Spanish and matched against Spanish text only, an English one against
English text only. Passages are in one language, their edition's, and are searched
only in editions of the reader's language. Wagtail's search does the matching and
ranking (PostgreSQL full text, or Elasticsearch/OpenSearch when configured); this module
chooses the querysets and fields, and cuts snippets. Nothing here writes.
"""

import difflib
import html
import re
from dataclasses import dataclass

from django.core.paginator import Paginator
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from wagtail.models import Page
from wagtail.search.backends import get_search_backend

from core.page_cache import remembered
from core.pages import public
from core.text_search import WORD_RE, localized_search_fields, site_languages
from guides.models import GamePage, GuidePage, GuideSource
from rulings.models import Document, Edition, Game, Passage, Ruling

# A query is the words of what was typed: punctuation, operators and control characters
# are not search syntax here, and a pasted page is cut to this many characters.
QUERY_LIMIT = 200
MAX_WORDS = 12
PER_PAGE = 10
PREVIEW = 3
SNIPPET_LENGTH = 220
MARKDOWN_RE = re.compile(r"\[\d+\]|[#*_>`]+")
CONTROL_RE = re.compile("[\x00-\x1f\x7f-\x9f]")


@dataclass
class Kind:
    key: str
    label: str


KINDS = [
    Kind("guides", _("Guides")),
    Kind("rulings", _("Rulings")),
    Kind("passages", _("Rulebook passages")),
]
KIND_KEYS = [kind.key for kind in KINDS]


def clean_query(raw):
    """What was typed, as shown back: control characters dropped, length bounded."""
    return " ".join(CONTROL_RE.sub(" ", (raw or "")[:QUERY_LIMIT]).split())


def query_words(raw):
    """The words searched for in what was typed: letters and digits, without single
    letters (a pasted "a" matches every text on SQLite's substring fallback)."""
    words = WORD_RE.findall(clean_query(raw))
    return [word for word in words if len(word) > 1 or word.isdigit()][:MAX_WORDS]


def backend_for(language):
    return get_search_backend(f"site_{language}")


@dataclass
class Filters:
    game: Game | None = None
    edition: Edition | None = None

    def editions(self):
        """The editions results are limited to, as a subquery; None when unfiltered."""
        if self.edition is not None:
            return Edition.objects.filter(pk=self.edition.pk).values("pk")
        if self.game is not None:
            return Edition.objects.filter(game=self.game).values("pk")
        return None


def every_language(*names):
    """Each translated field and its per-language columns: what reading it (with its
    fallback to English) needs loaded."""
    return [
        column
        for name in names
        for column in (name, *(f"{name}_{code}" for code in site_languages()))
    ]


def guides(language, filters):
    """Live public guides; of a game, those below its page; of an edition, those checked
    against one of its documents."""
    pages = public(GuidePage.objects.live())
    # Only what a hit shows and its URL needs, not the bodies in every language.
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


def rulings(language, filters):
    found = Ruling.objects.public().select_related("edition__game")
    editions = filters.editions()
    if editions is not None:
        found = found.filter(edition_id__in=editions)
    # Only what a hit shows: the whole rows (every language's answer, provenance,
    # retrieval results) cost more to send and build than the search itself.
    found = found.only(
        "slug",
        f"answer_{language}",
        "edition__code",
        "edition__game__id",
        *every_language("question", "edition__label", "edition__game__name"),
    )
    return found, localized_search_fields(["question", "answer"], language)


def passages(language, filters):
    documents = Document.objects.filter(edition__language=language)
    editions = filters.editions()
    if editions is not None:
        documents = documents.filter(edition__in=editions)
    found = Passage.objects.filter(document_id__in=documents.values("pk")).select_related(
        "document__edition__game"
    )
    found = found.only(
        "page",
        "heading_path",
        "text",
        "anchor",
        "document__title",
        "document__edition__code",
        "document__edition__language",
        "document__edition__game__id",
        *every_language("document__edition__label", "document__edition__game__name"),
    )
    return found, ["heading_path", "text"]


QUERYSETS = {"guides": guides, "rulings": rulings, "passages": passages}


def search(kind, words, language=None, filters=None):
    """Wagtail search results (lazy, sliceable, countable) of `kind` for `words`, by
    relevance."""
    language = (language or get_language())[:2]
    queryset, fields = QUERYSETS[kind](language, filters or Filters())
    return backend_for(language).search(" ".join(words), queryset, fields=fields, operator="and")


def capped_search(kind, words, language, filters):
    """Results by relevance, and whether more matched than the backend ranks.

    The database backend ranks only the newest RULESAGE_SEARCH_RANK_LIMIT (200) matches of a
    kind (core.search_backend): a word found in most of half a million passages would
    otherwise be ranked over all of them, seconds. The reader is then told there are
    more, and that a game or another word narrows them (README, "Search at scale"). A
    search server ranks every match.
    """
    results = search(kind, words, language, filters)
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
        r"\b(?:" + "|".join(re.escape(s) for s in stems) + r")[^\W_]*", re.IGNORECASE
    )
    start = max(0, best_window(text, pattern, length) - length // 3)
    if start:
        start = text.find(" ", start) + 1 or start
    cut = text[start : start + length]
    if start + length < len(text) and " " in cut:
        cut = cut[: cut.rindex(" ")]  # end on a whole word
    marked = []
    position = 0
    for match in pattern.finditer(cut):
        marked.append(html.escape(cut[position : match.start()]))
        marked.append(f"<mark>{html.escape(match.group())}</mark>")
        position = match.end()
    marked.append(html.escape(cut[position:]))
    prefix = "… " if start else ""
    suffix = " …" if start + length < len(text) else ""
    return mark_safe(prefix + "".join(marked) + suffix)  # noqa: S308 - every part escaped


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


def guide_hits(pages, words, language, request):
    """Each guide with its game's title: the game pages in one query."""
    pages = list(pages)
    parents = {page.path[: -Page.steplen] for page in pages}
    games = {game.path: game.title for game in GamePage.objects.filter(path__in=parents)}
    return [
        Hit(
            page.title,
            page.get_url(request),
            snippet(getattr(page, f"search_text_{language}"), words),
            games.get(page.path[: -Page.steplen], ""),
        )
        for page in pages
    ]


def ruling_hits(found, words, language, request):
    return [
        Hit(
            ruling.question,
            ruling.get_absolute_url(),
            snippet(getattr(ruling, f"answer_{language}"), words),
            f"{ruling.edition.game.name} · {ruling.edition.label}",
        )
        for ruling in found
    ]


def passage_hits(found, words, language, request):
    return [
        Hit(
            f"{passage.document.title} · {passage.location}",
            passage.get_absolute_url(),
            snippet(passage.text or passage.heading_path, words),
            f"{passage.document.edition.game.name} · {passage.document.edition.label}",
        )
        for passage in found
    ]


HITS = {"guides": guide_hits, "rulings": ruling_hits, "passages": passage_hits}


def grouped_results(words, filters, request, kind=None, page_number=1):
    """Results by kind: the first few of every kind, or one kind's page of results."""
    language = get_language()[:2]
    groups = []
    for each in KINDS:
        if kind and each.key != kind:
            continue
        results, many = capped_search(each.key, words, language, filters)
        if kind:
            paginator = Paginator(results, PER_PAGE)
            page = paginator.get_page(page_number)
            items, count = page.object_list, paginator.count
        else:
            page = None
            items = results[:PREVIEW]
            count = results.count() if len(items) == PREVIEW else len(items)
        groups.append(
            {
                "kind": each,
                "count": count,
                "many": many,
                "page": page,
                "hits": HITS[each.key](items, words, language, request),
            }
        )
    return groups


def vocabulary(language):
    """Words a reader may have meant: game names and live guide titles (remembered until
    the next content change: thousands of names, read for every search finding nothing)."""

    def read():
        names = Game.objects.values_list(f"name_{language}", "name")
        titles = GuidePage.objects.live().values_list(f"title_{language}", "title")
        words = set()
        for localized, original in [*names, *titles]:
            words.update(word.lower() for word in WORD_RE.findall(localized or original or ""))
        return sorted(words)

    return remembered(f"search-vocabulary:{language}", read)


def did_you_mean(words, language=None):
    """The query with each unknown word replaced by the closest known one, or None."""
    language = (language or get_language())[:2]
    known = vocabulary(language)  # sorted: the same suggestion on every server
    exact = set(known)
    suggested, changed = [], False
    for word in words:
        lower = word.lower()
        if lower in exact:
            suggested.append(word)
            continue
        close = difflib.get_close_matches(lower, known, n=1, cutoff=0.75)
        suggested.append(close[0] if close else word)
        changed = changed or bool(close)
    return " ".join(suggested) if changed else None


def games_named(words, limit=5):
    """Games whose name holds a word of the query, with their editions for links."""
    if not words:
        return []
    games = Game.objects.none()
    for word in words:
        if len(word) >= 3:
            games = games | Game.objects.filter(name__icontains=word)
    return list(games.distinct().prefetch_related("editions")[:limit])
