"""The editors' queue of reader questions, each beside the rulings most like it: marked a
duplicate, answered with a new ruling, or declined with a reason."""

import hashlib
from datetime import timedelta

import django_filters
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from wagtail.admin.filters import WagtailFilterSet
from wagtail.admin.forms import WagtailAdminModelForm
from wagtail.admin.panels import FieldPanel, ObjectList, Panel
from wagtail.admin.site_summary import SummaryItem
from wagtail.admin.ui.tables import Column
from wagtail.admin.utils import set_query_params
from wagtail.admin.views.generic import IndexView
from wagtail.admin.viewsets.model import ModelViewSet
from wagtail.permission_policies import ModelPermissionPolicy
from wagtail.permissions import register_permission_policy

from catalogue.admin_listings import edition_filter
from catalogue.admin_views import ExplicitSaveCreateView
from core.admin_search import StoredVectorSearchMixin
from core.cache_tags import game_rulings
from core.page_cache import remembered
from core.roles import ANSWER_QUESTION
from core.translated_fields import write_in_language

from .models import ReaderQuestion, Ruling
from .reader_mail import question_handled
from .recall import answered_before

CANDIDATES = 5
DUPLICATE_BUTTON = "duplicate_of"
# The query parameter opening the ruling form filled from a reader question.
ANSWERING = "reader_question"


def candidates(question):
    """The public rulings most like `question`, remembered until one of its game's rulings
    or glossary terms changes: the queue shows them beside every question it lists."""
    text = f"{question.edition_id}|{question.language}|{question.question}"
    key = "candidates:" + hashlib.sha256(text.encode()).hexdigest()

    def find():
        with translation.override(question.language):
            return answered_before(question.edition, question.question, limit=CANDIDATES)

    return remembered(key, find, [game_rulings(question.edition.game_id)])


class ReaderQuestionForm(WagtailAdminModelForm):
    """A duplicate names its ruling, a declined question its reason."""

    def duplicate_of(self):
        pk = self.data.get(DUPLICATE_BUTTON, "")
        if pk.isdigit():
            return Ruling.objects.public().filter(pk=pk).first()

    def clean(self):
        cleaned = super().clean()
        Status = ReaderQuestion.Status
        if duplicate_of := self.duplicate_of():
            cleaned |= {"status": Status.DUPLICATE, "ruling": duplicate_of}
        status = cleaned.get("status")
        if status in (Status.DUPLICATE, Status.ANSWERED) and not cleaned.get("ruling"):
            self.add_error("ruling", _("Choose the ruling that answers this question."))
        if status == Status.DECLINED and not cleaned.get("decline_reason", "").strip():
            self.add_error("decline_reason", _("Say why the question is declined."))
        return cleaned

    def save(self, commit=True):
        question = super().save(commit=False)
        if question.status == ReaderQuestion.Status.NEW:
            question.handled_at, question.handled_by = None, ""
        elif self.has_changed() or self.duplicate_of():
            question.handled_at = timezone.now()
            question.handled_by = self.for_user.get_username() if self.for_user else ""
        if commit:
            question.save()
            question_handled(question)
        return question


class RecallCandidatesPanel(Panel):
    """The question's recall candidates, each a button marking it their duplicate."""

    class BoundPanel(Panel.BoundPanel):
        template_name = "rulings/admin/recall_candidates_panel.html"

        def get_context_data(self, parent_context=None):
            context = super().get_context_data(parent_context)
            question = self.instance
            context.update(
                candidates=candidates(question) if question.pk else [],
                answer_url=set_query_params(
                    reverse("wagtailsnippets_rulings_ruling:add"), {ANSWERING: question.pk}
                ),
            )
            return context


class ReaderQuestionFilterSet(WagtailFilterSet):
    edition = edition_filter()
    waiting = django_filters.ChoiceFilter(
        label=_("asked"),
        choices=[
            ("1", _("over a day ago")),
            ("7", _("over a week ago")),
            ("30", _("over a month ago")),
        ],
        method="filter_waiting",
    )

    class Meta:
        model = ReaderQuestion
        fields = ["status", "edition", "waiting"]

    def filter_waiting(self, questions, name, value):
        return questions.filter(created_at__lt=timezone.now() - timedelta(days=int(value)))


