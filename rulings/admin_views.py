"""Add and edit views of the rulings desk, without autosave.

Wagtail autosaves any model that keeps revisions. Rulings and errata cards keep revisions
(their history) but have no drafts: every save is public at once. Autosave would publish a
half-typed answer or card, or, while required fields are still empty, answer each attempt
with an error. Editors save explicitly, with the correction note the change needs.
"""

from wagtail.snippets.views.snippets import CreateView, EditView

from core.concurrent_edit_views import MergingEditMixin


class ExplicitSaveMixin:
    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.autosave_enabled = False


class ExplicitSaveCreateView(ExplicitSaveMixin, CreateView):
    pass


class ExplicitSaveEditView(ExplicitSaveMixin, EditView):
    pass


class RulingEditView(MergingEditMixin, ExplicitSaveEditView):
    """A translator's save of a ruling after someone else saved a newer version is merged
    with it field by field, as for pages (core.concurrent_edits)."""
