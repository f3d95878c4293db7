"""Whether a ruling's translation is missing, behind its English, or up to date.

A translation follows the English of the revision it was last marked up to date with
(`RulingTranslation.follows`). It is behind once the English a reader sees differs from
that revision's: an editor's correction of the answer, a reworded question. A translation
nobody has marked is behind too. Marking it up to date is a translator's statement: it
needs the translation to have been edited since the English it followed (compared by what
a reader sees, not by what was saved), or a reason why nothing needed changing.
"""

from dataclasses import dataclass, field
from types import SimpleNamespace

from django.db.models import Exists, OuterRef, Prefetch, Q, Subquery
from django.utils import timezone
from django.utils.text import capfirst
from modeltranslation.utils import build_localized_fieldname
from wagtail.log_actions import log

from core.freshness import STATUS_ORDER, TranslationStatus, changed_fields, text_changed
from core.translated_fields import SOURCE_LANGUAGE, field_label, has_translation, reader_fields

from .models import Ruling, RulingTranslation

LOG_ACTION = "rulings.translation_up_to_date"


@dataclass(frozen=True)
class RulingTranslationState:
    ruling: Ruling
    language: str
    status: TranslationStatus
    record: RulingTranslation | None
    changed: list = field(default_factory=list)  # labels of the English fields changed since

    @property
    def is_behind(self):
        return self.status == TranslationStatus.BEHIND


def followed_english(record):
    """The ruling as it stood when its translation was marked, or None."""
    revision = record.follows if record else None
    return revision.as_object() if revision else None


def translation_state(ruling, language, record):
    """The state of `ruling`'s translation into `language`; `record` is its
    `RulingTranslation` in that language or None (listings prefetch them)."""
    if not has_translation(ruling, language):
        return RulingTranslationState(ruling, language, TranslationStatus.MISSING, record)
    before = followed_english(record)
    if before is None:
        return RulingTranslationState(ruling, language, TranslationStatus.BEHIND, record)
    changed = [
        capfirst(field_label(Ruling, name))
        for name in changed_fields(before, ruling, SOURCE_LANGUAGE)
    ]
    status = TranslationStatus.BEHIND if changed else TranslationStatus.CURRENT
    return RulingTranslationState(ruling, language, status, record, changed)


def record_for(ruling, language):
    return ruling.translations.filter(language=language).select_related("follows").first()


def edited_since(ruling, language, record):
    """True when the `language` text readers see changed since the English it followed;
    for a translation nobody marked, since the ruling's first revision."""
    if record is not None:
        before = followed_english(record)
    else:
        first = ruling.revisions.order_by("created_at", "pk").first()
        before = first.as_object() if first else None
    return text_changed(before, ruling, language)


def english_revision(ruling, user):
    """The revision holding the English as readers now see it: the live one (a draft
    waiting is not what they see), or a new one when the ruling was changed without one (a
    bulk update), saved as no change to publish."""
    revision = ruling.live_revision or ruling.latest_revision
    if revision is None or text_changed(revision.as_object(), ruling, SOURCE_LANGUAGE):
        revision = ruling.save_revision(user=user, changed=False)
    return revision


def mark_translation_current(ruling, language, user, note=""):
    """Record that `ruling`'s `language` text says what its English now says."""
    record, _created = RulingTranslation.objects.update_or_create(
        ruling=ruling,
        language=language,
        defaults={
            "follows": english_revision(ruling, user),
            "marked_by": user,
            "marked_at": timezone.now(),
            "note": note or "",
        },
    )
    log(
        instance=ruling,
        action=LOG_ACTION,
        user=user,
        data={"language": language, "note": note or ""},
    )
    return record


def translated(language):
    """Public rulings with text of their own in `language`, or marked in it: what the
    translators' dashboard lists."""
    marked = RulingTranslation.objects.filter(ruling=OuterRef("pk"), language=language)
    own_text = Q(**{f"question_{language}__gt": ""}) | Q(**{f"answer_{language}__gt": ""})
    return Ruling.objects.public().filter(own_text | Exists(marked))


def translated_rulings(language):
    """The translated rulings (`translated`), each with its record (`language_records`)
    prefetched."""
    return (
        translated(language)
        .select_related("edition__game")
        .prefetch_related(
            Prefetch(
                "translations",
                queryset=RulingTranslation.objects.filter(language=language).select_related(
                    "follows"
                ),
                to_attr="language_records",
            )
        )
        .defer("provenance", "retrieval", "timings")
    )


def ruling_states(language, pks=None):
    """The translation state of every translated public ruling (or of those in `pks`)."""
    rulings = translated_rulings(language)
    if pks is not None:
        rulings = rulings.filter(pk__in=pks)
    return [
        translation_state(ruling, language, next(iter(ruling.language_records), None))
        for ruling in rulings
    ]


def ruling_statuses(language):
    """(status, edition code, ruling id) of every translated public ruling, behind first,
    then by edition and id: the dashboard's counts and order, at catalogue size. Read as
    rows, by `translation_state`'s rule: no text of its own is missing, never marked is
    behind; only a marked translation needs the English it follows, read for those alone."""
    columns = [build_localized_fieldname(name, language) for name in reader_fields(Ruling)]
    marked = RulingTranslation.objects.filter(ruling=OuterRef("pk"), language=language)
    rows = translated(language).annotate(follows=Subquery(marked.values("follows")[:1]))
    statuses, compared = [], []
    for row in rows.values("pk", "edition__code", "follows", *columns):
        if not has_translation(SimpleNamespace(**row), language, model=Ruling):
            statuses.append((TranslationStatus.MISSING, row["edition__code"], row["pk"]))
        elif row["follows"] is None:
            statuses.append((TranslationStatus.BEHIND, row["edition__code"], row["pk"]))
        else:
            compared.append(row["pk"])
    for state in ruling_states(language, pks=compared):
        statuses.append((state.status, state.ruling.edition.code, state.ruling.pk))
    statuses.sort(key=lambda row: (STATUS_ORDER.index(row[0]), row[1], row[2]))
    return statuses
