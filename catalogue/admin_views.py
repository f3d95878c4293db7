"""Add and edit views without autosave, for errata cards and rulings: a card has no drafts
(every save is public at once), and a change to a published ruling owes readers a
correction note, so autosaving a half-typed form would publish it or refuse it."""

from wagtail.snippets.views.snippets import CreateView, EditView


class ExplicitSaveMixin:
    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.autosave_enabled = False


class ExplicitSaveCreateView(ExplicitSaveMixin, CreateView):
    pass


class ExplicitSaveEditView(ExplicitSaveMixin, EditView):
    pass
