"""The edit views of pages and rulings for a translator whose save is merged with a newer
version (`core.concurrent_edits`)."""

from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from wagtail.admin import messages
from wagtail.admin.views.pages.edit import EditView as PageEditView
from wagtail.admin.viewsets.pages import PageViewSet

from .concurrent_edits import NEWER_SEEN, OVERWRITE_REVISION, who
from .roles import edits_translations_only


class MergingEditMixin:
    """For a translator, whose form merges their save with a newer version: Wagtail neither
    refuses their autosave as out of date nor warns that saving would overwrite it."""

    @cached_property
    def merges_newer_versions(self):
        return edits_translations_only(self.request.user)

    @cached_property
    def is_out_of_date(self):
        return not self.merges_newer_versions and super().is_out_of_date

    def post(self, request, *args, **kwargs):
        if self.merges_newer_versions:
            request.POST = self.merge_post(request.POST)
        return super().post(request, *args, **kwargs)

    def merge_post(self, data):
        """An autosave revision a newer version overtook is not overwritten, and only a save
        they press themselves replaces what the newer version changed too."""
        data = data.copy()
        latest = self.latest_revision
        if latest and data.get(OVERWRITE_REVISION, str(latest.pk)) != str(latest.pk):
            del data[OVERWRITE_REVISION]
        if self.expects_json_response:
            data.pop(NEWER_SEEN, None)
        return data

    def get_editing_sessions(self):
        sessions = super().get_editing_sessions()
        if self.merges_newer_versions and sessions is not None:
            sessions.revision_id = sessions.revision_created_at = None
        return sessions

    def form_valid(self, form):
        response = super().form_valid(form)
        merged = getattr(form, "merged_with", None)
        if merged is not None and not self.expects_json_response:
            messages.info(
                self.request,
                _("Saved with the changes %(person)s made meanwhile: both are kept.")
                % {"person": who(merged)},
            )
        return response


class MergingPageEditView(MergingEditMixin, PageEditView):
    pass


class MergingPageViewSet(PageViewSet):
    """A page type's admin views, editing with `MergingPageEditView`."""

    edit_view_class = MergingPageEditView
    parent_models = ()
