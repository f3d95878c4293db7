"""The public trace of a guide's publish, in one place so that every way of publishing leaves
it, and which cached pages a change to a guide makes stale."""

from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from modeltranslation.utils import build_localized_fieldname
from wagtail.signals import page_published

from core.cache_tags import LISTS, SITE, game_guides
from core.freshness import mark_up_to_date
from core.page_cache_events import of_records_of_game, tags_for, watch
from core.translated_fields import SOURCE_LANGUAGE, language_snapshot, target_languages

from .blocks import record_mentions
from .forms import ChangeKind, stored
from .models import GamePage, GuideChange, GuideCorrection, GuidePage, GuideSource, GuideVersion

TRANSLATION_MARKED = "guides.translation_up_to_date"

# Notes for lines whose editor wrote none, read after the line's label ("Minor edit to v3:").
DEFAULT_NOTES = {
    "first": _("first published."),
    "minor": _("wording, typography or links only; no rule changed."),
    "translation": _("text revised."),
    "translation_current": _("brought up to date with version %(number)s."),
}


def default_notes(key, **values):
    """A standard change-log note in every language, as {language: text}."""
    notes = {}
    for code in [SOURCE_LANGUAGE, *target_languages()]:
        with translation.override(code):
            notes[code] = gettext(DEFAULT_NOTES[key]) % values
    return notes


def note_fields(notes):
    """`notes` as `note_<language>` fields; None where empty, so readers get the original's."""
    return {build_localized_fieldname("note", code): text or None for code, text in notes.items()}


def record_publish(page, revision):
    """Leave the public trace of publishing `revision` of `page`: a substantive change starts
    a version, a minor one moves the current version to the new revision, a change to one
    translation only is a line in that language's log. The editor's choices are then reset."""
    languages = target_languages()
    notes = {code: stored(page, "change_summary", code) for code in [SOURCE_LANGUAGE, *languages]}
    marked = [code for code in languages if getattr(page, f"translation_current_{code}")]
    with transaction.atomic():
        current = page.versions.select_for_update().order_by("-number").first()
        last_published = current.revision if current else None
        published_at = page.last_published_at or timezone.now()

        def log(kind, line_notes, user=revision.user, **extra):
            GuideChange.objects.create(
                page=page,
                version=current,
                kind=kind,
                revision=revision,
                published_at=published_at,
                user=user,
                **note_fields(line_notes),
                **extra,
            )

        if current is None or page.change_kind == ChangeKind.SUBSTANTIVE:
            first = current is None
            current = GuideVersion.objects.create(
                page=page,
                number=1 if first else current.number + 1,
                published_at=published_at,
                revision=revision,
                affects_translations=first or page.affects_translations,
            )
            kind = GuideChange.Kind.FIRST if first else GuideChange.Kind.SUBSTANTIVE
            log(kind, fill_in(notes, default_notes("first") if first else {}))
        else:
            current.revision = revision
            current.save(update_fields=["revision"])
            previous = last_published.as_object() if last_published else None
            changed = changed_languages(previous, page)
            for language in languages:
                if changed == {language} and language not in marked:
                    log(
                        GuideChange.Kind.TRANSLATION,
                        {language: notes[language] or default_notes("translation")[language]},
                        user=translated_by(page, language, last_published, revision),
                        language=language,
                    )
            if changed - set(languages) or not (changed or marked):
                log(GuideChange.Kind.MINOR, fill_in(notes, default_notes("minor")))
        for language in marked:
            marker = who_marked(page, language, last_published, revision)
            mark_translation_current(page, language, current, marker, notes.get(language), revision)
        reset_publish_fields(page, revision)


def mark_translation_current(page, language, version, user, note="", revision=None):
    """Record that `page`'s text in `language` says what English `version` says: a mark on
    `version`'s revision, a line in that language's change log, an entry in the history."""
    data = {"version": version.number}
    mark_up_to_date(page, language, version.revision, user, note, TRANSLATION_MARKED, data)
    defaults = default_notes("translation_current", number=version.number)
    return GuideChange.objects.create(
        page=page,
        version=version,
        kind=GuideChange.Kind.TRANSLATION,
        language=language,
        revision=revision,
        user=user,
        **note_fields({language: note or defaults[language]}),
    )


