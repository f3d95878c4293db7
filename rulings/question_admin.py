"""The editors' queue of reader questions, in the Wagtail admin.

Newest first, each beside the rulings of its edition most like it (answered-before
recall). An editor handles a question one of three ways: marks it a duplicate of an
existing ruling (the candidate's button, or any ruling through the chooser), answers it
with a new ruling (the ruling form opens filled with the question and edition, saving
its draft links the two, and publishing it tells the reader), or declines it with a
reason. Each of the three is answering (`ANSWER_QUESTION`, Django's "change" permission
of a reader question, which Wagtail's views of the queue ask), and so is opening the
ruling form from a question.
"""

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from modeltranslation.utils import build_localized_fieldname
from wagtail.admin.forms import WagtailAdminModelForm
from wagtail.admin.panels import FieldPanel, ObjectList, Panel
from wagtail.admin.site_summary import SummaryItem
from wagtail.admin.ui.tables import Column
from wagtail.admin.utils import set_query_params
from wagtail.admin.views.generic import IndexView
from wagtail.admin.viewsets.model import ModelViewSet
from wagtail.permission_policies import ModelPermissionPolicy
from wagtail.permissions import register_permission_policy

from catalogue.admin_views import ExplicitSaveCreateView
from core.roles import ANSWER_QUESTION

from .admin_listings import ReaderQuestionFilterSet
from .models import ReaderQuestion, Ruling
from .reader_mail import question_handled
from .recall import answered_before

CANDIDATES = 5
DUPLICATE_BUTTON = "duplicate_of"
# The ruling form opens filled from this reader question (its pk in the query string).
ANSWERING = "reader_question"


def candidates(question):
    """The public rulings of the question's edition most like it, best first."""
    from django.utils import translation

    with translation.override(question.language):
        # The edition read with the question: its game's glossary needs no query of its own.
        return answered_before(question.edition, question.question, limit=CANDIDATES)


class ReaderQuestionForm(WagtailAdminModelForm):
    """Keeps a handled question consistent: a duplicate names its ruling, a declined one
    its reason; handling records who and when."""

    def duplicate_of(self):
        """The ruling whose "Duplicate of this ruling" button was pressed, if any."""
        pk = self.data.get(DUPLICATE_BUTTON, "")
        if not pk.isdigit():
            return None
        return Ruling.objects.public().filter(pk=pk).first()

    def clean(self):
        cleaned = super().clean()
        duplicate_of = self.duplicate_of()
        if duplicate_of:
            cleaned["status"] = ReaderQuestion.Status.DUPLICATE
            cleaned["ruling"] = duplicate_of
        status = cleaned.get("status")
        answered = (ReaderQuestion.Status.DUPLICATE, ReaderQuestion.Status.ANSWERED)
        if status in answered and not cleaned.get("ruling"):
            self.add_error("ruling", _("Choose the ruling that answers this question."))
        if (
            status == ReaderQuestion.Status.DECLINED
            and not cleaned.get("decline_reason", "").strip()
        ):
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
    """The question's recall candidates, each a button marking it a duplicate of that
    ruling, and the way to answer it with a new ruling."""

    def __init__(self, **kwargs):
        kwargs.setdefault("heading", _("Already answered?"))
        super().__init__(**kwargs)

    class BoundPanel(Panel.BoundPanel):
        template_name = "rulings/admin/recall_candidates_panel.html"

        def get_context_data(self, parent_context=None):
            context = super().get_context_data(parent_context)
            question = self.instance
            context["question"] = question
            context["candidates"] = candidates(question) if question.pk else []
            context["answer_url"] = set_query_params(
                reverse("wagtailsnippets_rulings_ruling:add"), {ANSWERING: question.pk}
            )
            return context


class QuestionIndexView(IndexView):
    """Newest first; the candidates column costs one recall per question on the page."""

    def get_base_queryset(self):
        # The edition column names its game; a handled question names its ruling by the
        # ruling's edition code.
        return super().get_base_queryset().select_related("edition__game", "ruling__edition")


class CandidatesColumn(Column):
    def get_value(self, question):
        if question.status != ReaderQuestion.Status.NEW:
            return question.ruling or question.get_status_display()
        found = candidates(question)[:3]
        if not found:
            return gettext("none")
        return format_html(
            "<ol>{}</ol>",
            format_html_join(
                "",
                '<li><a href="{}">{}</a> ({})</li>',
                (
                    (
                        reverse("wagtailsnippets_rulings_ruling:edit", args=[r.pk]),
                        r.question[:90],
                        f"{r.score:.2f}",
                    )
                    for r in found
                ),
            ),
        )


class QuestionPermissionPolicy(ModelPermissionPolicy):
    """Questions come from readers: editors handle them, nobody writes one in the admin."""

    def user_has_permission(self, user, action):
        return action != "add" and super().user_has_permission(user, action)


register_permission_policy(ReaderQuestion, QuestionPermissionPolicy(ReaderQuestion))


class ReaderQuestionViewSet(ModelViewSet):
    model = ReaderQuestion
    name = "reader_questions"
    copy_view_enabled = False
    form_fields = ["status", "ruling", "decline_reason"]
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
            FieldPanel("question", read_only=True),
            FieldPanel("edition", read_only=True),
            RecallCandidatesPanel(),
            FieldPanel("language", read_only=True),
            FieldPanel("email", read_only=True),
            FieldPanel("created_at", read_only=True),
            FieldPanel("status"),
            FieldPanel("ruling"),
            FieldPanel("decline_reason"),
            FieldPanel("handled_at", read_only=True),
            FieldPanel("handled_by", read_only=True),
            FieldPanel("notified_at", read_only=True),
        ],
        base_form_class=ReaderQuestionForm,
    )


class WaitingQuestionsSummaryItem(SummaryItem):
    """The dashboard's count of reader questions no editor has handled yet."""

    order = 250
    template_name = "rulings/admin/reader_questions_summary.html"

    def get_context_data(self, parent_context):
        return {
            "waiting": ReaderQuestion.objects.waiting().count(),
            "url": set_query_params(
                reverse("reader_questions:index"), {"status": ReaderQuestion.Status.NEW}
            ),
        }

    def is_shown(self):
        return self.request.user.has_perm(ANSWER_QUESTION)


class AnsweringRulingCreateView(ExplicitSaveCreateView):
    """The ruling form, opened from a reader question: filled with its question and
    edition, and, once saved (a draft), recorded as the question's answer. The reader is
    told when the ruling is published (rulings.reader_mail)."""

    def dispatch(self, request, *args, **kwargs):
        if ANSWERING in request.GET and not request.user.has_perm(ANSWER_QUESTION):
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)

    @cached_property
    def reader_question(self):
        pk = self.request.GET.get(ANSWERING, "")
        if not pk.isdigit():
            return None
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
            instance.edition = question.edition
            setattr(
                instance,
                build_localized_fieldname("question", question.language),
                question.question,
            )
            instance.origin = Ruling.Origin.EDITOR
        return instance

    def save_instance(self):
        ruling = super().save_instance()
        question = self.reader_question
        if question:
            with transaction.atomic():
                ReaderQuestion.objects.filter(pk=question.pk).update(
                    status=ReaderQuestion.Status.ANSWERED,
                    ruling=ruling,
                    handled_at=timezone.now(),
                    handled_by=self.request.user.get_username(),
                )
        return ruling
