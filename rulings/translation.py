"""Reader-facing rules-knowledge fields, stored once per language."""

from modeltranslation.decorators import register
from modeltranslation.translator import TranslationOptions

from .models import Edition, Game


@register(Game)
class GameTR(TranslationOptions):
    fields = ("name",)


@register(Edition)
class EditionTR(TranslationOptions):
    fields = ("label",)
