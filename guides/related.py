"""The rulings guide sections name, recorded on publish so rulings can link back."""

from django.conf import settings
from django.utils import translation

from core.blocks import sections
from rulings.models import Ruling
from rulings.models.mentions import replace_mentions
from rulings.recall import answered_before

BLOCK_TYPE = "related_rulings"
SUGGESTIONS_PER_SECTION = 5


def ruling_ids(block_value):
    """The ruling ids a related-rulings block's stored value names, in order."""
    items = (block_value or {}).get("rulings") or []
    values = (item.get("value") if isinstance(item, dict) else item for item in items)
    return [value for value in values if isinstance(value, int)]


def section_ids(section):
    """The ruling ids the related-rulings blocks of `section` name."""
    return [
        ruling_id
        for block in section.blocks
        if block.block_type == BLOCK_TYPE
        for ruling_id in ruling_ids(block.block.get_prep_value(block.value))
    ]


def public_rulings(stream):
    """{id: ruling} for the public rulings `stream` names, with their editions: one query."""
    ids = [
        ruling_id
        for block in stream.raw_data
        if block["type"] == BLOCK_TYPE
        for ruling_id in ruling_ids(block["value"])
    ]
    return Ruling.objects.public().select_related("edition").in_bulk(ids) if ids else {}


def record_mentions(page):
    """On publish: record which sections, in each language, name which rulings."""
    mentions = []
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            for section in sections(page.body):
                mentions += [
                    (pk, code, section.title, section.anchor) for pk in section_ids(section)
                ]
    replace_mentions(page, mentions)


def suggestions(page, game):
    """[(section, [ruling with .score and .named, …])]: the game's rulings most like each
    section's text, best first."""
    if game is None:
        return []
    editions = list(game.editions.all())
    result = []
    for section in sections(page.body):
        named, text = set(section_ids(section)), section.text()
        # Any ruling sharing a stemmed word with the section is a candidate.
        found = [
            ruling
            for edition in editions
            for ruling in answered_before(
                edition, text, limit=SUGGESTIONS_PER_SECTION, threshold=0.0, method="fulltext"
            )
        ]
        found.sort(key=lambda ruling: -ruling.score)
        for ruling in found:
            ruling.named = ruling.pk in named
        result.append((section, found[:SUGGESTIONS_PER_SECTION]))
    return result
