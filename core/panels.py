"""Admin panels shared by the page types."""

from wagtail.admin.panels import InlinePanel


class RowsPanel(InlinePanel):
    """An inline panel whose add, delete and reorder controls go away for translators.

    Their form (`TranslatablePageForm`) keeps the rows as stored whatever is posted; the
    controls would only pretend otherwise.
    """

    class BoundPanel(InlinePanel.BoundPanel):
        template_name = "core/admin/rows_panel.html"

        def get_context_data(self, parent_context=None):
            context = super().get_context_data(parent_context)
            context["rows_locked"] = getattr(self.form, "translations_only", False)
            return context
