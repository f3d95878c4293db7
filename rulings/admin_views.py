"""The ruling's edit view: explicit saves (catalogue.admin_views), merged with a newer
version as pages are."""

from catalogue.admin_views import ExplicitSaveEditView
from core.concurrent_edit_views import MergingEditMixin


class RulingEditView(MergingEditMixin, ExplicitSaveEditView):
    """A translator's save of a ruling after someone else saved a newer version is merged
    with it field by field, as for pages (core.concurrent_edits)."""
