"""Whether a translation is missing, behind its English original, or up to date: one rule
for every translated kind, comparing what readers see (`core.models.TranslationMark`)."""

from collections import Counter
from dataclasses import dataclass, field

from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.models import Case, Count, Exists, OuterRef, Prefetch, Value, When
from django.db.models.functions import Collate
from django.db.models.signals import post_delete, post_save, pre_delete
from django.utils import timezone
from django.utils.text import capfirst
from wagtail.log_actions import log
from wagtail.models import Revision

from .cache_tags import SITE
from .models import TranslationMark, TranslationStatus, TranslationStatusRecord
from .page_cache_events import tags_for, tags_of
from .translated_fields import (
    SOURCE_LANGUAGE,
    field_label,
    has_translation,
    language_snapshot,
    target_languages,
)

# Behind first: that is the work waiting for translators.
STATUS_ORDER = [TranslationStatus.BEHIND, TranslationStatus.MISSING, TranslationStatus.CURRENT]
# {model: rule(pks, language) -> {pk: status} of those of `pks` the dashboard lists}
STATUS_RULES = {}


@dataclass(frozen=True)
class TranslationState:
    obj: object
    language: str
    status: TranslationStatus
    record: TranslationMark | None = None
    changed: list = field(default_factory=list)  # labels of the English parts changed since
    # Of a kind with numbered versions (guides): the version followed, and the current one.
    follows: int | None = None
    current: int | None = None
    shown_in_english: list = field(default_factory=list)  # labels of the parts in English

    @property
    def is_behind(self):
        return self.status == TranslationStatus.BEHIND

    # Each kind's templates name the object as readers know it.
    page = property(lambda self: self.obj)
    ruling = property(lambda self: self.obj)


def text_changed(before, after, language):
    """True when readers of `language` read something else in `after` than in `before`
    (None: no earlier state is known)."""
    return before is None or language_snapshot(before, language) != language_snapshot(
        after, language
    )


def followed_english(record):
    """The object as it stood at the revision its translation follows, or None."""
    revision = record.follows if record else None
    return revision.as_object() if revision else None


def translation_status(obj, language, record, moved_on):
    """The rule every kind shares; `moved_on()`: the English changed since the mark's revision."""
    if not has_translation(obj, language):
        return TranslationStatus.MISSING
    if record is None or record.follows_id is None:
        # Nobody has said which English text this translation follows.
        return TranslationStatus.BEHIND
    return TranslationStatus.BEHIND if moved_on() else TranslationStatus.CURRENT


def translation_state(obj, language, record):
    """The state of `obj`'s translation by its mark `record` (or None): behind once the
    English a reader sees differs from the followed revision's, naming the fields that do."""
    changed = []

    def moved_on():
        before = followed_english(record)
        if before is None:
            return True
        then = language_snapshot(before, SOURCE_LANGUAGE)
        now = language_snapshot(obj, SOURCE_LANGUAGE)
        names = [name for name, value in now.items() if then.get(name) != value]
        changed.extend(capfirst(field_label(type(obj), name)) for name in names)
        return bool(changed)

    status = translation_status(obj, language, record, moved_on)
    return TranslationState(obj, language, status, record, changed)


def marks(model, language):
    """The marks of `model`'s objects in `language`."""
    content_type = ContentType.objects.get_for_model(model)
    return TranslationMark.objects.filter(content_type=content_type, language=language)


def mark_for(obj, language):
    """`obj`'s mark in `language`, with the revision it follows, or None."""
    return marks(type(obj), language).filter(object_id=obj.pk).select_related("follows").first()


def prefetch_marks(model, language, revisions=False):
    """For `prefetch_related`: each object's mark in `language` as `language_records`
    (through the model's `translation_marks`), with the revisions followed if asked."""
    queryset = marks(model, language)
    if revisions:
        queryset = queryset.select_related("follows")
    return Prefetch("translation_marks", queryset=queryset, to_attr="language_records")


def marked(model, language):
    """An expression: the object has a mark in `language`."""
    return Exists(marks(model, language).filter(object_id=OuterRef("pk")))


def edited_since(obj, language, record):
    """True when the `language` text readers see changed since the English it followed;
    for a translation nobody marked, since the object's first revision."""
    if record is not None:
        before = followed_english(record)
    else:
        first = obj.revisions.order_by("created_at", "pk").first()
        before = first.as_object() if first else None
    return text_changed(before, obj, language)


def english_revision(obj, user):
    """The revision holding the English readers now see: the live one (not a waiting draft),
    or, when the object was changed without one (a bulk update), a new one not to publish."""
    revision = obj.live_revision or obj.latest_revision
    if revision is None or text_changed(revision.as_object(), obj, SOURCE_LANGUAGE):
        revision = obj.save_revision(user=user, changed=False)
    return revision


