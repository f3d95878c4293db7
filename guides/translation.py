"""Reader-facing guide fields, stored once per language (`title_en`, `title_es`, …)."""

from modeltranslation.decorators import register
from modeltranslation.translator import TranslationOptions

from .models import (
    GamePage,
    GamesIndexPage,
    GuideChange,
    GuideCorrection,
    GuidePage,
    GuideSource,
)


@register(GamesIndexPage)
class GamesIndexPageTR(TranslationOptions):
    fields = ("intro",)


@register(GamePage)
class GamePageTR(TranslationOptions):
    fields = ("overview",)


@register(GuidePage)
class GuidePageTR(TranslationOptions):
    fields = ("intro", "body", "rules_scope", "change_summary", "translation_current")


@register(GuideSource)
class GuideSourceTR(TranslationOptions):
    fields = ("section",)


@register(GuideCorrection)
class GuideCorrectionTR(TranslationOptions):
    fields = ("what_was_wrong", "what_it_says_now")


@register(GuideChange)
class GuideChangeTR(TranslationOptions):
    fields = ("note",)
