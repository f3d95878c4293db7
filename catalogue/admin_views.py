"""Add and edit views without autosave, for errata cards and rulings.

Wagtail autosaves any model that keeps revisions. Errata cards keep revisions (their
history) but have no drafts: every save is public at once, so autosave would publish a
half-typed card. Rulings have drafts, but a change to a published answer is saved with the
correction note it owes readers: autosave would answer each half-typed change with that
error, as it would any form whose required fields are still empty. Editors save
explicitly: a draft, or publish.
"""

from wagtail.snippets.views.snippets import CreateView, EditView


class ExplicitSaveMixin:
    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.autosave_enabled = False


class ExplicitSaveCreateView(ExplicitSaveMixin, CreateView):
    pass


class ExplicitSaveEditView(ExplicitSaveMixin, EditView):
    pass
