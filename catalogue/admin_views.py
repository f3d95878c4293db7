"""Add and edit views without autosave, for errata cards (no drafts: every save is public)
and rulings (a change owes readers a correction note): autosave would publish or refuse."""

from wagtail.snippets.views.snippets import CreateView, EditView


class ExplicitSaveMixin:
    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.autosave_enabled = False


class ExplicitSaveCreateView(ExplicitSaveMixin, CreateView):
    pass


class ExplicitSaveEditView(ExplicitSaveMixin, EditView):
    pass
