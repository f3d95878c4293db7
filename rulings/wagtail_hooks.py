"""The editors' desk: the Rules menu, the review queue, reader questions, imports and
marking translations up to date."""

from django.contrib.auth.models import Permission
from django.urls import path, reverse
from django.utils.translation import gettext_lazy as _
from wagtail import hooks
from wagtail.admin.panels import (
    FieldPanel,
    FieldRowPanel,
    HelpPanel,
    InlinePanel,
    ObjectList,
    TabbedInterface,
)
from wagtail.admin.ui.tables import Column
from wagtail.log_actions import LogFormatter
from wagtail.snippets.models import register_snippet
from wagtail.snippets.views.snippets import SnippetViewSet, SnippetViewSetGroup

from catalogue.admin_views import ExplicitSaveEditView
from catalogue.choosers import CompactEditionChooser
from catalogue.models import Document, Passage
from catalogue.viewsets import (
    EDITION_FIELD,
    DocumentViewSet,
    EditionViewSet,
    ErrataCardViewSet,
    GameViewSet,
    GlossaryViewSet,
    PassageViewSet,
    translated_panels,
)
from core.concurrent_edit_views import MergingEditMixin
from core.roles import IMPORT_RULINGS

from .forms import RulingForm
from .import_admin import ImportJobView, ImportMenuItem, ImportUploadView
from .models import Ruling
from .panels import CompactInlinePanel, RetrievedNotCitedPanel
from .question_admin import (
    AnsweringRulingCreateView,
    ReaderQuestionViewSet,
    WaitingQuestionsSummaryItem,
)
from .review_queue import LOG_ACTION as REVIEW_LOG_ACTION
from .review_queue import (
    MarkReviewedBulkAction,
    PublicationColumn,
    ReviewQueueMenuItem,
    ReviewQueueMixin,
    RulingFilterSet,
    RulingIndexView,
)
from .translation_admin import (
    LOG_ACTION,
    MarkRulingTranslationView,
    TranslationStatePanel,
    language_name,
)

# The document field in the same row of the citations inline as the passage chooser.
CITATION_ROW_DOCUMENT = {"match": r"^id_citations-\d+-", "append": "document"}

PROVENANCE = ["origin", "answerer", "answered_at", "source_file", "reviewed_at", "reviewed_by"]
CITATION_PANELS = [
    FieldPanel("n"),
    FieldPanel(
        "passage",
        widget=CompactEditionChooser(
            Passage, linked_fields={**EDITION_FIELD, "document": CITATION_ROW_DOCUMENT}
        ),
        help_text=_(
            "Its document, page and heading are filled in on save. Only the ruling's "
            "edition's passages are offered: choose the edition first."
        ),
    ),
    FieldPanel(
        "document",
        widget=CompactEditionChooser(Document, linked_fields=EDITION_FIELD),
        help_text=_("With a passage, its document. Without one, the document cited."),
    ),
    FieldRowPanel([FieldPanel("page"), FieldPanel("heading_path")]),
    FieldPanel("quote"),
]


class RulingEditView(MergingEditMixin, ExplicitSaveEditView):
    """A save after someone else's newer one is merged with it, as for pages."""


