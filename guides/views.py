"""Translators' admin views: the translations dashboard and "mark up to date"."""

from django.contrib.auth.mixins import PermissionRequiredMixin
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import TemplateView
from wagtail.admin import messages
from wagtail.admin.views.generic.base import WagtailAdminTemplateMixin
from wagtail.admin.views.pages.utils import get_valid_next_url_from_request
from wagtail.models import Page

from catalogue.glossary import everyday_terms, game_terms, inconsistent_renderings
from core.cache_tags import game as game_tag
from core.cache_tags import game_guides
from core.freshness import STATUS_ORDER, TranslationStatus, mark_for, status_counts
from core.page_cache import remembered
from core.roles import MARK_TRANSLATION
from core.translated_fields import (
    SOURCE_LANGUAGE,
    field_label,
    has_translation,
    target_languages,
    untranslated_fields,
)
from rulings.models import Ruling
from rulings.translation_admin import can_mark as can_mark_ruling
from rulings.translation_admin import language_name
from rulings.translation_admin import mark_url as ruling_mark_url
from rulings.translation_listing import listed_rulings, ruling_states

from .comparison import changes_between, render_changes
from .forms import MarkUpToDateForm
from .models import GamePage, GuidePage
from .models.history import followed_text, translation_changed_since, translation_state
from .panels import changes_requested
from .publishing import mark_translation_current, submit_mark_for_review
from .translation_listing import guide_states, listed_guides, paged

VIEW_PERMISSION = "core.view_translationmark"


def can_mark_up_to_date(user, page):
    """Marking needs the permission and the right to edit this page."""
    return user.has_perm(MARK_TRANSLATION) and page.permissions_for_user(user).can_edit()


def glossary_warnings(page, language):
    """The glossary terms the guide's English uses and its `language` text renders otherwise,
    but for the game's everyday words (`catalogue.glossary.everyday_terms`), read over its
    published guides' lines and remembered until its glossary or guides change."""
    game_id = getattr(page, "game_id", None)
    terms = game_terms(game_id, language)

    def everyday():
        english, translated = [], []
        game_page = GamePage.objects.filter(game_id=game_id).first()
        if game_page is not None:
            guides = GuidePage.objects.live().child_of(game_page)
            for text_en, text in guides.values_list("search_text_en", f"search_text_{language}"):
                english += text_en.splitlines()
                translated += text.splitlines()
        return everyday_terms(terms, english, translated, language)

    if terms:
        key, tags = f"everyday:{game_id}:{language}", [game_tag(game_id), game_guides(game_id)]
        common = remembered(key, everyday, tags)
        terms = [term for term in terms if term.english not in common]
    english, translated = (getattr(page, f"search_text_{code}", "") for code in ("en", language))
    return inconsistent_renderings(english, translated, terms, language)


def other_pages(request, language):
    """Published pages without versions (home, games, policy…), a page of them at a time:
    translated or not, per field."""
    pages = Page.objects.live().filter(depth__gt=1).not_type(GuidePage).order_by("path")
    listing = paged(request, pages.specific(), "op")
    listing["page"].object_list = [
        {
            "page": page,
            "missing": not has_translation(page, language),
            "untranslated": [
                capfirst(field_label(type(page), name))
                for name in untranslated_fields(page, language)
            ],
        }
        for page in listing["page"].object_list
    ]
    return listing


class TranslationsDashboardView(PermissionRequiredMixin, WagtailAdminTemplateMixin, TemplateView):
    """Every published guide's translation: missing, behind its English original, or current."""

    permission_required = VIEW_PERMISSION
    raise_exception = True
    template_name = "guides/admin/translations_dashboard.html"
    page_title = gettext_lazy("Translations")
    header_icon = "globe"

    def get_breadcrumbs_items(self):
        return self.breadcrumbs_items + [{"url": "", "label": self.get_page_title()}]

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        languages = target_languages()
        language = self.request.GET.get("language")
        language = language if language in languages else languages[0]
        status = self.request.GET.get("status")
        status = status if status in TranslationStatus.values else ""
        # Counted and paged over the stored statuses; full states of the rows shown only.
        counts = status_counts(GuidePage, language)
        pks = listed_guides(language, status).values_list("pk", flat=True)
        guides = paged(self.request, pks, "p")
        rows = guide_states(language, pks=list(guides["page"]))
        comments = changes_requested([state.page for state, _game in rows])
        ruling_counts = status_counts(Ruling, language)
        ruling_pages = listed_rulings(language, status).values_list("pk", flat=True)
        ruling_pages = paged(self.request, ruling_pages, "rp")
        order = {pk: index for index, pk in enumerate(ruling_pages["page"])}
        states = sorted(
            ruling_states(language, pks=list(order)), key=lambda state: order[state.ruling.pk]
        )
        mark_url = ruling_mark_url if can_mark_ruling(self.request.user) else lambda *_: ""
        context.update(
            {
                "language": language,
                "language_name": language_name(language),
                "languages": [(code, language_name(code)) for code in languages],
                "statuses": [(s.value, s.label, counts[s.value]) for s in STATUS_ORDER],
                "status": status,
                "total": counts.total(),
                "guides": guides,
                "rows": [self.row(state, game, comments) for state, game in rows],
                "other_pages": other_pages(self.request, language),
                "next_url": self.request.get_full_path(),
                "rulings": ruling_pages,
                "ruling_rows": [
                    {"state": state, "mark_url": mark_url(state.ruling, language)}
                    for state in states
                ],
                "ruling_counts": [(s.label, ruling_counts[s.value]) for s in STATUS_ORDER],
            }
        )
        return context

    def row(self, state, game, comments):
        changes = []
        if state.status == TranslationStatus.BEHIND:
            record = next(iter(state.page.language_records), None)
            before = followed_text(list(state.page.versions.all()), record)
            changes = changes_between(before, state.page, SOURCE_LANGUAGE)
        return {
            "state": state,
            "game": game,
            "changed": [change.label for change in changes],
            "changes_html": render_changes(changes, heading_level=4) if changes else "",
            "review_comment": comments.get(state.page.pk),
            "glossary": glossary_warnings(state.page, state.language),
            "can_mark": state.current is not None
            and state.status != TranslationStatus.CURRENT
            and can_mark_up_to_date(self.request.user, state.page),
        }


