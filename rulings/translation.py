"""Reader-facing rulings fields, stored once per language."""

from modeltranslation.decorators import register
from modeltranslation.translator import TranslationOptions

from core.translated_fields import SOURCE_LANGUAGE, target_languages

from .models import Ruling, RulingCorrection


@register(Ruling)
class RulingTR(TranslationOptions):
    fields = ("question", "answer", "closing_line", "abstain_rationale")
    # Its text is stored in its edition's language: with no text in theirs, readers of
    # every language read it as written (a Spanish ruling on an English page too).
    fallback_languages = {"default": (SOURCE_LANGUAGE, *target_languages())}


@register(RulingCorrection)
class RulingCorrectionTR(TranslationOptions):
    fields = ("what_was_wrong", "what_it_says_now")
