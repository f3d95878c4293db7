"""Admin panels shared by the page types."""

from wagtail.admin.panels import InlinePanel


class RowsPanel(InlinePanel):
    """An inline panel without add, delete and reorder controls for translators, whose form
    keeps the rows as stored whatever is posted."""

    class BoundPanel(InlinePanel.BoundPanel):
        template_name = "core/admin/rows_panel.html"

        def get_context_data(self, parent_context=None):
            context = super().get_context_data(parent_context)
            context["rows_locked"] = getattr(self.form, "translations_only", False)
            return context
