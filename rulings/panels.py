"""Admin panels on a ruling's edit page: its review flags, and its uncited retrieval."""

from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from wagtail.admin.panels import Panel

from catalogue.models import SEARCH_SNIPPET_LIMIT

from .retrieval import next_citation_number, retrieved_not_cited


class ReviewFlagsPanel(Panel):
    """Read-only list of the ruling's current review flags (recomputed on every save)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("heading", _("Review flags"))
        super().__init__(**kwargs)

    class BoundPanel(Panel.BoundPanel):
        template_name = "rulings/admin/review_flags_panel.html"

        def get_context_data(self, parent_context=None):
            context = super().get_context_data(parent_context)
            context["flags"] = self.instance.flags if self.instance.pk else []
            return context


class RetrievedNotCitedPanel(Panel):
    """Passages the search retrieved that no citation points at, each insertable as [n].

    Inserting happens in the browser: the button adds a row, pre-filled with the passage
    and the next free number, to the citations inline of the form the editor is already
    in. Nothing is saved until the editor saves, so the rule that a change to a public
    answer needs a correction note (`RulingForm.clean`) is checked once, for the whole
    change, where it always is; and nothing the editor has typed elsewhere in the form is
    lost, as it would be by a server-side action that reloads the page. A citation with
    no [n] in the answer is flagged on save, so an inserted source cannot go unused
    unnoticed.
    """

    relation_name = "citations"

    def __init__(self, **kwargs):
        kwargs.setdefault("heading", _("Retrieved but not cited"))
        super().__init__(**kwargs)

    class BoundPanel(Panel.BoundPanel):
        template_name = "rulings/admin/retrieved_not_cited_panel.html"

        class Media:
            js = ["rulings/admin/insert-citation.js"]

        def get_context_data(self, parent_context=None):
            context = super().get_context_data(parent_context)
            ruling = self.instance
            rows = retrieved_not_cited(ruling) if ruling.pk else []
            for row in rows:
                if row.insertable:
                    row.passage_edit_url = reverse(
                        "wagtailsnippets_catalogue_passage:edit", args=[row.passage.pk]
                    )
                    row.document_edit_url = reverse(
                        "wagtailsnippets_catalogue_document:edit", args=[row.document.pk]
                    )
            # Translators: [N] stands for the citation's number; keep it as written.
            insert_label = gettext("Insert as citation [N]")
            number = f"[{next_citation_number(ruling)}]"
            context.update(
                rows=rows,
                formset_prefix=self.panel.relation_name,
                language=ruling.edition.language if ruling.edition_id else "",
                snippet_limit=SEARCH_SNIPPET_LIMIT,
                insert_label=insert_label,
                # Translators: [N] stands for the citation's number; keep it as written.
                inserted_label=gettext("Inserted as citation [N]"),
                first_label=insert_label.replace("[N]", number),
            )
            return context
