"""Admin form for guides: publishing needs sources and a checked date; drafts do not."""

from django.utils.translation import gettext_lazy as _
from wagtail.admin.forms import WagtailAdminPageForm


class GuidePageForm(WagtailAdminPageForm):
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
