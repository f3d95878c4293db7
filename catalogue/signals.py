"""Which cached pages a change to the catalogue's records makes stale (core.page_cache_events):
every page of the record's game; an errata card's: rulings/signals.py."""

from core.cache_tags import game_errata, of_game
from core.page_cache_events import of_records_of_game, tags_for, value, watch

from .models import Document, Edition, Game, GlossaryTerm, Passage, SetupFigure

watch("catalogue")


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
    return of_records_of_game(value(Edition, document.edition_id, "game_id"))


@tags_for(Passage)
def of_passage(passage):
    return of_records_of_game(value(Document, passage.document_id, "edition__game_id"))