class QuestionIndexView(StoredVectorSearchMixin, IndexView):
    queryset = ReaderQuestion.objects.select_related("edition__game", "ruling__edition").defer(
        "search_en", "search_es"
    )  # searched, never shown


class CandidatesColumn(Column):
    """A waiting question's three rulings most like it, else what became of it."""

    cell_template_name = "rulings/admin/candidates_cell.html"

    def get_value(self, question):
        if question.status == ReaderQuestion.Status.NEW:
            return candidates(question)[:3]
        return question.ruling or question.get_status_display()


class QuestionPermissionPolicy(ModelPermissionPolicy):
    """Questions come from readers: nobody adds one in the admin."""

    def user_has_permission(self, user, action):
        return action != "add" and super().user_has_permission(user, action)


register_permission_policy(ReaderQuestion, QuestionPermissionPolicy(ReaderQuestion))


class ReaderQuestionViewSet(ModelViewSet):
    model = ReaderQuestion
    name = "reader_questions"
    copy_view_enabled = False
    icon = "mail"
    menu_label = _("Reader questions")
    menu_order = 210
    add_to_admin_menu = True
    url_prefix = "reader-questions"
    index_view_class = QuestionIndexView
    ordering = ["-created_at", "-pk"]
    list_display = [
        "question",
        "edition",
        "status",
        "created_at",
        CandidatesColumn("candidates", label=_("Similar rulings")),
    ]
    filterset_class = ReaderQuestionFilterSet
    search_fields = ["question"]

    edit_handler = ObjectList(
        [
            *(FieldPanel(name, read_only=True) for name in ["question", "edition"]),
            RecallCandidatesPanel(heading=_("Already answered?")),
            *(FieldPanel(name, read_only=True) for name in ["language", "email", "created_at"]),
            *(FieldPanel(name) for name in ["status", "ruling", "decline_reason"]),
            *(
                FieldPanel(name, read_only=True)
                for name in ["handled_at", "handled_by", "notified_at"]
            ),
        ],
        base_form_class=ReaderQuestionForm,
    )


class WaitingQuestionsSummaryItem(SummaryItem):
    order = 250
    template_name = "rulings/admin/reader_questions_summary.html"

    def get_context_data(self, parent_context):
        return {"waiting": ReaderQuestion.objects.waiting().count()}

    def is_shown(self):
        return self.request.user.has_perm(ANSWER_QUESTION)


class AnsweringRulingCreateView(ExplicitSaveCreateView):
    """The ruling form opened from a reader question: filled from it, and once saved
    recorded as its answer."""

    def dispatch(self, request, *args, **kwargs):
        if ANSWERING in request.GET and not request.user.has_perm(ANSWER_QUESTION):
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)

    @cached_property
    def reader_question(self):
        pk = self.request.GET.get(ANSWERING, "")
        if pk.isdigit():
            return ReaderQuestion.objects.filter(pk=pk, status=ReaderQuestion.Status.NEW).first()

    def get_add_url(self):
        url = super().get_add_url()
        if self.reader_question:
            url = set_query_params(url, {ANSWERING: self.reader_question.pk})
        return url

    def get_initial_form_instance(self):
        instance = super().get_initial_form_instance() or self.model()
        question = self.reader_question
        if question:
            instance.edition, instance.origin = question.edition, Ruling.Origin.EDITOR
            write_in_language(instance, question.language, question=question.question)
        return instance

    def save_instance(self):
        ruling = super().save_instance()
        if self.reader_question:
            ReaderQuestion.objects.filter(pk=self.reader_question.pk).update(
                status=ReaderQuestion.Status.ANSWERED,
                ruling=ruling,
                handled_at=timezone.now(),
                handled_by=self.request.user.get_username(),
            )
        return ruling
