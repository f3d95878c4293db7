"""Reader-facing catalogue fields, stored once per language."""

from modeltranslation.translator import translator

from core.translated_fields import SOURCE_LANGUAGE, target_languages

from .models import Document, Edition, ErrataCard, Game, SetupFigure

translator.register(Game, fields=("name",))
translator.register(SetupFigure, fields=("component",))
translator.register(Edition, fields=("label",))
# A document's title is stored in its edition's language, as published; a title in another
# language's column is for that language's readers. With none in theirs, readers of every
# language read it as published (a Spanish rulebook's title on an English page too).
translator.register(
    Document,
    fields=("title",),
    fallback_languages={"default": (SOURCE_LANGUAGE, *target_languages())},
)
# The corrected rule is what a card is for: its English is required in the form, as the model
# requires it when Wagtail saves the card's revision.
translator.register(
    ErrataCard,
    fields=("corrected_rule", "issued_by"),
    required_languages={SOURCE_LANGUAGE: ("corrected_rule",), "default": ()},
)
