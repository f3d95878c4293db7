"""Reader-facing catalogue fields, stored once per language."""

from modeltranslation.decorators import register
from modeltranslation.translator import TranslationOptions

from core.translated_fields import SOURCE_LANGUAGE

from .models import Document, Edition, ErrataCard, Game, SetupFigure


@register(Game)
class GameTR(TranslationOptions):
    fields = ("name",)


@register(SetupFigure)
class SetupFigureTR(TranslationOptions):
    fields = ("component",)


@register(Edition)
class EditionTR(TranslationOptions):
    fields = ("label",)


@register(Document)
class DocumentTR(TranslationOptions):
    # A document keeps the title it is published under (in the source-language column,
    # whatever language the document is in); editors may add a title for readers of
    # another language, so that their sentences ("checked against …") read in it.
    fields = ("title",)


@register(ErrataCard)
class ErrataCardTR(TranslationOptions):
    fields = ("corrected_rule", "issued_by")
    # The corrected rule is what a card is for: its English is required in the form, as the
    # model requires it when Wagtail saves the card's revision.
    required_languages = {SOURCE_LANGUAGE: ("corrected_rule",), "default": ()}
