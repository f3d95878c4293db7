"""Translators' admin for rulings: "mark up to date" and the edit page's translation panel
(what the dashboard lists: `translation_listing`). Marking up to date is an explicit statement
made after seeing what changed in the English: it needs the translation edited since, or a
reason (`core.freshness`)."""

from django import forms
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import translation
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import FormView
from wagtail.admin import messages
from wagtail.admin.panels import Panel
from wagtail.admin.utils import get_valid_next_url_from_request
from wagtail.admin.views.generic.base import WagtailAdminTemplateMixin

from core.freshness import (
    edited_since,
    english_revision,
    followed_english,
    mark_for,
    mark_up_to_date,
    translation_state,
)
from core.roles import MARK_TRANSLATION
from core.translated_fields import SOURCE_LANGUAGE, field_label, stored, target_languages

from .models import Ruling

LOG_ACTION = "rulings.translation_up_to_date"


def mark_translation_current(ruling, language, user, note=""):
    follows = english_revision(ruling, user)
    return mark_up_to_date(ruling, language, follows, user, note, LOG_ACTION, {"note": note or ""})


def language_name(code):
    return translation.get_language_info(code)["name_translated"]


def can_mark(user):
    return user.has_perm(MARK_TRANSLATION) and user.has_perm("rulings.change_ruling")


def mark_url(ruling, language):
    return reverse("rulings_translation_up_to_date", args=(ruling.pk, language))


class MarkUpToDateForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Why it needs no change"),
        help_text=gettext_lazy(
            "Required when the translation has not been edited since the English it "
            "follows: say why the English change needs no change here."
        ),
        max_length=255,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class MarkRulingTranslationView(WagtailAdminTemplateMixin, FormView):
    """GET: the English then and now beside the translation; POST: mark it up to date."""

    template_name = "core/admin/mark_translation_up_to_date.html"
    header_icon = "globe"
    form_class = MarkUpToDateForm

    def dispatch(self, request, pk, language):
        if language not in target_languages() or not can_mark(request.user):
            raise PermissionDenied
        self.ruling = get_object_or_404(Ruling, pk=pk)
        self.language = language
        self.record = mark_for(self.ruling, language)
        self.edited = edited_since(self.ruling, language, self.record)
        return super().dispatch(request, pk, language)

    def get_form(self, form_class=None):
        form = super().get_form(form_class)
        form.fields["reason"].required = not self.edited
        return form

    def get_page_title(self):
        return _("Mark the %(language)s translation up to date") % {
            "language": language_name(self.language)
        }

    def get_page_subtitle(self):
        return self.ruling.question_en

    def get_next_url(self):
        # By default the translators' dashboard, named as it lives in a higher layer.
        return get_valid_next_url_from_request(self.request) or reverse("guides_translations")

    def get_context_data(self, **kwargs):
        before = followed_english(self.record)
        rows = []
        for name in ("question", "answer", "closing_line", "abstain_rationale"):
            now = stored(self.ruling, name, SOURCE_LANGUAGE) or ""
            then = stored(before, name, SOURCE_LANGUAGE) or "" if before else None
            translated = stored(self.ruling, name, self.language) or ""
            if now or then or translated:
                rows.append(
                    {
                        "label": capfirst(field_label(Ruling, name)),
                        "then": then,
                        "now": now,
                        "changed": then is not None and then != now,
                        "translated": translated,
                    }
                )
        return super().get_context_data(
            **kwargs,
            ruling=self.ruling,
            state=translation_state(self.ruling, self.language, self.record),
            rows=rows,
            edited_since=self.edited,
            language_name=language_name(self.language),
            next_url=self.get_next_url(),
            edit_url=reverse("wagtailsnippets_rulings_ruling:edit", args=[self.ruling.pk]),
        )

    def form_valid(self, form):
        reason = form.cleaned_data["reason"]
        mark_translation_current(self.ruling, self.language, self.request.user, reason)
        messages.success(
            self.request,
            _("The %(language)s translation of “%(question)s” is marked up to date.")
            % {"language": language_name(self.language), "question": self.ruling.question_en},
        )
        return redirect(self.get_next_url())


class TranslationStatePanel(Panel):
    class BoundPanel(Panel.BoundPanel):
        template_name = "rulings/admin/translation_state_panel.html"

        def get_context_data(self, parent_context=None):
            context = super().get_context_data(parent_context)
            ruling = self.instance
            context["states"] = [
                translation_state(ruling, language, mark_for(ruling, language))
                for language in target_languages()
                # Written in it: the original, not a translation.
                if ruling.pk and language != ruling.language
            ]
            context["may_mark"] = can_mark(self.request.user)
            return context
