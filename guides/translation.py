"""Reader-facing guide fields, stored once per language (`title_en`, `title_es`, …)."""

from modeltranslation.translator import translator

from .models import GamePage, GamesIndexPage, GuideChange, GuideCorrection, GuidePage, GuideSource

translator.register(GamesIndexPage, fields=("intro",))
translator.register(GamePage, fields=("overview",))
translator.register(
    GuidePage, fields=("intro", "body", "rules_scope", "change_summary", "translation_current")
)
translator.register(GuideSource, fields=("section",))
translator.register(GuideCorrection, fields=("what_was_wrong", "what_it_says_now"))
translator.register(GuideChange, fields=("note",))
