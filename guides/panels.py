"""Admin panels on a guide's edit page, and a reviewer's requested changes."""

from collections import namedtuple

from django.contrib.contenttypes.models import ContentType
from django.utils.functional import cached_property
from wagtail.admin.panels import Panel
from wagtail.models import Page, TaskState, WorkflowState

from core.freshness import TranslationStatus, mark_for
from core.translated_fields import SOURCE_LANGUAGE, target_languages
from rulings.translation_admin import language_name

from .blocks import suggestions
from .comparison import changes_between, render_changes
from .models.history import followed_text, translation_state

ReviewComment = namedtuple("ReviewComment", "text by at")


def changes_requested(pages):
    """{page pk: ReviewComment} of `pages` awaiting changes (Wagtail shows it only in history)."""
    keys = [str(page.pk) for page in pages if page.pk]
    if not keys:
        return {}
    rejected = (
        TaskState.objects.filter(
            status=TaskState.STATUS_REJECTED,
            workflow_state__status=WorkflowState.STATUS_NEEDS_CHANGES,
            workflow_state__base_content_type=ContentType.objects.get_for_model(Page),
            workflow_state__object_id__in=keys,
        )
        .select_related("finished_by", "workflow_state")
        .order_by("finished_at")
    )
    # Oldest first: the newest of each page wins.
    return {
        int(state.workflow_state.object_id): ReviewComment(
            text=state.comment,
            by=(user.get_full_name() or user.get_username()) if (user := state.finished_by) else "",
            at=state.finished_at,
        )
        for state in rejected
    }


class RelatedRulingSuggestionsPanel(Panel):
    """For each section of the saved guide, the game's rulings most like its text."""

    class BoundPanel(Panel.BoundPanel):
        template_name = "guides/admin/related_suggestions_panel.html"

        def get_context_data(self, parent_context=None):
            context = super().get_context_data(parent_context)
            page = self.instance
            game_page = page.game_page if page.pk else None
            context["suggestions"] = suggestions(page, game_page.game if game_page else None)
            return context


class TranslationChangesPanel(Panel):
    """For translators: what changed in the English since the version each translation
    follows, and a reviewer's requested changes; shown only when there are some."""

    class BoundPanel(Panel.BoundPanel):
        template_name = "guides/admin/translation_changes_panel.html"

        @cached_property
        def translations(self):
            page = self.instance
            if not page.pk:
                return []
            live = type(page).objects.get(pk=page.pk)
            versions = list(live.versions.select_related("revision"))
            rows = []
            for language in target_languages():
                record = mark_for(live, language)
                state = translation_state(live, language, versions, record)
                if state.status == TranslationStatus.BEHIND:
                    before = followed_text(versions, record)
                    changes = changes_between(before, live, SOURCE_LANGUAGE)
                    rows.append(
                        {
                            "language": language_name(language),
                            "state": state,
                            "changes_html": render_changes(changes, heading_level=4),
                        }
                    )
            return rows

        @cached_property
        def review_comment(self):
            return changes_requested([self.instance]).get(self.instance.pk)

        def is_shown(self):
            return bool(self.translations or self.review_comment) and super().is_shown()

        def get_context_data(self, parent_context=None):
            context = super().get_context_data(parent_context)
            context["translations"] = self.translations
            context["review_comment"] = self.review_comment
            return context
