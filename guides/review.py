"""The comment of a reviewer's "request changes", which Wagtail shows only in the workflow's
history, for the translations dashboard and the page editor to show."""

from collections import namedtuple

from django.contrib.contenttypes.models import ContentType
from wagtail.models import Page, TaskState, WorkflowState

ReviewComment = namedtuple("ReviewComment", "text by at")


def changes_requested(pages):
    """{page pk: ReviewComment} for each of `pages` whose review asked for changes and
    that has not been resubmitted since (one query for all of them)."""
    keys = [str(page.pk) for page in pages if page.pk]
    if not keys:
        return {}
    rejected = (
        TaskState.objects.filter(
            status=TaskState.STATUS_REJECTED,
            workflow_state__status=WorkflowState.STATUS_NEEDS_CHANGES,
            workflow_state__base_content_type=ContentType.objects.get_for_model(Page),
            workflow_state__object_id__in=keys,
        )
        .select_related("finished_by", "workflow_state")
        .order_by("finished_at")
    )
    # Oldest first: the newest of each page wins.
    return {
        int(state.workflow_state.object_id): ReviewComment(
            text=state.comment,
            by=(user.get_full_name() or user.get_username()) if (user := state.finished_by) else "",
            at=state.finished_at,
        )
        for state in rejected
    }
