"""Admin forms in which translators change only the translations: every page type's base
form, and any other admin form that mixes `TranslationsOnlyMixin` in (rulings).

A user whose only role is Translators may change the translated fields (in the target
languages) and nothing else; English text, settings and the editors' child rows keep their
stored values whatever is posted. Enforced on the server, and shown honestly: what they
may not change is rendered as text, not as inputs whose typing would be thrown away.
"""

from django.utils.translation import gettext_lazy as _
from modeltranslation.translator import NotRegistered, translator
from modeltranslation.utils import build_localized_fieldname
from wagtail.admin.forms import WagtailAdminPageForm

from .concurrent_edits import MERGE_BASE, add_merge_fields, merge_newer_version
from .roles import edits_translations_only
from .translated_fields import SOURCE_LANGUAGE, target_languages
from .widgets import ReadOnlyValue

# Form fields a translator keeps that are not page content: whether to be told of comments.
NOT_CONTENT = {"comment_notifications"}
# Wagtail's comments formset: translators comment like everyone else.
NOT_CONTENT_FORMSETS = {"comments"}


def translation_field_names(model):
    """The model's translated fields in the target languages (`title_es`, `body_es`, …)."""
    try:
        options = translator.get_options_for_model(model)
    except NotRegistered:
        return set()
    return {
        build_localized_fieldname(name, code)
        for name in options.all_fields
        for code in target_languages()
    }


def keep_only(form, editable, keep_posting=()):
    """Show every field of `form` outside `editable` as read-only text.

    Django ignores posted data for a disabled field and keeps the value it was built with
    (the page's latest revision), so English text stays as it was whatever is sent; the
    field is rendered as text, not as an input whose typing would be thrown away.
    `keep_posting` names fields the browser must still send: a formset row's id and parent
    key (Django reads them from the POST to match rows; a browser never sends a disabled
    field). Django's formsets check a posted id belongs to the parent, so it cannot be
    pointed at another object.
    """
    for name, field in form.fields.items():
        if name in editable or name in keep_posting:
            continue
        read_only(field)


def read_only(field):
    """The field keeps the value the form was built with, and shows it as text."""
    field.disabled = True
    if not field.widget.is_hidden:
        field.widget = ReadOnlyValue(field)


def row_keys(formset):
    """The fields every row of `formset` posts so Django can tell which stored row it is."""
    keys = {formset.model._meta.pk.name}
    fk = getattr(formset, "fk", None)
    if fk is not None:
        keys.add(fk.name)
    return keys


class TranslationsOnlyMixin:
    """For a Wagtail admin form (pages, snippets): a user whose only role is Translators
    may change the translated fields and nothing else; English text, settings and the
    child rows (sources, corrections, citations) keep their stored values. Enforced here,
    on the server, not by hiding inputs. A translator's save after someone else saved a
    newer version is merged with it field by field (`core.concurrent_edits`)."""

    merged_with = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        model = type(self.instance)
        # A statement about a translation has no source-language variant to show.
        for name in getattr(model, "translation_statements", ()):
            self.fields.pop(build_localized_fieldname(name, SOURCE_LANGUAGE), None)
        self.translations_only = edits_translations_only(self.for_user)
        if not self.translations_only:
            return
        keep_only(self, translation_field_names(model) | NOT_CONTENT)
        if getattr(self.instance, "latest_revision_id", None):
            add_merge_fields(self)
        for name, formset in self.formsets.items():
            if name in NOT_CONTENT_FORMSETS:
                continue
            # Rows are the editors' (sources, corrections): translators translate the rows
            # there are, and the editor offers no add, delete or reorder controls to them.
            formset.max_num = formset.initial_form_count()
            editable = translation_field_names(formset.model)
            for form in formset.forms:
                keep_only(form, editable, keep_posting=row_keys(formset))

    def clean(self):
        cleaned_data = super().clean()
        if self.translations_only and MERGE_BASE in self.fields:
            editable = translation_field_names(type(self.instance)) & set(self.fields)
            rows = {
                name: translation_field_names(formset.model)
                for name, formset in self.formsets.items()
                if name not in NOT_CONTENT_FORMSETS
            }
            self.merged_with = merge_newer_version(self, cleaned_data, editable, rows)
        if self.translations_only and self._adds_child_rows():
            self.add_error(
                None,
                _(
                    "Translators can translate existing sources and corrections but not add "
                    "new ones; ask an editor to add them in English first."
                ),
            )
        return cleaned_data

    def _adds_child_rows(self):
        return any(
            form.has_changed()
            for name, formset in self.formsets.items()
            if name not in NOT_CONTENT_FORMSETS
            for form in formset.extra_forms
        )


class TranslatablePageForm(TranslationsOnlyMixin, WagtailAdminPageForm):
    """Base form of every page type: translators change only the translations."""
