"""Whether a translation is missing, behind its English original, or up to date: one rule
for every translated kind, comparing what readers see (`core.models.TranslationMark`)."""

from dataclasses import dataclass, field

from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import Exists, OuterRef, Prefetch
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from wagtail.log_actions import log

from .cache_tags import SITE
from .models import TranslationMark
from .page_cache_events import tags_for, tags_of
from .translated_fields import SOURCE_LANGUAGE, field_label, has_translation, language_snapshot


class TranslationStatus(models.TextChoices):
    MISSING = "missing", _("Missing")
    BEHIND = "behind", _("Behind")
    CURRENT = "current", _("Up to date")


# Behind first: that is the work waiting for translators.
STATUS_ORDER = [TranslationStatus.BEHIND, TranslationStatus.MISSING, TranslationStatus.CURRENT]


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
