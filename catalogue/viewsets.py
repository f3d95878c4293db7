"""The catalogue's admin (listed in the Rules menu, rulings.wagtail_hooks)."""

from django.conf import settings
from django.db.models import Prefetch
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from modeltranslation import settings as mt_settings
from modeltranslation.utils import build_localized_fieldname
from wagtail.admin.forms import WagtailAdminModelForm
from wagtail.admin.panels import FieldPanel, FieldRowPanel, InlinePanel, ObjectList
from wagtail.snippets.views.snippets import SnippetViewSet

from .admin_listings import (
    DocumentFilterSet,
    EditionFilterSet,
    ErrataCardFilterSet,
    LongListIndexView,
    PassageFilterSet,
)
from .admin_views import ExplicitSaveCreateView, ExplicitSaveEditView
from .choosers import (
    DocumentChooserViewSet,
    EditionChooser,
    EditionChooserViewSet,
    GameChooserViewSet,
    PassageChooserViewSet,
)
from .models import Document, Edition, ErrataCard, Game, GlossaryTerm, Passage

# The form's edition field, whose documents and passages the choosers list.
EDITION_FIELD = {"edition": "#id_edition"}


def translated_panels(*names):
    """One panel per language for each field, English first (translators fill in Spanish)."""
    return [
        FieldPanel(build_localized_fieldname(name, code))
        for name in names
        for code in mt_settings.AVAILABLE_LANGUAGES
    ]


class PassageForm(WagtailAdminModelForm):
    """Text typed here did not come from an export: it is declared as the rulebook's wording."""

    def clean(self):
        cleaned_data = super().clean()
        if (
            "text" in self.changed_data
            and cleaned_data.get("text")
            and cleaned_data.get("text_origin") == Passage.TextOrigin.SEARCH_SNIPPET
        ):
            self.add_error(
                "text_origin",
                _(
                    "Text typed here is not the passage search's snippet. Copy the "
                    "rulebook's wording exactly and say so, or leave the snippet unchanged."
                ),
            )
        return cleaned_data


