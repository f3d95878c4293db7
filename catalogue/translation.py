"""Reader-facing catalogue fields, stored once per language."""

from modeltranslation.translator import translator

from core.translated_fields import SOURCE_LANGUAGE

from .models import Document, Edition, ErrataCard, Game, SetupFigure

translator.register(Game, fields=("name",))
translator.register(SetupFigure, fields=("component",))
translator.register(Edition, fields=("label",))
# A document keeps the title it is published under (in the source-language column, whatever
# language it is in); a title for readers of another language makes their sentences read in it.
translator.register(Document, fields=("title",))
# The corrected rule is what a card is for: its English is required in the form, as the model
# requires it when Wagtail saves the card's revision.
translator.register(
    ErrataCard,
    fields=("corrected_rule", "issued_by"),
    required_languages={SOURCE_LANGUAGE: ("corrected_rule",), "default": ()},
)