class RulingViewSet(ReviewQueueMixin, SnippetViewSet):
    model = Ruling
    add_view_class = AnsweringRulingCreateView
    edit_view_class = RulingEditView
    icon = "help"
    menu_label = _("Rulings")
    filterset_class = RulingFilterSet
    ordering = ["-flag_count", "-answered_at", "-pk"]  # index ruling_review_queue
    index_view_class = RulingIndexView
    list_display = [
        "question",
        "edition",
        "status",
        Column("flag_count", label=_("Flags"), sort_key="flag_count"),
        "answered_at",
        PublicationColumn(),
    ]
    search_fields = ["question", "answer"]
    # Editors search both languages at once, in the stored vectors (LongListIndexView);
    # by substring on SQLite.
    search_backend_name = None
    edit_handler = TabbedInterface(
        [
            ObjectList(
                [
                    FieldPanel("edition"),
                    HelpPanel(
                        template="rulings/admin/review_flags_panel.html", heading=_("Review flags")
                    ),
                    FieldRowPanel([FieldPanel("outcome"), FieldPanel("status")]),
                    *translated_panels("question", "answer", "closing_line", "abstain_rationale"),
                    TranslationStatePanel(heading=_("Translations")),
                ],
                heading=_("Answer"),
            ),
            ObjectList(
                [
                    RetrievedNotCitedPanel(heading=_("Retrieved but not cited")),
                    CompactInlinePanel("citations", label=_("Citation"), panels=CITATION_PANELS),
                ],
                heading=_("Citations"),
            ),
            ObjectList(
                [InlinePanel("corrections", label=_("Correction"))], heading=_("Corrections")
            ),
            ObjectList(
                [FieldPanel(name, read_only=True) for name in PROVENANCE],
                heading=_("Provenance"),
            ),
        ],
        base_form_class=RulingForm,
    )

    def get_queryset(self, request):
        return Ruling.objects.select_related("edition__game")  # the edition column


class RulesKnowledgeGroup(SnippetViewSetGroup):
    menu_label = _("Rules")
    menu_icon = "clipboard-list"
    menu_order = 200
    # Other apps add their own items (catalogue: the glossary suggestions).
    submenu_hook = "register_rules_menu_item"
    items = (
        RulingViewSet,
        ErrataCardViewSet,
        GameViewSet,
        EditionViewSet,
        DocumentViewSet,
        PassageViewSet,
        GlossaryViewSet,
    )


register_snippet(RulesKnowledgeGroup)


@hooks.register("register_admin_viewset")
def register_reader_questions():
    return ReaderQuestionViewSet()


@hooks.register("construct_homepage_summary_items")
def count_waiting_questions(request, items):
    items.append(WaitingQuestionsSummaryItem(request))


@hooks.register("register_admin_urls")
def register_rulings_admin_urls():
    return [
        path(
            "rulings/translations/<int:pk>/<str:language>/up-to-date/",
            MarkRulingTranslationView.as_view(),
            name="rulings_translation_up_to_date",
        ),
        path("import-rulings/", ImportUploadView.as_view(), name="import_rulings"),
        path("import-rulings/<int:pk>/", ImportJobView.as_view(), name="import_rulings_job"),
    ]


@hooks.register("register_log_actions")
def register_rulings_log_actions(actions):
    @actions.register_action(LOG_ACTION)
    class RulingTranslationUpToDate(LogFormatter):
        label = _("Mark translation up to date")

        def format_message(self, log_entry):
            return _("%(language)s translation marked up to date with the English") % {
                "language": language_name(log_entry.data["language"])
            }

    @actions.register_action(REVIEW_LOG_ACTION)
    class Reviewed(LogFormatter):
        label = _("Mark reviewed")

        def format_message(self, log_entry):
            return _("Marked reviewed: %(note)s") % {"note": log_entry.data.get("note", "")}


@hooks.register("register_permissions")
def register_rulings_permissions():
    codename = IMPORT_RULINGS.partition(".")[2]
    return Permission.objects.filter(content_type__app_label="rulings", codename=codename)


@hooks.register("register_admin_menu_item")
def register_review_queue_menu_item():
    return ReviewQueueMenuItem(
        _("Review queue"),
        reverse("wagtailsnippets_rulings_ruling:review_queue"),
        icon_name="help",
        order=190,
    )


hooks.register("register_bulk_action", MarkReviewedBulkAction)


@hooks.register("register_admin_menu_item")
def register_import_menu_item():
    return ImportMenuItem(
        _("Import rulings"), reverse("import_rulings"), icon_name="upload", order=460
    )
