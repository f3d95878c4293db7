"""The ruling's admin form, and the rule for typed text: no control character an imported
value of its kind may not hold (feeds cannot carry them)."""

from collections import Counter

from django import forms
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from modeltranslation import settings as mt_settings
from modeltranslation.utils import build_localized_fieldname
from wagtail.admin.forms import WagtailAdminModelForm

from catalogue.choosers import preload
from catalogue.models import Document, Passage
from core.forms import TranslationsOnlyMixin, read_only

from .importers.files import MULTI_LINE, ONE_LINE
from .models import Ruling
from .review_queue import may_review


def refusing(unsafe):
    """A validator refusing text in which `unsafe` finds a character (a NUL is the field's)."""

    def refuse(text):
        found = unsafe.search(text.replace("\x00", ""))
        if found:
            raise forms.ValidationError(
                _(
                    "This text holds an invisible control character (U+%(code)s), perhaps "
                    "pasted with it. Delete it, or type the text again."
                ),
                code="control_character",
                params={"code": f"{ord(found.group()):04X}"},
            )

    return refuse


# Text with lines (a question, an answer) keeps tabs and line breaks; a line keeps none.
refuse_in_lines = refusing(MULTI_LINE)
TEXT_RULES = {
    **dict.fromkeys(["question", "answer", "abstain_rationale"], refuse_in_lines),
    "closing_line": refusing(ONE_LINE),
}
REVIEW_FIELDS = ["status", "reviewed_at", "reviewed_by"]


class RulingForm(TranslationsOnlyMixin, WagtailAdminModelForm):
    """A change to a published answer needs a public correction (a translation or a draft
    does not); only those who may review change the review."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.may_review = may_review(self.for_user)
        if not self.may_review:
            self.keep_review_as_stored()
        for name, rule in TEXT_RULES.items():
            for code in mt_settings.AVAILABLE_LANGUAGES:
                field = self.fields.get(build_localized_fieldname(name, code))
                if field is not None:
                    field.validators.append(rule)
        # Only the statuses the ruling's origin allows (the database refuses the others).
        if "status" in self.fields:
            self.fields["status"].choices = [
                (status.value, status.label)
                for status in Ruling.Status.for_origin(self.instance.origin)
            ]
        citations = self.formsets.get("citations")
        if citations is not None:
            passages = Passage.objects.select_related("document").defer(
                "search_en", "search_es", "text"
            )
            preload(citations.forms, "passage", passages)
            preload(citations.forms, "document", Document.objects.all())

    def keep_review_as_stored(self):
        """The review stays as stored, whatever the form was built from or is sent."""
        ruling = self.instance
        stored = ruling.pk and Ruling.objects.filter(pk=ruling.pk).values(*REVIEW_FIELDS).first()
        if not stored:  # a new ruling starts unreviewed
            status = Ruling.Status.first_for(ruling.origin)
            stored = {"status": status, "reviewed_at": None, "reviewed_by": ""}
        for name, value in stored.items():
            setattr(ruling, name, value)
            if name in self.fields:
                self.initial[name] = value
                read_only(self.fields[name])

    @cached_property
    def published(self):
        if not self.instance.pk or not self.instance.live:
            return None
        rulings = Ruling.objects.select_related("edition").prefetch_related("citations")
        return rulings.get(pk=self.instance.pk)

    def answer_changed(self):
        published = self.published
        if published is None:
            return False
        # The answer in the language it is written in (its edition's): translating it is
        # not correcting it (a translation's freshness is recorded apart, core.freshness).
        written = ["answer", build_localized_fieldname("answer", published.language)]
        if any(
            as_read(self.cleaned_data.get(name)) != as_read(getattr(published, name))
            for name in written
            if name in self.fields
        ):
            return True
        citations = self.formsets.get("citations")
        if citations is None:
            return False
        kept = [form.instance for form in kept_forms(citations)]
        # Reordering the list changes nothing a reader sees: [n] numbers carry the meaning.
        return Counter(map(as_cited, published.citations.all())) != Counter(map(as_cited, kept))

    def new_corrections(self):
        """Corrections readers have not seen yet: added now, or waiting in the draft."""
        formset = self.formsets.get("corrections")
        if formset is None or not formset.is_valid():
            return []
        return [form for form in kept_forms(formset) if form.instance.pk is None]

    def refuse_other_editions(self, edition):
        formset = self.formsets.get("citations")
        if formset is None or edition is None:
            return
        for form in kept_forms(formset):
            passage, document = form.cleaned_data.get("passage"), form.cleaned_data.get("document")
            if passage and passage.document.edition_id != edition.pk:
                form.add_error("passage", _("Choose a passage of this ruling's edition."))
            elif not passage and document and document.edition_id != edition.pk:
                form.add_error("document", _("Choose a document of this ruling's edition."))

    def clean(self):
        cleaned_data = super().clean()
        self.refuse_other_editions(cleaned_data.get("edition"))
        status = cleaned_data.get("status")
        becomes_corrected = (
            status == Ruling.Status.CORRECTED
            and self.published is not None
            and self.published.status != Ruling.Status.CORRECTED
        )
        if (self.answer_changed() or becomes_corrected) and not self.new_corrections():
            self.add_error(
                None,
                _(
                    "This ruling's answer is public. To change it or mark it corrected, add a "
                    "correction saying what was wrong and what it says now; readers will see it."
                ),
            )
        return cleaned_data

    def save(self, commit=True):
        ruling = super().save(commit=False)
        if self.may_review:
            if self.answer_changed() and ruling.status != Ruling.Status.WITHDRAWN:
                ruling.status = Ruling.Status.CORRECTED
            decided = "status" in self.changed_data or self.answer_changed()
            if decided and ruling.status in Ruling.Status.decided():
                ruling.record_review(self.for_user)
        if commit:
            ruling.save()
            self.save_m2m()
        return ruling


def kept_forms(formset):
    """The forms a save keeps: valid, not deleted, and not an extra form left empty."""
    return [
        form
        for form in formset.forms
        if form.is_valid()
        and not form.cleaned_data.get("DELETE")
        and (form.has_changed() or form in formset.initial_forms)
    ]


def as_read(text):
    """Text as readers read it: a browser posts a text area's lines ending in CRLF."""
    return (text or "").replace("\r\n", "\n").strip()


def as_cited(citation):
    if citation.passage_id:
        cites = (citation.passage_id,)
    else:
        cites = (citation.document_id, citation.page, citation.heading_path)
    return citation.n, cites, as_read(citation.quote)
