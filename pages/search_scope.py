"""What the site search looks among, kind by kind: the querysets and their fields.

The guides, rulings and passages a reader's language searches (its own columns), and what
a reader of a translation also reaches in English through the glossary: the rulings not
yet translated and the passages of English editions (pages.search).
"""

from dataclasses import dataclass

from django.db.models import Q

from catalogue.models import Document, Edition, Game, Passage
from core.pages import public
from core.text_search import localized_search_fields, site_languages
from core.translated_fields import SOURCE_LANGUAGE
from guides.models import GamePage, GuidePage, GuideSource
from rulings.models import Ruling


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
        "document__edition__code",
        "document__edition__language",
        "document__edition__game__id",
        *every_language(
            "document__title", "document__edition__label", "document__edition__game__name"
        ),
    )
    return found, ["heading_path", "text"]


QUERYSETS = {"guides": guides, "rulings": rulings, "passages": passages}


def english_rulings(language, games, filters):
    """Public rulings of `games` with no question in the reader's `language`: shown in
    English, found in their English columns (the translated ones are found in theirs)."""
    untranslated = Q(**{f"question_{language}__isnull": True}) | Q(**{f"question_{language}": ""})
    found = Ruling.objects.public().filter(untranslated).select_related("edition__game")
    editions = filters.editions()
    if editions is None:
        editions = Edition.objects.filter(game_id__in=games).values("pk")
    found = found.filter(edition_id__in=editions).only(
        "slug",
        f"answer_{SOURCE_LANGUAGE}",
        "edition__code",
        "edition__game__id",
        *every_language("question", "edition__label", "edition__game__name"),
    )
    return found, localized_search_fields(["question", "answer"], SOURCE_LANGUAGE)


def english_passages(language, games, filters):
    """Passages of the English editions of `games` (or of the chosen edition)."""
    documents = Document.objects.filter(edition__language=SOURCE_LANGUAGE)
    editions = filters.editions()
    if editions is None:
        editions = Edition.objects.filter(game_id__in=games).values("pk")
    documents = documents.filter(edition__in=editions)
    found, fields = passages(SOURCE_LANGUAGE, filters)
    return found.filter(document_id__in=documents.values("pk")), fields


ENGLISH_QUERYSETS = {"rulings": english_rulings, "passages": english_passages}
