"""Admin wiring for translators: dashboard, menu item, page action, history and permissions."""

from django.contrib.auth.models import Permission
from django.shortcuts import redirect
from django.urls import path, reverse
from django.utils.translation import gettext_lazy as _
from wagtail import hooks
from wagtail.admin import messages
from wagtail.admin.action_menu import ActionMenuItem
from wagtail.admin.menu import MenuItem
from wagtail.admin.utils import set_query_params
from wagtail.admin.views.pages.utils import get_valid_next_url_from_request
from wagtail.log_actions import LogFormatter

from core.freshness import refresh_statuses
from core.roles import MARK_TRANSLATION, edits_translations_only
from core.translated_fields import target_languages
from rulings.translation_admin import language_name

from .admin_desk import EditorFiguresPanel, GuideListingViewSet, RecheckPanel, TranslationsPanel
from .forms import publish_problems, refusal_message
from .models import GuidePage
from .publishing import TRANSLATION_MARKED
from .views import (
    VIEW_PERMISSION,
    MarkTranslationUpToDateView,
    TranslationsDashboardView,
    can_mark_up_to_date,
    glossary_warnings,
)


@hooks.register("before_publish_page")
def keep_draft_of_refused_publish(request, page):
    """Refuse to publish the draft the edit or create view has just saved, saying what to fix."""
    if not isinstance(page, GuidePage) or not (problems := publish_problems(page)):
        return None
    if page.live_revision_id is None:
        # The create view added the page live: keep it a draft.
        GuidePage.objects.filter(pk=page.pk).update(live=False, has_unpublished_changes=True)
        refresh_statuses(GuidePage, [page.pk])  # no longer listed for translators
    messages.error(request, refusal_message(problems))
    return redirect("wagtailadmin_pages:edit", page.pk)


@hooks.register("before_bulk_action")
def refuse_bulk_publish_of_unpublishable_guides(request, action_type, objects, action_class):
    """Bulk publish obeys the edit form's rules; name every guide it would have refused."""
    if action_type != "publish":
        return None
    form = getattr(action_class, "cleaned_form", None)
    with_descendants = bool(form and form.cleaned_data.get("include_descendants"))
    guides = [page.specific for page in objects if isinstance(page.specific, GuidePage)]
    if with_descendants:
        for page in objects:
            guides += GuidePage.objects.descendant_of(page).not_live()
    latest = [guide.get_latest_revision_as_object() for guide in guides]
    refused = [guide.get_admin_display_title() for guide in latest if publish_problems(guide)]
    if not refused:
        return None
    messages.error(
        request,
        _(
            "Nothing was published. These guides cannot be published as they stand (each "
            "needs a source and a checked date; a new version needs a change-log note): "
            "%(titles)s. Open each to see what to fix."
        )
        % {"titles": ", ".join(refused)},
    )
    return redirect(get_valid_next_url_from_request(request) or "wagtailadmin_explore_root")


@hooks.register("register_admin_urls")
def register_translation_urls():
    return [
        path("translations/", TranslationsDashboardView.as_view(), name="guides_translations"),
        path(
            "translations/<int:page_id>/<str:language>/up-to-date/",
            MarkTranslationUpToDateView.as_view(),
            name="guides_translation_up_to_date",
        ),
    ]


class TranslationsMenuItem(MenuItem):
    def is_shown(self, request):
        return request.user.has_perm(VIEW_PERMISSION)


@hooks.register("register_admin_menu_item")
def register_translations_menu_item():
    return TranslationsMenuItem(
        _("Translations"), reverse("guides_translations"), icon_name="globe", order=250
    )


@hooks.register("register_admin_viewset")
def register_guide_listing():
    return GuideListingViewSet()


@hooks.register("construct_homepage_panels")
def add_home_panels(request, panels):
    # The rulings desk's, not the translators' (who may change a ruling's translation).
    if request.user.has_perm("rulings.add_ruling"):
        panels += [RecheckPanel(), EditorFiguresPanel()]
    if request.user.has_perm(VIEW_PERMISSION):
        panels.append(TranslationsPanel())


class MarkTranslationUpToDateMenuItem(ActionMenuItem):
    """Goes to the confirmation of "<language> is up to date"."""

    icon_name = "globe"

    def __init__(self, language, order=None):
        super().__init__(order)
        self.language = language
        self.name = f"action-translation-up-to-date-{language}"
        self.label = _("Mark the %(language)s translation up to date") % {
            "language": language_name(language)
        }

    def get_url(self, parent_context):
        page = parent_context["page"]
        url = reverse("guides_translation_up_to_date", args=(page.pk, self.language))
        return set_query_params(url, {"next": reverse("wagtailadmin_pages:edit", args=(page.pk,))})


@hooks.register("construct_page_action_menu")
def add_mark_translation_items(menu_items, request, context):
    page = context.get("page")
    if context.get("view") != "edit" or not isinstance(page, GuidePage):
        return
    if not page.live or not can_mark_up_to_date(request.user, page):
        return
    menu_items.extend(
        MarkTranslationUpToDateMenuItem(language, order=900) for language in target_languages()
    )


@hooks.register("before_edit_page")
def tell_translators_what_they_can_change(request, page):
    # Rich text and StreamField editors cannot be greyed out: say the English is kept.
    if request.method == "GET" and edits_translations_only(request.user):
        languages = ", ".join(str(language_name(code)) for code in target_languages())
        messages.info(
            request,
            _(
                "You can change the %(languages)s fields of this page. English fields and "
                "settings are kept as they are, whatever is typed in them."
            )
            % {"languages": languages},
        )


@hooks.register("before_edit_page")
def warn_of_glossary_terms_rendered_otherwise(request, page):
    """Name the glossary terms the translation renders otherwise, as the dashboard does."""
    if request.method != "GET" or not isinstance(page.specific, GuidePage):
        return
    if not request.user.has_perm(VIEW_PERMISSION):
        return
    latest = page.specific.get_latest_revision_as_object()
    latest.game_id = getattr(page.get_parent().specific, "game_id", None)
    for language in target_languages():
        for warning in glossary_warnings(latest, language):
            messages.warning(
                request,
                _(
                    "The English uses “%(term)s”; the glossary's %(language)s for it "
                    "(“%(expected)s”) is not in the translation."
                )
                % {
                    "term": warning.english,
                    "language": language_name(language),
                    "expected": "”, “".join(warning.expected),
                },
            )


@hooks.register("register_log_actions")
def register_translation_log_actions(actions):
    @actions.register_action(TRANSLATION_MARKED)
    class TranslationUpToDate(LogFormatter):
        label = _("Mark translation up to date")

        def format_message(self, log_entry):
            data = log_entry.data
            return _(
                "%(language)s translation marked up to date with English version %(number)s"
            ) % {"language": language_name(data["language"]), "number": data["version"]}


@hooks.register("register_permissions")
def register_translation_permissions():
    # Listed in the group editor so administrators can give them to other groups too.
    codenames = [name.partition(".")[2] for name in (VIEW_PERMISSION, MARK_TRANSLATION)]
    return Permission.objects.filter(content_type__app_label="core", codename__in=codenames)
