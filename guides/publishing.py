"""The public trace every publish of a guide leaves (a dated change-log line, a version, a
translation's mark), in one place so that every path that publishes leaves the same."""

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from modeltranslation.utils import build_localized_fieldname

from core.freshness import mark_up_to_date
from core.translated_fields import SOURCE_LANGUAGE, language_snapshot, target_languages

from .models import GuideChange, GuidePage, GuideVersion
from .publish_rules import ChangeKind, stored

# The page-history action of a translation marked up to date.
TRANSLATION_MARKED = "guides.translation_up_to_date"

# The note of a change-log line whose editor wrote none, per kind. Readers see it after
# the line's label ("Version 1:", "Minor edit to version 3:", "Translation:"), so it goes
# on from the label and never repeats it.
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
    """`notes` ({language: text}) as the `note_<language>` fields of a change-log line; a
    language without one stays None, so its readers get the original's, marked as such."""
    return {build_localized_fieldname("note", code): text or None for code, text in notes.items()}


def record_publish(page, revision):
    """Leave the public trace of publishing `revision` of the guide `page`.

    The first publish starts version 1. After that, a change to the original is either
    substantive (a new version) or minor (the version keeps its number and reads from
    the new revision); a publish that changed only a translation is a line in that
    language's log. Whatever the editor chose for this publish is then reset, so the next
    publish starts from a minor edit that affects translations.
    """
    languages = target_languages()
    notes = {code: stored(page, "change_summary", code) for code in [SOURCE_LANGUAGE, *languages]}
    marked = [code for code in languages if page_marks_current(page, code)]
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
                        only(language, notes, default_notes("translation")),
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
    """Record that `page`'s text in `language` says what English `version` says.

    A statement a translator makes either by ticking it in the page editor or with the
    dashboard's "mark up to date" action (recorded when an editor publishes it), or an
    editor makes with that action; either way it leaves a dated line in that language's
    change log, with their note or reason, and an entry in the page's history. The mark
    follows the revision `version` is read from (`guides.models.history.followed_version`).
    """

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
        **note_fields(only(language, {language: note or ""}, defaults)),
    )


def submit_mark_for_review(page, language, user, note):
    """A translator's "up to date" goes through the editorial review a Spanish edit goes
    through: a new revision of the guide, marked up to date with the translator's note,
    submitted to the page's workflow (resumed if a reviewer asked for changes). It takes
    effect when a reviewer approves and the revision is published (`record_publish`).

    Returns the revision, or None when the page has no workflow to submit to.
    """
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


def drafts_since(page, last_published):
    """The page's revisions since `last_published`, oldest first, with their authors."""
    since = page.revisions.order_by("created_at", "pk").select_related("user")
    if last_published is not None:
        since = since.filter(created_at__gt=last_published.created_at)
    return since.only("content", "user", "created_at")


def who_marked(page, language, last_published, revision):
    """Who stated the translation up to date: the author of the first revision since the
    last publish that carries the mark, not the editor whose approval published it."""
    field = build_localized_fieldname("translation_current", language)
    for draft in drafts_since(page, last_published):
        if draft.content.get(field):
            return draft.user
    return revision.user


def translated_by(page, language, last_published, revision):
    """Who wrote the translation this publish brings: the author of the first revision
    since the last publish whose text in `language` differs from the published one, not
    the editor whose approval published it (approving saves a revision of its own)."""
    if last_published is None:
        return revision.user
    published = language_snapshot(page.with_content_json(last_published.content), language)
    for draft in drafts_since(page, last_published):
        if language_snapshot(page.with_content_json(draft.content), language) != published:
            return draft.user
    return revision.user


def page_marks_current(page, language):
    return bool(getattr(page, build_localized_fieldname("translation_current", language)))


def fill_in(notes, defaults):
    """The written notes, with the standard note where a language has none."""
    return {code: text or defaults.get(code, "") for code, text in notes.items()}


def only(language, notes, defaults):
    """Notes for a line shown to `language` readers only: theirs, or the standard one."""
    return {language: notes.get(language) or defaults[language]}


def changed_languages(previous, page):
    """Which languages' text changed between two states of a guide; the source language
    stands for everything that is not a translation."""
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
