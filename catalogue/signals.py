"""Which cached pages a change to the catalogue's records makes stale
(core.page_cache_events):

- a game, edition, rulebook, passage, glossary term or setup figure: every page of that
  game (names, citations' wording); an edition's errata check date alone: where its
  errata are listed (the registry's sitemap date);
- an errata card: the rulings citing its passage (their warnings), its game's guides
  (their re-check state) and where its game's errata are listed.
"""

from core import cache_tags
from core.cache_tags import LISTS, game_errata, game_guides, game_rulings, of_game
from core.page_cache_events import of_records_of_game, tags_for, value, watch

from .models import Document, Edition, ErrataCard, Game, GlossaryTerm, Passage, SetupFigure

watch("catalogue")


def game_of_edition(edition_id):
    return value(Edition, edition_id, "game_id")


@tags_for(Game)
def of_game_record(game):
    """An expansion is listed on its base game's pages too."""
    base = {*of_game(game.expansion_of_id)} if game.expansion_of_id else set()
    return of_records_of_game(game.pk) | base


@tags_for(
    Edition,
    narrow_fields={"errata_checked_on": lambda game_id: {game_errata(game_id)}},
)
@tags_for(GlossaryTerm, SetupFigure)
def of_record_of_game(record):
    return of_records_of_game(record.game_id)


@tags_for(Document)
def of_document(document):
    return of_records_of_game(game_of_edition(document.edition_id))


@tags_for(Passage)
def of_passage(passage):
    return of_records_of_game(value(Document, passage.document_id, "edition__game_id"))


@tags_for(ErrataCard)
def of_errata_card(card):
    """The rulings citing the card's passage (their warnings), the game's guides (their
    re-check state) and where its errata are listed; a card on no passage: the game."""
    game_id = game_of_edition(card.edition_id)
    if game_id is None or card.passage_id is None:
        return of_records_of_game(game_id)
    # The rulings app cites passages: read through the relation it declares.
    citing = Passage.objects.filter(pk=card.passage_id).values_list("citations__ruling_id")
    return {
        *(cache_tags.ruling(pk) for pk in {pk for (pk,) in citing if pk is not None}),
        game_rulings(game_id),  # their review status, in the lists
        game_guides(game_id),
        game_errata(game_id),
        LISTS,
    }
