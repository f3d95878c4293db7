"""Reader-facing site-wide page fields, stored once per language."""

from modeltranslation.decorators import register
from modeltranslation.translator import TranslationOptions

from .models import HomePage, StandardPage


@register(HomePage)
class HomePageTR(TranslationOptions):
    fields = ("intro",)


@register(StandardPage)
class StandardPageTR(TranslationOptions):
    fields = ("intro", "body")
