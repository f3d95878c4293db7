"""Panels on a ruling's edit page: the passages its search retrieved that it does not cite
(rows kept verbatim from the export: a malformed one is skipped), and its citations, compact."""

from dataclasses import dataclass

from django.utils.translation import gettext
from wagtail.admin.panels import InlinePanel, Panel

from catalogue.choosers import CompactEditionChooser
from catalogue.locations import format_location
from catalogue.models import SEARCH_SNIPPET_LIMIT, Passage


@dataclass
class RetrievedPassage:
    rank: int
    page: int | None
    heading_path: str
    score: float | None
    snippet: str
    document_external_id: str
    document: object = None
    passage: object = None

    @property
    def location(self):
        return format_location(self.page, self.heading_path)

    @property
    def insertable(self):
        return self.passage is not None


def retrieved_rows(ruling):
    """The retrieval rows, best first, each place once."""
    refs = ruling.retrieval if isinstance(ruling.retrieval, list) else []
    rows, seen = [], set()
    for rank, ref in enumerate(refs, start=1):
        if not isinstance(ref, dict):
            continue
        doc_id, page, score = ref.get("sharpsignalDocId"), ref.get("page"), ref.get("score")
        heading_path, snippet = ref.get("headingPath"), ref.get("snippet")
        row = RetrievedPassage(
            rank=rank,
            page=page if type(page) is int and page >= 0 else None,
            heading_path=heading_path if isinstance(heading_path, str) else "",
            score=float(score) if type(score) in (int, float) else None,
            snippet=snippet if isinstance(snippet, str) else "",
            document_external_id=str(doc_id) if isinstance(doc_id, int | str) else "",
        )
        place = (row.document_external_id, row.page, row.heading_path)
        if place not in seen:
            seen.add(place)
            rows.append(row)
    return rows


def retrieved_not_cited(ruling):
    """Retrieval rows no citation points at, resolved to the corpus in three queries."""
    rows = retrieved_rows(ruling)
    ids = {row.document_external_id for row in rows if row.document_external_id}
    documents = {
        doc.external_id: doc for doc in ruling.edition.documents.filter(external_id__in=ids)
    }
    pages = {row.page for row in rows if row.page is not None}
    passages = {
        (p.document_id, p.page, p.heading_path): p
        for p in Passage.objects.filter(document__in=documents.values(), page__in=pages)
    }
    citations = list(ruling.citations.all()) if ruling.pk else []
    cited_passages = {c.passage_id for c in citations if c.passage_id}
    cited_places = {(c.document_id, c.page, c.heading_path) for c in citations}
    not_cited = []
    for row in rows:
        row.document = documents.get(row.document_external_id)
        if row.document is not None:
            place = (row.document.pk, row.page, row.heading_path)
            row.passage = passages.get(place)
            if place in cited_places or getattr(row.passage, "pk", None) in cited_passages:
                continue
        not_cited.append(row)
    return not_cited


def next_citation_number(ruling):
    numbers = [c.n for c in ruling.citations.all()] if ruling.pk else []
    return max(numbers, default=0) + 1


class RetrievedNotCitedPanel(Panel):
    """Each row insertable as [n] in the browser: nothing is saved until the editor saves,
    so the correction rule is checked once for the whole change."""

    class BoundPanel(Panel.BoundPanel):
        template_name = "rulings/admin/retrieved_not_cited_panel.html"

        class Media:
            js = ["rulings/admin/insert-citation.js"]

        def get_context_data(self, parent_context=None):
            context = super().get_context_data(parent_context)
            ruling = self.instance
            # Translators: [N] stands for the citation's number; keep it as written.
            insert_label = gettext("Insert as citation [N]")
            context.update(
                rows=retrieved_not_cited(ruling) if ruling.pk else [],
                snippet_limit=SEARCH_SNIPPET_LIMIT,
                insert_label=insert_label,
                # Translators: [N] stands for the citation's number; keep it as written.
                inserted_label=gettext("Inserted as citation [N]"),
                first_label=insert_label.replace("[N]", f"[{next_citation_number(ruling)}]"),
            )
            return context


def panel_help_texts(panel):
    """(field name, help text) of the field panels in `panel`, nested ones too."""
    for child in getattr(panel, "children", []):
        yield from panel_help_texts(child)
    if getattr(panel, "field_name", None) and panel.help_text:
        yield panel.field_name, panel.help_text


class CompactInlinePanel(InlinePanel):
    """An inline of many rows (a ruling's forty citations): each row a fieldset of labelled
    fields on a line or two, each field's help said once above the rows, rather than
    Wagtail's panel per row with every field's wrapper, help and comment button repeated.
    Wagtail's inline script still adds and removes rows; their order is their numbers'."""

    class BoundPanel(InlinePanel.BoundPanel):
        template_name = "rulings/admin/compact_inline_panel.html"

        def get_context_data(self, parent_context=None):
            context = super().get_context_data(parent_context)
            prefix = self.formset.prefix
            said = dict(panel_help_texts(self.panel.child_edit_handler))
            helps = {
                field.name: (f"{prefix}-help-{field.name}", text)
                for field in self.empty_child.form.visible_fields()
                if (text := said.get(field.name) or field.help_text)
            }
            # The rows' choosers are started by one script: each row's own would repeat it.
            choosers = {
                field.name: [widget.js_constructor, widget.base_js_init_options]
                for field in self.empty_child.form.visible_fields()
                if isinstance(widget := field.field.widget, CompactEditionChooser)
            }
            context.update(
                choosers=choosers,
                choosers_id=f"{prefix}-choosers",
                helps=helps.values(),
                rows=[self.row(child, helps) for child in self.children],
                empty_row=self.row(self.empty_child, helps),
            )
            return context

        def row(self, child, helps):
            """A child's fields, each rendered with its label and the help said above."""
            fields = []
            for field in child.form.visible_fields():
                help_id = helps.get(field.name, ("", ""))[0]
                # A chooser's input is hidden: its help is read above the rows.
                chooser = isinstance(field.field.widget, CompactEditionChooser)
                attrs = {"aria-describedby": help_id} if help_id and not chooser else None
                fields.append((field, field.as_widget(attrs=attrs)))
            return {"child": child, "fields": fields}
