"""Admin forms in which translators change only the translations: what they may not
change is kept on the server and rendered as text, not as inputs."""

from django import forms
from django.template.loader import render_to_string
from django.utils.formats import localize
from django.utils.html import escape, linebreaks
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _
from modeltranslation.translator import NotRegistered, translator
from modeltranslation.utils import build_localized_fieldname
from wagtail.admin.forms import WagtailAdminPageForm
from wagtail.blocks import StreamValue
from wagtail.rich_text import expand_db_html

from .concurrent_edits import MERGE_BASE, add_merge_fields, merge_newer_version
from .roles import edits_translations_only
from .translated_fields import SOURCE_LANGUAGE, target_languages

# Form fields a translator keeps that are not content.
NOT_CONTENT = {"comment_notifications"}


def display_html(field, value):
    """`value` of form `field` as safe HTML a person reads (rich text and streams rendered)."""
    if value in (None, "", []):
        return "—"
    if isinstance(value, StreamValue):
        return value.render_as_block()
    if hasattr(field, "choices") and not isinstance(field, forms.ModelChoiceField):
        labels = {str(key): label for key, label in field.choices}
        return escape(labels.get(str(value), value))
    if isinstance(field, forms.ModelChoiceField):
        obj = value if hasattr(value, "pk") else field.queryset.filter(pk=value).first()
        return escape(str(obj)) if obj is not None else "—"
    if isinstance(field, forms.BooleanField):
        return escape(localize(bool(value)))
    text = str(value)
    if getattr(field.widget, "accepts_features", False):
        return expand_db_html(text)  # rich text: show it as the reader sees it
    return linebreaks(escape(localize(value) if not isinstance(value, str) else text))


class ReadOnlyValue(forms.Widget):
    """Renders a disabled field's value as text, never as an input whose typing would be
    thrown away; nothing is posted for it, as a browser would behave."""

    template_name = "core/admin/read_only_value.html"

    def __init__(self, field, attrs=None):
        super().__init__(attrs)
        self.field = field

    def render(self, name, value, attrs=None, renderer=None):
        attrs = self.build_attrs(self.attrs, attrs)
        value = mark_safe(display_html(self.field, value))
        return render_to_string(
            self.template_name, {"id": attrs.get("id", f"id_{name}"), "value": value}
        )

    def value_from_datadict(self, data, files, name):
        return None

    def value_omitted_from_data(self, data, files, name):
        return False


def translation_field_names(model, written_in=SOURCE_LANGUAGE):
    """The fields translators fill in: every translated field in a language the text was
    not written in (a Spanish ruling's Spanish is its original, the editors' to correct)."""
    try:
        options = translator.get_options_for_model(model)
    except NotRegistered:
        return set()
    return {
        build_localized_fieldname(name, code)
        for name in options.all_fields
        for code in target_languages()
        if code != written_in
    }


def keep_only(form, editable, keep_posting=()):
    """Disable every field of `form` outside `editable` (Django keeps its value whatever is
    posted) but `keep_posting`, a row's id and parent key the browser must still send."""
    for name, field in form.fields.items():
        if name not in editable and name not in keep_posting:
            read_only(field)


def read_only(field):
    """The field keeps the value the form was built with, and shows it as text."""
    field.disabled = True
    if not field.widget.is_hidden:
        field.widget = ReadOnlyValue(field)


class TranslationsOnlyMixin:
    """For a Wagtail admin form: a user whose only role is Translators changes the translated
    fields only, and their save is merged with a newer version (`core.concurrent_edits`)."""

    merged_with = None
    written_in = SOURCE_LANGUAGE

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        model = type(self.instance)
        # A statement about a translation has no source-language variant to show.
        for name in getattr(model, "translation_statements", ()):
            self.fields.pop(build_localized_fieldname(name, SOURCE_LANGUAGE), None)
        self.translations_only = edits_translations_only(self.for_user)
        if not self.translations_only:
            return
        self.written_in = getattr(self.instance, "written_in", SOURCE_LANGUAGE)
        keep_only(self, translation_field_names(model, self.written_in) | NOT_CONTENT)
        if getattr(self.instance, "latest_revision_id", None):
            add_merge_fields(self)
        for formset in self.content_formsets().values():
            # Rows are the editors': translators translate those there are, add none.
            formset.max_num = formset.initial_form_count()
            editable = translation_field_names(formset.model, self.written_in)
            keys = {formset.model._meta.pk.name, getattr(getattr(formset, "fk", None), "name", "")}
            for form in formset.forms:
                keep_only(form, editable, keep_posting=keys)

    def content_formsets(self):
        """The formsets of content rows: not Wagtail's comments, which translators write like
        everyone else."""
        return {name: rows for name, rows in self.formsets.items() if name != "comments"}

    def clean(self):
        cleaned_data = super().clean()
        if self.translations_only and MERGE_BASE in self.fields:
            editable = translation_field_names(type(self.instance), self.written_in)
            editable &= set(self.fields)
            rows = {
                name: translation_field_names(formset.model, self.written_in)
                for name, formset in self.content_formsets().items()
            }
            self.merged_with = merge_newer_version(self, cleaned_data, editable, rows)
        if self.translations_only and any(
            form.has_changed()
            for formset in self.content_formsets().values()
            for form in formset.extra_forms
        ):
            self.add_error(
                None,
                _(
                    "Translators can translate existing sources and corrections but not add "
                    "new ones; ask an editor to add them in English first."
                ),
            )
        return cleaned_data


class TranslatablePageForm(TranslationsOnlyMixin, WagtailAdminPageForm):
    """Base form of every page type: translators change only the translations."""
