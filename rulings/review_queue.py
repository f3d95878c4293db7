"""The review queue: the rulings no editor has decided yet, oldest first, filtered as the
rulings listing is, and several marked reviewed at once with a note.

What "needs review" means is `RulingQuerySet.needing_review`, the same rule the editors'
figures count. The queue is the rulings listing's own view over that queryset (its
filters, pages and checkboxes), so marking reviewed is a Wagtail bulk action: the editor
ticks rulings, chooses "Mark reviewed" in the listing's footer, writes the note on the
confirmation page. Each ruling is then verified as its edit form would verify it (status,
who and when), and its history keeps the note.
"""

import uuid

import django_filters
from django import forms
from django.urls import path
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from wagtail.admin.ui.tables import Column, DateColumn
from wagtail.log_actions import log
from wagtail.snippets.bulk_actions.snippet_bulk_action import SnippetBulkAction

from .admin_listings import LongListIndexView, PublicationColumn, RulingFilterSet
from .models import Ruling

LOG_ACTION = "rulings.reviewed"
# Oldest first; the id settles ties and lets the two-ended pager read from either end
# (the `ruling_needing_review` index holds both).
OLDEST_FIRST = ["created_at", "id"]
# "Select all" marks at most these (the confirmation page lists each one).
MARK_AT_ONCE = 500


def undecided_statuses():
    return [(s.value, s.label) for s in Ruling.Status if s not in Ruling.Status.decided()]


class ReviewQueueFilterSet(RulingFilterSet):
    """The rulings listing's filters, its status offering only what the queue can hold."""

    status = django_filters.ChoiceFilter(label=_("status"), choices=undecided_statuses)

    class Meta(RulingFilterSet.Meta):
        fields = ["status", "game", "edition", "flag"]


class ReviewQueueView(LongListIndexView):
    """The rulings listing narrowed to what needs review (built by `RulingViewSet`)."""

    page_title = _("Review queue")

    def get_base_queryset(self):
        return super().get_base_queryset().needing_review()


class ReviewQueueMixin:
    """For the rulings' viewset: the queue at `review/` (and its results, which its filters
    refresh), built from the listing's own view settings with the queue's filters, order
    and columns."""

    def get_review_queue_kwargs(self, **kwargs):
        return self.get_index_view_kwargs(
            index_url_name=self.get_url_name("review_queue"),
            index_results_url_name=self.get_url_name("review_queue_results"),
            filterset_class=ReviewQueueFilterSet,
            default_ordering=OLDEST_FIRST,
            list_display=[
                "question",
                "edition",
                "status",
                Column("flag_count", label=_("Flags")),
                DateColumn("created_at", label=_("Waiting since")),
                PublicationColumn(),
            ],
            **kwargs,
        )

    def get_urlpatterns(self):
        queue = self.get_review_queue_kwargs()
        return [
            *super().get_urlpatterns(),
            path("review/", self.construct_view(ReviewQueueView, **queue), name="review_queue"),
            path(
                "review/results/",
                self.construct_view(ReviewQueueView, **queue, results_only=True),
                name="review_queue_results",
            ),
        ]


class MarkReviewedForm(forms.Form):
    note = forms.CharField(
        label=_("Review note"),
        max_length=500,
        help_text=_("Kept in each ruling's history: what you checked them against."),
        widget=forms.Textarea(attrs={"rows": 3}),
    )


class MarkReviewedBulkAction(SnippetBulkAction):
    """Verify the ticked rulings that still need review, with one note for them all.

    A ruling decided meanwhile (by another editor, or ticked in the full rulings listing),
    or with a draft waiting to be published, is named on the confirmation page and left as
    it is.
    """

    display_name = _("Mark reviewed")
    action_type = "mark_reviewed"
    aria_label = _("Mark the selected rulings reviewed")
    template_name = "rulings/admin/bulk_mark_reviewed.html"
    form_class = MarkReviewedForm
    action_priority = 20
    models = [Ruling]

    @classmethod
    def get_queryset(cls, model, object_ids):
        return model.objects.filter(pk__in=object_ids).select_related("edition")

    def get_all_objects_in_listing_query(self, parent_id):
        """ "All in the listing": what needs review of the listing as it was filtered (the
        footer sends its filters along; a decided status matches nothing), oldest first,
        at most MARK_AT_ONCE, each named on the confirmation page before anything is
        marked. A search typed in the listing is not applied: the page names what is."""
        listed = RulingFilterSet(self.request.GET, queryset=Ruling.objects.needing_review())
        return list(listed.qs.order_by(*OLDEST_FIRST).values_list("pk", flat=True)[:MARK_AT_ONCE])

    def check_perm(self, ruling):
        # A ruling with a draft waiting is verified as that draft is published: publishing
        # it would put back the status the draft was saved with.
        return (
            self.permission_policy.user_has_permission_for_instance(
                self.request.user, "change", ruling
            )
            and ruling.status not in Ruling.Status.decided()
            and not ruling.has_unpublished_changes
        )

    def get_execution_context(self):
        return {
            **super().get_execution_context(),
            "user": self.request.user,
            "note": self.cleaned_form.cleaned_data["note"],
        }

    @classmethod
    def execute_action(cls, objects, user=None, note="", **kwargs):
        return mark_reviewed(objects, note, user), 0

    def get_success_message(self, num_parent_objects, num_child_objects):
        return ngettext(
            "%(count)d ruling marked reviewed.",
            "%(count)d rulings marked reviewed.",
            num_parent_objects,
        ) % {"count": num_parent_objects}


def mark_reviewed(rulings, note, user):
    """Verify each ruling as its edit form would, with `note` in its history.

    Saved one by one with only the review columns named: the ruling's page and lists are
    made stale and the search index (which filters by status) updated, as for an edit,
    while the flags, which nothing here changes, are not recomputed. Each log entry has
    an id of its own: a history shows one entry per id and action, so entries sharing the
    request's id would leave the note in the last ruling's history only.
    """
    by = user.get_full_name() or user.get_username()
    when = timezone.now()
    for ruling in rulings:
        ruling.status = Ruling.Status.VERIFIED
        ruling.reviewed_at, ruling.reviewed_by = when, by
        ruling.save(update_fields=["status", "reviewed_at", "reviewed_by"])
        log(
            instance=ruling,
            action=LOG_ACTION,
            user=user,
            uuid=uuid.uuid4(),
            data={"note": note},
        )
    return len(rulings)
