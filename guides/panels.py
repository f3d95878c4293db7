"""Admin panels on a guide's edit page."""

from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from wagtail.admin.panels import Panel

from core.freshness import TranslationStatus, mark_for
from core.translated_fields import target_languages
from rulings.translation_admin import language_name

from .comparison import english_changes, render_changes
from .models.history import followed_text, translation_state
from .related import suggestions
from .review import changes_requested


class RelatedRulingSuggestionsPanel(Panel):
    """For each section of the saved guide, the game's rulings most like its text; the
    editor chooses them with a "Related rulings" block."""

    def __init__(self, **kwargs):
        kwargs.setdefault("heading", _("Suggested related rulings"))
        kwargs.setdefault(
            "help_text",
            _(
                "Rulings of this game whose question is most like each section's text. Add "
                "the ones that belong with a “Related rulings” block in the section; save to "
                "see the suggestions for what you have written since."
            ),
        )
        super().__init__(**kwargs)

    class BoundPanel(Panel.BoundPanel):
        template_name = "guides/admin/related_suggestions_panel.html"

        def get_context_data(self, parent_context=None):
            context = super().get_context_data(parent_context)
            page = self.instance
            game_page = page.game_page if page.pk else None
            context["suggestions"] = suggestions(page, game_page.game if game_page else None)
            return context


class TranslationChangesPanel(Panel):
    """At the top of a guide's editor: what changed in the English since the version each
    translation follows, marked word by word, and a reviewer's requested changes.

    Translators work in this form; the dashboard shows the same (guides.views). Shown only
    when a translation is behind or a reviewer asked for changes.
    """

    def __init__(self, **kwargs):
        kwargs.setdefault("heading", _("For translators"))
        super().__init__(**kwargs)

    class BoundPanel(Panel.BoundPanel):
        template_name = "guides/admin/translation_changes_panel.html"

        @cached_property
        def translations(self):
            page = self.instance
            if not page.pk:
                return []
            live = type(page).objects.get(pk=page.pk)
            versions = list(live.versions.select_related("revision"))
            rows = []
            for language in target_languages():
                record = mark_for(live, language)
                state = translation_state(live, language, versions, record)
                if state.status == TranslationStatus.BEHIND:
                    changes = english_changes(live, followed_text(versions, record))
                    rows.append(
                        {
                            "language": language_name(language),
                            "state": state,
                            "changes_html": render_changes(changes, heading_level=4),
                        }
                    )
            return rows

        @cached_property
        def review_comment(self):
            return changes_requested([self.instance]).get(self.instance.pk)

        def is_shown(self):
            return bool(self.translations or self.review_comment) and super().is_shown()

        def get_context_data(self, parent_context=None):
            context = super().get_context_data(parent_context)
            context["translations"] = self.translations
            context["review_comment"] = self.review_comment
            return context
