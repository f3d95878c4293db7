"""The rulings listing's filters and publication column; the review queue (that listing over
what needs review, oldest first); and the bulk action marking several reviewed with one note."""

import uuid

import django_filters
from django import forms
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.urls import path
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from wagtail.admin.filters import WagtailFilterSet
from wagtail.admin.menu import MenuItem
from wagtail.admin.ui.tables import BulkActionsCheckboxColumn, Column, DateColumn, StatusTagColumn
from wagtail.log_actions import log
from wagtail.snippets.bulk_actions.snippet_bulk_action import SnippetBulkAction

from catalogue.admin_listings import LongListIndexView, chooser_filter, edition_filter
from catalogue.models import Game
from core import cache_tags
from core.roles import REVIEW_RULING

from .flags import ANY_FLAG, FLAG_LABELS, SUPERSEDED_PASSAGE
from .models import Ruling

LOG_ACTION = "rulings.reviewed"
# The id lets the two-ended pager read from either end (index `ruling_needing_review`).
OLDEST_FIRST = ["created_at", "id"]
# "Select all" marks at most these (the confirmation page lists each one).
MARK_AT_ONCE = 500


PUBLICATION = {
    "draft": (_("Draft, not published"), Q(live=False)),
    "live_draft": (_("Live, with a draft waiting"), Q(live=True, has_unpublished_changes=True)),
    "live": (_("Live, no draft waiting"), Q(live=True, has_unpublished_changes=False)),
}


class PublicationColumn(StatusTagColumn):
    """Draft, live, or live with a draft waiting (Wagtail's own costs a query per row)."""

    def __init__(self, **kwargs):
        super().__init__(
            "publication",
            label=_("publication"),
            accessor=lambda ruling: PUBLICATION[
                "draft"
                if not ruling.live
                else "live_draft"
                if ruling.has_unpublished_changes
                else "live"
            ][0],
            sort_key="live",
            primary=lambda ruling: ruling.live,
            **kwargs,
        )


class RulingFilterSet(WagtailFilterSet):
    game = chooser_filter(Game, label=_("game"), field_name="edition__game")
    edition = edition_filter()
    flag = django_filters.ChoiceFilter(
        label=_("flag"),
        choices=[(ANY_FLAG, _("Any flag")), *FLAG_LABELS.items()],
        method="filter_flag",
    )
    publication = django_filters.ChoiceFilter(
        label=_("publication"),
        choices=[(key, label) for key, (label, _q) in PUBLICATION.items()],
        method="filter_publication",
    )

    class Meta:
        model = Ruling
        fields = ["status", "outcome", "origin", "game", "edition", "flag", "publication"]

    def filter_flag(self, rulings, name, value):
        return rulings.flagged(None if value == ANY_FLAG else value)

    def filter_publication(self, rulings, name, value):
        return rulings.filter(PUBLICATION[value][1])


def may_review(user):
    return bool(user and user.has_perm(REVIEW_RULING))


class ReviewQueueFilterSet(RulingFilterSet):
    status = django_filters.ChoiceFilter(
        label=_("status"),
        choices=[(s.value, s.label) for s in Ruling.Status if s not in Ruling.Status.decided()],
    )

    class Meta(RulingFilterSet.Meta):
        fields = ["status", "game", "edition", "flag"]


class RulingIndexView(LongListIndexView):
    """Bulk action checkboxes only for those who may review."""

    @cached_property
    def columns(self):
        columns = super().columns
        if may_review(self.request.user):
            return columns
        return [c for c in columns if not isinstance(c, BulkActionsCheckboxColumn)]


class ReviewersOnly:
    def dispatch(self, request, *args, **kwargs):
        if not may_review(request.user):
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)


class ReviewQueueView(ReviewersOnly, RulingIndexView):
    page_title = _("Review queue")

    def get_base_queryset(self):
        return super().get_base_queryset().needing_review()


class ReviewQueueMenuItem(MenuItem):
    def is_shown(self, request):
        return may_review(request.user)


class ReviewQueueMixin:
    """The review queue at `review/`: the listing's view with the queue's filters and order."""

    def get_urlpatterns(self):
        queue = self.get_index_view_kwargs(
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
        )
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
    verify_superseded = forms.BooleanField(
        label=_(
            "Verify the rulings citing superseded passages too: I checked each against the "
            "errata card that supersedes what it cites"
        ),
        required=False,
    )


class MarkReviewedBulkAction(ReviewersOnly, SnippetBulkAction):
    """Verify the ticked rulings that still need review, with one note for them all; one
    citing a superseded passage only when the editor confirms checking it."""

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
        """What needs review as filtered, at most MARK_AT_ONCE (a search is not applied)."""
        listed = RulingFilterSet(self.request.GET, queryset=Ruling.objects.needing_review())
        return list(listed.qs.order_by(*OLDEST_FIRST).values_list("pk", flat=True)[:MARK_AT_ONCE])

    def check_perm(self, ruling):
        # Publishing a waiting draft would put back the status it was saved with.
        return ruling.status not in Ruling.Status.decided() and not ruling.has_unpublished_changes

    def object_context(self, ruling):
        return {
            **super().object_context(ruling),
            "cites_superseded": ruling.has_flag(SUPERSEDED_PASSAGE),
        }

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        items = context["items"]
        context["superseded"] = [item for item in items if item["cites_superseded"]]
        context["not_superseded"] = [item for item in items if not item["cites_superseded"]]
        return context

    def left_out(self):
        if self.cleaned_form.cleaned_data["verify_superseded"]:
            return []
        return [ruling for ruling in self.actionable_objects if ruling.has_flag(SUPERSEDED_PASSAGE)]

    def get_execution_context(self):
        return {
            **super().get_execution_context(),
            "user": self.request.user,
            "note": self.cleaned_form.cleaned_data["note"],
            "left_out": self.left_out(),
        }

    @classmethod
    def execute_action(cls, objects, user=None, note="", left_out=(), **kwargs):
        """Verify each as its edit form would; each log entry has its own id, as a history
        shows one entry per id and action. Their pages are made stale together: one purge
        of a CDN in front for them all."""
        rulings = [ruling for ruling in objects if ruling not in left_out]
        when = timezone.now()
        with cache_tags.gathered():
            for ruling in rulings:
                ruling.status = Ruling.Status.VERIFIED
                ruling.record_review(user, when)
                ruling.save(update_fields=["status", "reviewed_at", "reviewed_by"])
                log(
                    instance=ruling,
                    action=LOG_ACTION,
                    user=user,
                    uuid=uuid.uuid4(),
                    data={"note": note},
                )
        return len(rulings), 0

    def get_success_message(self, num_parent_objects, num_child_objects):
        message = ngettext(
            "%(count)d ruling marked reviewed.",
            "%(count)d rulings marked reviewed.",
            num_parent_objects,
        ) % {"count": num_parent_objects}
        left_out = self.left_out()
        if left_out:
            message += " " + ngettext(
                "Left as it was, as it cites a passage errata superseded and you did not "
                "confirm checking it: %(rulings)s.",
                "Left as they were, as they cite passages errata superseded and you did not "
                "confirm checking them: %(rulings)s.",
                len(left_out),
            ) % {"rulings": "; ".join(str(ruling) for ruling in left_out)}
        return message
