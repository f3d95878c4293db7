"""Reader-facing site-wide page fields, stored once per language."""

from modeltranslation.translator import translator

from .models import HomePage, StandardPage

translator.register(HomePage, fields=("intro",))
translator.register(StandardPage, fields=("intro", "body"))
