"""Related rulings: the rulings a guide section names, both ways.

An editor adds a "Related rulings" block to a section (after its heading); readers see
the rulings listed under the section. When the guide is published, each named ruling
learns which section names it (`rulings.RulingMention`), in every language, so the
ruling page can link back without rulings knowing about guides. Candidates for a section
are suggested to the editor by full-text similarity of the section's text to each ruling's
question and answer (the recall's full-text ranker, rulings/recall.py).
"""

from django.conf import settings
from django.utils import translation

from core.blocks import sections
from rulings.models import Ruling
from rulings.models.mentions import replace_mentions
from rulings.recall import answered_before

BLOCK_TYPE = "related_rulings"
# Any ruling sharing a stemmed word with the section is a candidate; the best few are shown.
SUGGESTION_THRESHOLD = 0.0
SUGGESTION_METHOD = "fulltext"
SUGGESTIONS_PER_SECTION = 5


def ruling_ids(block_value):
    """The ruling ids a related-rulings block's stored value names, in order."""
    items = (block_value or {}).get("rulings") or []
    ids = []
    for item in items:
        value = item.get("value") if isinstance(item, dict) else item
        if isinstance(value, int):
            ids.append(value)
    return ids


def named_ids(stream):
    """Every ruling id any related-rulings block of `stream` names, without loading them."""
    ids = []
    for block in stream.raw_data:
        if block["type"] == BLOCK_TYPE:
            ids.extend(ruling_ids(block["value"]))
    return ids


def public_rulings(stream):
    """{id: ruling} for the public rulings `stream` names, with their editions: one query."""
    ids = named_ids(stream)
    if not ids:
        return {}
    return Ruling.objects.public().select_related("edition").in_bulk(ids)


def mentions_in(page):
    """(ruling id, language, section title, anchor) for each ruling the page's sections
    name, in each site language as readers of that language see the page."""
    mentions = []
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            for section in sections(page.body):
                for block in section.blocks:
                    if block.block_type == BLOCK_TYPE:
                        for ruling_id in ruling_ids(block.block.get_prep_value(block.value)):
                            mentions.append((ruling_id, code, section.title, section.anchor))
    return mentions


def record_mentions(page):
    """On publish: the page's sections are now what names the rulings it lists."""
    replace_mentions(page, mentions_in(page))


def suggestions(page, game):
    """For each section of the page: the game's rulings most like its text, best first.

    [(section, [ruling with .score, …]), …]; a ruling the section already names is marked
    `.named`. Nothing is suggested for a page without a game.
    """
    if game is None:
        return []
    editions = list(game.editions.all())
    result = []
    for section in sections(page.body):
        named = set()
        for block in section.blocks:
            if block.block_type == BLOCK_TYPE:
                named.update(ruling_ids(block.block.get_prep_value(block.value)))
        text = section.text()
        found = []
        for edition in editions:
            found.extend(
                answered_before(
                    edition,
                    text,
                    limit=SUGGESTIONS_PER_SECTION,
                    threshold=SUGGESTION_THRESHOLD,
                    method=SUGGESTION_METHOD,
                )
            )
        found.sort(key=lambda ruling: -ruling.score)
        for ruling in found:
            ruling.named = ruling.pk in named
        result.append((section, found[:SUGGESTIONS_PER_SECTION]))
    return result