class MarkTranslationUpToDateView(WagtailAdminTemplateMixin, TemplateView):
    """State that a translation says what English version M says, after seeing what changed
    (GET); recorded with the version number the person saw (POST)."""

    template_name = "core/admin/mark_translation_up_to_date.html"
    header_icon = "globe"

    def dispatch(self, request, page_id, language):
        self.page, self.language = get_object_or_404(GuidePage, pk=page_id), language
        if language not in target_languages() or not can_mark_up_to_date(request.user, self.page):
            raise PermissionDenied
        self.versions = list(self.page.versions.select_related("revision"))
        if not self.versions:
            messages.error(request, _("This guide has no published version to follow yet."))
            return redirect(self.get_next_url())
        self.record = mark_for(self.page, language)
        self.can_publish = self.page.permissions_for_user(request.user).can_publish()
        self.edited_since = translation_changed_since(
            self.page, language, self.versions, self.record
        )
        self.form = MarkUpToDateForm(
            request.POST if request.method == "POST" else None,
            changes=self.page.changes.filter(language="").select_related("version"),
            language=language,
            reason_required=not self.edited_since,
        )
        return super().dispatch(request, page_id, language)

    def get_page_title(self):
        return _("Mark the %(language)s translation up to date") % {
            "language": language_name(self.language)
        }

    def get_page_subtitle(self):
        return self.page.get_admin_display_title()

    def get_breadcrumbs_items(self):
        return self.breadcrumbs_items + [
            {"url": reverse("guides_translations"), "label": _("Translations")},
            {"url": "", "label": self.get_header_title()},
        ]

    def get_next_url(self):
        return get_valid_next_url_from_request(self.request) or reverse("guides_translations")

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        state = translation_state(
            self.page,
            self.language,
            self.versions,
            self.record,
            changes=self.page.changes.all(),
            corrections=self.page.corrections.all(),
        )
        before = followed_text(self.versions, self.record)
        context.update(
            {
                "numbered": True,
                "state": state,
                "compared_with": state.follows or min(v.number for v in self.versions),
                "changes_html": render_changes(changes_between(before, self.page, SOURCE_LANGUAGE)),
                "review_comment_html": render_to_string(
                    "guides/admin/review_comment.html",
                    {"comment": changes_requested([self.page]).get(self.page.pk)},
                ),
                "unpublished_changes": self.page.has_unpublished_changes,
                "goes_to_review": not self.can_publish,
                "edited_since": self.edited_since,
                "language_name": language_name(self.language),
                "form": self.form,
                "next_url": self.get_next_url(),
            }
        )
        return context

    def post(self, request, page_id, language):
        try:
            number = int(request.POST.get("version", ""))
        except ValueError:
            number = None
        version = next((v for v in self.versions if v.number == number), None)
        if version is None:
            messages.error(request, _("Choose a published version of this guide."))
            return redirect(request.get_full_path())
        if not self.form.is_valid():
            return self.get(request, page_id, language)
        self.form.save()
        reason = self.form.cleaned_data["reason"]
        values = {
            "language": language_name(language),
            "title": self.page.get_admin_display_title(),
            "number": version.number,
        }
        if self.can_publish:
            mark_translation_current(self.page, language, version, request.user, reason)
            messages.success(
                request,
                _(
                    "The %(language)s translation of “%(title)s” is marked up to date with "
                    "English version %(number)s."
                )
                % values,
            )
        elif submit_mark_for_review(self.page, language, request.user, reason) is None:
            messages.error(
                request, _("“%(title)s” has no review workflow: ask an editor to mark it.") % values
            )
        else:
            messages.success(
                request,
                _(
                    "Submitted for review: the %(language)s translation of “%(title)s” up to "
                    "date with English version %(number)s. It is marked once an editor "
                    "approves it."
                )
                % values,
            )
        return redirect(self.get_next_url())
