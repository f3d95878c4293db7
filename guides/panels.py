"""Admin panels on a guide's edit page."""

from django.utils.translation import gettext_lazy as _
from wagtail.admin.panels import Panel

from .related import suggestions


class RelatedRulingSuggestionsPanel(Panel):
    """For each section of the saved guide, the game's rulings most like its text.

    Read-only: the editor chooses rulings with a "Related rulings" block in the section.
    Computed from the last saved version of the body, so it follows the editor's saves.
    """

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
