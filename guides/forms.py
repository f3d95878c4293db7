"""Admin forms: translators change only translations; publishing a guide needs sources."""

from django import forms
from django.utils.translation import gettext_lazy as _
from modeltranslation.translator import NotRegistered, translator
from modeltranslation.utils import build_localized_fieldname
from wagtail.admin.forms import WagtailAdminPageForm

from .roles import edits_translations_only
from .translated_fields import SOURCE_LANGUAGE, target_languages

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


def keep_only(form, editable):
    """Disable every field of `form` outside `editable`.

    Django ignores posted data for a disabled field and keeps the value it was built with
    (the page's latest revision), so English text stays as it was whatever is sent.
    """
    for name, field in form.fields.items():
        if name not in editable:
            field.disabled = True


class TranslatablePageForm(WagtailAdminPageForm):
    """Base form of every page type.

    A user whose only role is Translators may change the translated fields and nothing
    else: English text, settings and the child rows (sources, corrections) keep their
    stored values. Enforced here, on the server, not by hiding inputs.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.translations_only = edits_translations_only(self.for_user)
        if not self.translations_only:
            return
        keep_only(self, translation_field_names(self._meta.model) | NOT_CONTENT)
        for name, formset in self.formsets.items():
            if name in NOT_CONTENT_FORMSETS:
                continue
            editable = translation_field_names(formset.model)
            for form in formset.forms:
                keep_only(form, editable)

    def clean(self):
        cleaned_data = super().clean()
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


class GuidePageForm(TranslatablePageForm):
    def clean(self):
        cleaned_data = super().clean()
        # Wagtail defers required-field validation when saving a draft; only publishing
        # (or submitting for moderation) must meet the sourcing rule.
        if self.is_deferred_validation:
            return cleaned_data
        if not cleaned_data.get("checked_on"):
            self.add_error(
                "checked_on",
                _("Give the date this guide was checked against its sources before publishing."),
            )
        if not self._has_sources():
            self.add_error(
                None,
                _(
                    "A guide cannot be published without at least one source. Add the "
                    "documents it was checked against under “Sources and scope”."
                ),
            )
        return cleaned_data

    def _has_sources(self):
        formset = self.formsets.get("sources")
        if formset is None or not formset.is_valid():
            return False
        return any(
            form.cleaned_data.get("document") and not form.cleaned_data.get("DELETE")
            for form in formset.forms
            if form.cleaned_data
        )


class ChangeLogTranslationForm(forms.Form):
    """The change-log lines of a guide's versions that have no translation into `language`.

    Versions are not page content, so the page editor cannot reach them; translators fill
    them in when they bring the translation up to date.
    """

    def __init__(self, *args, versions, language, **kwargs):
        super().__init__(*args, **kwargs)
        self.language = language
        self.field_name = build_localized_fieldname("summary", language)
        self.versions = {}
        for version in sorted(versions, key=lambda v: -v.number):
            if getattr(version, self.field_name):
                continue
            name = f"summary_{version.number}"
            self.versions[name] = version
            self.fields[name] = forms.CharField(
                label=_("Version %(number)s") % {"number": version.number},
                help_text=getattr(version, build_localized_fieldname("summary", SOURCE_LANGUAGE)),
                max_length=version._meta.get_field(self.field_name).max_length,
                required=False,
            )

    def save(self):
        for name, version in self.versions.items():
            text = self.cleaned_data.get(name, "").strip()
            if text:
                setattr(version, self.field_name, text)
                version.save(update_fields=[self.field_name])