class GameForm(WagtailAdminModelForm):
    """A game's name in each language: readers of a translation see theirs (an expansion's
    on its base game's page too), or the English one, required, when it has none. A plain
    `name` field would save into the editor's own language."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields[build_localized_fieldname("name", mt_settings.DEFAULT_LANGUAGE)].required = True


class GameViewSet(SnippetViewSet):
    model = Game
    icon = "pick"
    chooser_viewset_class = GameChooserViewSet
    list_display = ["name", "publisher", "bgg_id", "player_range"]
    search_fields = ["name", "publisher"]
    panels = [
        *translated_panels("name"),
        FieldPanel("slug"),
        FieldPanel("expansion_of"),
        FieldRowPanel([FieldPanel("bgg_id"), FieldPanel("publisher")]),
        FieldRowPanel([FieldPanel("min_players"), FieldPanel("max_players")]),
        InlinePanel(
            "setup_figures",
            heading=_("Setup figures (shown in every language's guides)"),
            label=_("Setup figure"),
            panels=[
                FieldRowPanel([FieldPanel("min_players"), FieldPanel("max_players")]),
                FieldPanel("group"),
                *translated_panels("component"),
                FieldRowPanel([FieldPanel("quantity"), FieldPanel("in_box")]),
            ],
        ),
    ]
    edit_handler = ObjectList(panels, base_form_class=GameForm)


class EditionViewSet(SnippetViewSet):
    model = Edition
    icon = "tag"
    chooser_viewset_class = EditionChooserViewSet
    list_display = ["code", "game", "label", "language", "errata_checked_on"]
    filterset_class = EditionFilterSet
    search_fields = ["code", "label"]

    def get_queryset(self, request):
        return Edition.objects.select_related("game")  # the game column


class DocumentViewSet(SnippetViewSet):
    model = Document
    icon = "doc-full"
    chooser_viewset_class = DocumentChooserViewSet
    list_display = ["title", "kind", "edition", "version", "published_on"]
    filterset_class = DocumentFilterSet
    search_fields = ["title"]

    def get_queryset(self, request):
        return Document.objects.select_related("edition__game")  # the edition column

    panels = [
        FieldPanel("edition"),
        FieldPanel("kind"),
        # The title as published lives in its edition's language's box (Document.save
        # moves it there from the first box when that one is empty).
        *(
            FieldPanel(
                build_localized_fieldname("title", code),
                heading=format_lazy(_("Title for {language} readers"), language=name),
                help_text=_("The title as published goes in its edition's language.")
                if code == mt_settings.DEFAULT_LANGUAGE
                else "",
            )
            for code, name in settings.LANGUAGES
        ),
        FieldRowPanel([FieldPanel("published_on"), FieldPanel("version")]),
        FieldPanel("url"),
        FieldPanel("external_id"),
    ]


class PassageViewSet(SnippetViewSet):
    model = Passage
    icon = "doc-full-inverse"
    chooser_viewset_class = PassageChooserViewSet
    list_display = ["document", "page", "heading_path"]
    # The order of the passage_unique_location index (not the document's own ordering).
    ordering = ["document_id", "page", "heading_path", "pk"]
    index_view_class = LongListIndexView
    filterset_class = PassageFilterSet
    search_fields = ["heading_path", "text"]
    # In the stored vectors (LongListIndexView); by substring on SQLite: passages are not
    # in Wagtail's admin index (core.admin_search_backend).
    search_backend_name = None
    edit_handler = ObjectList(
        [
            FieldPanel("document"),
            FieldPanel("page"),
            FieldPanel("heading_path"),
            FieldPanel("text"),
            FieldRowPanel(
                [FieldPanel("text_origin"), FieldPanel("text_exported_at", read_only=True)]
            ),
        ],
        base_form_class=PassageForm,
    )

    def get_queryset(self, request):
        # The document column; the search vectors are never shown.
        return Passage.objects.select_related("document").defer("search_en", "search_es")


class ErrataCardViewSet(SnippetViewSet):
    model = ErrataCard
    add_view_class = ExplicitSaveCreateView
    edit_view_class = ExplicitSaveEditView
    icon = "warning"
    menu_label = _("Errata cards")
    list_display = ["edition", "location", "issued_on", "status"]
    filterset_class = ErrataCardFilterSet
    search_fields = ["corrected_rule", "heading_path"]
    panels = [
        FieldPanel("edition"),
        FieldPanel("document", widget=EditionChooser(Document, linked_fields=EDITION_FIELD)),
        FieldPanel(
            "passage",
            widget=EditionChooser(
                Passage, linked_fields={**EDITION_FIELD, "document": "#id_document"}
            ),
        ),
        FieldRowPanel([FieldPanel("page"), FieldPanel("heading_path")]),
        *translated_panels("corrected_rule"),
        FieldPanel("issued_on"),
        *translated_panels("issued_by"),
        FieldPanel("source_url"),
        FieldRowPanel([FieldPanel("status"), FieldPanel("supersedes")]),
    ]

    def get_queryset(self, request):
        # The edition and location columns (a card in the corpus is located by its passage):
        # the passages read for the listed page alone, not joined to every card it sorts.
        passages = Passage.objects.defer("search_en", "search_es")
        return ErrataCard.objects.select_related("edition__game").prefetch_related(
            Prefetch("passage", queryset=passages)
        )


class GlossaryViewSet(SnippetViewSet):
    """Each game's glossary, kept by translators and editors: one pair per row, listed and
    filtered by game."""

    model = GlossaryTerm
    icon = "doc-full"
    menu_label = _("Glossary")
    list_display = ["english", "translation", "language", "variant", "game"]
    list_filter = ["game", "language", "variant"]
    search_fields = ["english", "translation"]
    search_backend_name = None
    ordering = ["game", "language", "english", "variant", "translation"]
