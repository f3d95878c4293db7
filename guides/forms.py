"""The rules a guide must meet to go live, the guide's edit form that applies them, and the
form that marks a translation up to date."""

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.formats import date_format
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from modeltranslation.utils import build_localized_fieldname

from catalogue.models import Game
from core.forms import TranslatablePageForm, read_only
from core.freshness import mark_for
from core.roles import MARK_TRANSLATION, public_name
from core.translated_fields import SOURCE_LANGUAGE, target_languages

from .models.history import translation_changed_since


class ChangeKind(models.TextChoices):
    """What an editor says a publish is: it decides the version number and the log line."""

    MINOR = "minor", _("Minor edit: wording, a typo or a link; the rules it states are unchanged")
    SUBSTANTIVE = "substantive", _("Substantive change: a new version")


class PublishRefused(ValidationError):
    """A guide that may not go live as it stands (no source, no checked date…)."""


def publish_problems(page):
    """What stops `page`, as it would go live, from being published (empty: nothing)."""
    return problems_with(
        checked_on=page.checked_on,
        has_sources=any(source.document_id for source in page.sources.all()),
        substantive=page.change_kind == ChangeKind.SUBSTANTIVE,
        note=stored(page, "change_summary"),
    )


def problems_with(*, checked_on, has_sources, substantive, note):
    problems = []
    if not checked_on:
        problems.append(_("give the date the guide was checked against its sources"))
    if not has_sources:
        problems.append(_("add at least one source under “Sources and scope”"))
    if substantive and not note:
        problems.append(_("say in the change-log note what the new version changes"))
    return problems


def refusal_message(problems):
    """The message an editor sees when a publish is refused and the draft was kept."""
    return ngettext(
        "Your changes were saved as a draft, but not published. To publish, %(problems)s.",
        "Your changes were saved as a draft, but not published. To publish: %(problems)s.",
        len(problems),
    ) % {"problems": "; ".join(str(problem) for problem in problems)}


def stored(page, field, language=SOURCE_LANGUAGE):
    return (getattr(page, build_localized_fieldname(field, language)) or "").strip()


class GuidePageForm(TranslatablePageForm):
    """Publishing rules are checked on publish, after the draft is saved; a submission for
    review is checked here, as the reviewer publishes exactly what was submitted."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "expansions" in self.fields:
            game_page = self.parent_page.specific if self.parent_page else None
            game_id = getattr(game_page, "game_id", None)
            self.fields["expansions"].queryset = Game.objects.filter(expansion_of_id=game_id)
        if not (self.for_user and self.for_user.has_perm(MARK_TRANSLATION)):
            for language in target_languages():
                field = self.fields.get(build_localized_fieldname("translation_current", language))
                if field is not None:
                    read_only(field)

    def clean(self):
        cleaned_data = super().clean()
        if self.data.get("action-submit") and not self.is_deferred_validation:
            for problem in problems_with(
                checked_on=cleaned_data.get("checked_on"),
                has_sources=self._has_sources(),
                substantive=cleaned_data.get("change_kind") == ChangeKind.SUBSTANTIVE,
                note=(cleaned_data.get(f"change_summary_{SOURCE_LANGUAGE}") or "").strip(),
            ):
                self.add_error(None, capfirst(problem) + ".")
        return cleaned_data

    def save(self, commit=True):
        """Whoever states the date the guide was checked is named as having checked it."""
        if "checked_on" in self.changed_data:
            page = self.instance
            page.checked_by = public_name(self.for_user) if page.checked_on else ""
        return super().save(commit=commit)

    def full_clean(self):
        """After Django's cleaning has put the posted values on the page, as it would be saved:
        "now up to date" needs an edited translation or a note saying why not."""
        super().full_clean()
        if not self.is_bound or self.is_deferred_validation:
            return
        page = self.instance
        for language in target_languages():
            field = build_localized_fieldname("translation_current", language)
            note = build_localized_fieldname("change_summary", language)
            if not self.cleaned_data.get(field) or (self.cleaned_data.get(note) or "").strip():
                continue
            versions = list(page.versions.select_related("revision")) if page.pk else []
            record = mark_for(page, language) if page.pk else None
            if not translation_changed_since(page, language, versions, record):
                self.add_error(
                    field,
                    _(
                        "The text in this language has not changed since the version it "
                        "follows. Update it, or say in this language's change-log note why it "
                        "needs no change."
                    ),
                )

    def _has_sources(self):
        formset = self.formsets.get("sources")
        if formset is None or not formset.is_valid():
            return False
        return any(
            form.cleaned_data.get("document") and not form.cleaned_data.get("DELETE")
            for form in formset.forms
            if form.cleaned_data
        )


class MarkUpToDateForm(forms.Form):
    """ "Mark up to date" needs an edited translation or a (public) reason; the original's
    change-log lines without a note in `language`, out of the page editor's reach, are
    offered here to translate."""

    def __init__(self, *args, changes, language, reason_required, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["reason"] = forms.CharField(
            label=_("Note for the change log"),
            help_text=_(
                "Shown to readers of this language in the guide's change log. Required when "
                "the translation has not been edited since the version it follows: say why "
                "it needs no change."
            ),
            max_length=255,
            required=reason_required,
            widget=forms.Textarea(attrs={"rows": 2}),
        )
        self.field_name = build_localized_fieldname("note", language)
        self.changes = {}
        for change in changes:
            if change.language or getattr(change, self.field_name):
                continue
            name = f"note_{change.pk}"
            self.changes[name] = change
            self.fields[name] = forms.CharField(
                label=_("Version %(number)s, %(date)s")
                % {"number": change.version.number, "date": date_format(change.published_at)},
                help_text=getattr(change, build_localized_fieldname("note", SOURCE_LANGUAGE)),
                max_length=change._meta.get_field(self.field_name).max_length,
                required=False,
            )

    def save(self):
        for name, change in self.changes.items():
            text = self.cleaned_data.get(name, "").strip()
            if text:
                setattr(change, self.field_name, text)
                change.save(update_fields=[self.field_name])
