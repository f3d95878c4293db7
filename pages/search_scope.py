"""What the site search looks among, kind by kind: the querysets and their fields in the
reader's language, and what a reader of a translation also reaches in English."""

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

    def editions(self, games=None):
        """The editions results are limited to, as a subquery: the chosen one, the chosen
        game's, else those of `games`; None when unfiltered."""
        if self.edition is not None:
            return Edition.objects.filter(pk=self.edition.pk).values("pk")
        if self.game is not None:
            return Edition.objects.filter(game=self.game).values("pk")
        if games is not None:
            return Edition.objects.filter(game_id__in=games).values("pk")
        return None


def every_language(*names):
    """Each translated field and its per-language columns (reading it falls back to English)."""
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


def _rulings(found, editions, language):
    """Public rulings answered in `language`, with only what a hit shows: the whole rows
    (every answer, provenance, retrieval) cost more to send than the search itself."""
    found = found.public().select_related("edition__game")
    if editions is not None:
        found = found.filter(edition_id__in=editions)
    found = found.only(
        "slug",
        f"answer_{language}",
        "edition__code",
        "edition__game__id",
        *every_language("question", "edition__label", "edition__game__name"),
    )
    return found, localized_search_fields(["question", "answer"], language)


def rulings(language, filters):
    return _rulings(Ruling.objects.all(), filters.editions(), language)


def passages(language, filters, editions=None):
    documents = Document.objects.filter(edition__language=language)
    editions = filters.editions() if editions is None else editions
    if editions is not None:
        documents = documents.filter(edition__in=editions)
    found = Passage.objects.filter(document_id__in=documents.values("pk"))
    found = found.select_related("document__edition__game").only(
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
    """Rulings of `games` with no question in the reader's `language`, found and shown in
    English (the translated ones are found in theirs)."""
    untranslated = Q(**{f"question_{language}__isnull": True}) | Q(**{f"question_{language}": ""})
    found = Ruling.objects.filter(untranslated)
    return _rulings(found, filters.editions(games), SOURCE_LANGUAGE)


def english_passages(language, games, filters):
    """Passages of the English editions of `games` (or of the chosen edition)."""
    return passages(SOURCE_LANGUAGE, filters, filters.editions(games))


ENGLISH_QUERYSETS = {"rulings": english_rulings, "passages": english_passages}