def submit_mark_for_review(page, language, user, note):
    """A translator's "up to date" as a revision submitted to the page's workflow, taking
    effect when it is published; None when the page has no workflow."""
    from wagtail.models import WorkflowState

    workflow = page.get_workflow()
    if workflow is None:
        return None
    draft = page.get_latest_revision_as_object()
    setattr(draft, build_localized_fieldname("translation_current", language), True)
    setattr(draft, build_localized_fieldname("change_summary", language), note)
    revision = draft.save_revision(user=user, log_action=True)
    state = page.current_workflow_state
    if state is None:
        workflow.start(page, user)
    elif state.status == WorkflowState.STATUS_NEEDS_CHANGES:
        state.resume(user)
    return revision


def first_author(page, last_published, revision, differs):
    """The author of the first draft since `last_published` for which `differs(draft)`, not
    the editor whose approval published it (none: the publishing revision's)."""
    drafts = page.revisions.order_by("created_at", "pk").select_related("user")
    if last_published is not None:
        drafts = drafts.filter(created_at__gt=last_published.created_at)
    found = (d.user for d in drafts.only("content", "user", "created_at") if differs(d))
    return next(found, revision.user)


def who_marked(page, language, last_published, revision):
    """Who first ticked "now up to date" in `language` since the last publish."""
    field = build_localized_fieldname("translation_current", language)
    return first_author(page, last_published, revision, lambda draft: draft.content.get(field))


def translated_by(page, language, last_published, revision):
    """Who first changed the `language` text since the last publish."""
    if last_published is None:
        return revision.user

    def snapshot(content):
        return language_snapshot(page.with_content_json(content), language)

    published = snapshot(last_published.content)
    return first_author(page, last_published, revision, lambda d: snapshot(d.content) != published)


def fill_in(notes, defaults):
    """The written notes, with the standard note where a language has none."""
    return {code: text or defaults.get(code, "") for code, text in notes.items()}


def changed_languages(previous, page):
    """The languages whose text changed; the source language stands for all else."""
    if previous is None:
        return {SOURCE_LANGUAGE}
    return {
        code
        for code in [SOURCE_LANGUAGE, *target_languages()]
        if language_snapshot(previous, code) != language_snapshot(page, code)
    }


def reset_publish_fields(page, revision):
    """Clear the choices that belonged to this publish, on the page and in its revision."""
    cleared = {"change_kind": ChangeKind.MINOR, "affects_translations": True}
    for code in [SOURCE_LANGUAGE, *target_languages()]:
        cleared[build_localized_fieldname("change_summary", code)] = ""
        cleared[build_localized_fieldname("translation_current", code)] = False
    cleared.update(change_summary="", translation_current=False)
    GuidePage.objects.filter(pk=page.pk).update(**cleared)
    revision.content.update(cleared)
    revision.save(update_fields=["content"])
    for name, value in cleared.items():
        setattr(page, name, value)


watch("guides")


def game_of_page(page):
    """The game a page belongs to (a game page's, or a guide's parent's), or None."""
    if hasattr(page, "game_id"):
        return page.game_id
    if page.pk is None or page.depth is None:
        return None
    return GamePage.objects.parent_of(page).values_list("game_id", flat=True).first()


@tags_for(GamePage)
def of_game_page(page):
    return of_records_of_game(game_of_page(page))


@tags_for(GuidePage)
def of_guide_page(page):
    game_id = game_of_page(page)
    return {game_guides(game_id), LISTS} if game_id else {SITE}


@tags_for(GuideVersion, GuideChange, GuideSource, GuideCorrection)
def of_guide_record(record):
    guide = GuidePage.objects.filter(pk=record.page_id).first()
    return of_guide_page(guide) if guide is not None else {SITE}


@receiver(page_published, sender=GuidePage)
def record_guide_publish(sender, instance, revision, **kwargs):
    record_publish(instance, revision)
    record_mentions(instance)