def mark_up_to_date(obj, language, follows, user, note, action, data=None):
    """Record that `obj`'s `language` text says what the English of revision `follows`
    says, and enter it in the object's history as `action` (with `data`)."""
    record, _created = TranslationMark.objects.update_or_create(
        content_type=ContentType.objects.get_for_model(obj),
        object_id=obj.pk,
        language=language,
        defaults={
            "follows": follows,
            "marked_by": user,
            "marked_at": timezone.now(),
            "note": note or "",
        },
    )
    log(instance=obj, action=action, user=user, data={"language": language, **(data or {})})
    return record


@tags_for(TranslationMark)
def of_translation_mark(record):
    """A mark shows where its object shows: on the pages a change to the object touches."""
    obj = record.content_object
    return tags_of(obj) if obj is not None else {SITE}


def statuses_decided_by(model):
    """Declare, as a decorator, the rule deciding in one go the statuses of `model`'s objects
    (`rule(pks, language)`: {pk: status} of those listed), stored again on every save."""

    def declare(rule):
        STATUS_RULES[model] = rule
        refresh_on(model, lambda obj: (model, [obj.pk]))
        return rule

    return declare


def refresh_statuses(model, pks):
    """Store, in every translated language, the status its kind's rule decides now for each of
    `model`'s objects `pks` (none: not listed). The one writer of the stored statuses, called
    whenever something that may change one happens, so counting them is counting the rule."""
    rule = STATUS_RULES.get(model)
    pks = [pk for pk in pks if pk is not None]
    if rule is None or not pks:
        return
    content_type = ContentType.objects.get_for_model(model)
    for language in target_languages():
        statuses = rule(pks, language)
        stored = TranslationStatusRecord.objects.filter(
            content_type=content_type, language=language, object_id__in=pks
        )
        stored.exclude(object_id__in=list(statuses)).delete()
        TranslationStatusRecord.objects.bulk_create(
            [
                TranslationStatusRecord(
                    content_type=content_type, object_id=pk, language=language, status=status
                )
                for pk, status in statuses.items()
            ],
            update_conflicts=True,
            unique_fields=["content_type", "object_id", "language"],
            update_fields=["status"],
        )


def refresh_all_statuses(chunk=2000):
    """Decide every stored status again: after records were written without signals (a
    bulk load, a migration)."""
    for model in STATUS_RULES:
        content_type = ContentType.objects.get_for_model(model)
        TranslationStatusRecord.objects.filter(content_type=content_type).delete()
        pks = list(model._default_manager.order_by("pk").values_list("pk", flat=True))
        for start in range(0, len(pks), chunk):
            refresh_statuses(model, pks[start : start + chunk])


def refresh_on(sender, affected):
    """After a `sender` record is saved or deleted, refresh the statuses of the objects
    `affected(record)` names as (model, pks): how each thing a status depends on says so."""

    def changed(sender, instance, raw=False, **kwargs):
        if not raw:
            refresh_statuses(*affected(instance))

    uid = f"translation_status_{sender._meta.label}"
    post_save.connect(changed, sender=sender, weak=False, dispatch_uid=uid)
    post_delete.connect(changed, sender=sender, weak=False, dispatch_uid=uid)


refresh_on(TranslationMark, lambda mark: (mark.content_type.model_class(), [mark.object_id]))


def note_followed_revision(sender, instance, **kwargs):
    """A revision a mark follows is going: its marks are emptied without a signal."""
    instance.translation_followed = TranslationMark.objects.filter(follows=instance).exists()


def followed_revision_deleted(sender, instance, **kwargs):
    if getattr(instance, "translation_followed", False):
        refresh_statuses(instance.content_type.model_class(), [int(instance.object_id)])


pre_delete.connect(note_followed_revision, sender=Revision, dispatch_uid="translation_status")
post_delete.connect(followed_revision_deleted, sender=Revision, dispatch_uid="translation_status")


def status_counts(model, language):
    """{status: how many of `model`'s objects the dashboard lists in `language`}, counted by
    the database over the stored statuses."""
    stored = TranslationStatusRecord.objects.filter(
        content_type=ContentType.objects.get_for_model(model), language=language
    )
    return Counter(dict(stored.values_list("status").annotate(Count("pk")).order_by()))


def code_point_order(expression):
    """`expression` compared as Python compares text, by code point, as the dashboard has
    always ordered its rows: PostgreSQL's "C" collation, SQLite's own BINARY."""
    return Collate(expression, "C" if connection.vendor == "postgresql" else "BINARY")


def status_rank(field):
    """An expression: the dashboard's place of the status in `field` (STATUS_ORDER)."""
    return Case(
        *(When(**{field: status}, then=Value(index)) for index, status in enumerate(STATUS_ORDER))
    )
