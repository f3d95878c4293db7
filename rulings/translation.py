"""Reader-facing rulings fields, stored once per language."""

from modeltranslation.decorators import register
from modeltranslation.translator import TranslationOptions

from .models import Ruling, RulingCorrection


@register(Ruling)
class RulingTR(TranslationOptions):
    fields = ("question", "answer", "closing_line", "abstain_rationale")


@register(RulingCorrection)
class RulingCorrectionTR(TranslationOptions):
    fields = ("what_was_wrong", "what_it_says_now")
