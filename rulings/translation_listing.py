"""What the translators' dashboard lists of rulings, and the rule deciding their statuses
stored for it (`core.freshness`): loaded with the app, as every save may need the rule."""

from types import SimpleNamespace

from django.db.models import F, OuterRef, Q, Subquery
from django.db.models.signals import pre_save
from modeltranslation.utils import build_localized_fieldname

from catalogue.models import Edition
from core.freshness import (
    STATUS_ORDER,
    TranslationStatus,
    code_point_order,
    marked,
    marks,
    prefetch_marks,
    refresh_on,
    status_rank,
    statuses_decided_by,
    translation_state,
)
from core.translated_fields import has_translation, reader_fields

from .models import Ruling


def translated(language):
    """Public rulings with text of their own in `language`, or marked in it: what the
    translators' dashboard lists. A ruling written in `language` is the original, not a
    translation."""
    own_text = Q(**{f"question_{language}__gt": ""}) | Q(**{f"answer_{language}__gt": ""})
    rulings = Ruling.objects.public().exclude(edition__language=language)
    return rulings.filter(own_text | marked(Ruling, language))


def ruling_states(language, pks=None):
    rulings = (
        translated(language)
        .select_related("edition__game")
        .prefetch_related(prefetch_marks(Ruling, language, revisions=True))
        .defer("provenance", "retrieval", "timings")
    )
    if pks is not None:
        rulings = rulings.filter(pk__in=pks)
    return [
        translation_state(ruling, language, next(iter(ruling.language_records), None))
        for ruling in rulings
    ]


@statuses_decided_by(Ruling)
def decided_statuses(pks, language):
    """{ruling id: status} of the translated public rulings among `pks` (None: all), read as
    rows by `translation_state`'s rule: only marked ones need the English followed."""
    columns = [build_localized_fieldname(name, language) for name in reader_fields(Ruling)]
    followed = marks(Ruling, language).filter(object_id=OuterRef("pk")).values("follows")[:1]
    rows = translated(language).annotate(follows=Subquery(followed))
    if pks is not None:
        rows = rows.filter(pk__in=pks)
    statuses, compared = {}, []
    for row in rows.values("pk", "follows", *columns):
        if not has_translation(SimpleNamespace(**row), language, model=Ruling):
            statuses[row["pk"]] = TranslationStatus.MISSING
        elif row["follows"] is None:
            statuses[row["pk"]] = TranslationStatus.BEHIND
        else:
            compared.append(row["pk"])
    for state in ruling_states(language, pks=compared):
        statuses[state.ruling.pk] = state.status
    return statuses


def ruling_statuses(language):
    """(status, edition code, ruling id) of every translated public ruling, behind first,
    each decided afresh: what the stored statuses must always agree with."""
    statuses = decided_statuses(None, language)
    codes = dict(translated(language).values_list("pk", "edition__code"))
    rows = [(status, codes[pk], pk) for pk, status in statuses.items()]
    rows.sort(key=lambda row: (STATUS_ORDER.index(row[0]), row[1], row[2]))
    return rows


def listed_rulings(language, status=""):
    """The rulings the dashboard lists in `language` (of `status`, if given) in its order,
    each with its stored `translation_status`: counted and paged by the database."""
    rulings = Ruling.objects.filter(translation_statuses__language=language)
    if status:
        rulings = rulings.filter(translation_statuses__status=status)
    rulings = rulings.annotate(translation_status=F("translation_statuses__status"))
    # Ordered as Python orders text (by code point), as the dashboard always listed them.
    return rulings.order_by(
        status_rank("translation_status"), code_point_order(F("edition__code")), "pk"
    )


def remember_edition_language(sender, instance, raw=False, **kwargs):
    if not raw:
        stored = Edition.objects.filter(pk=instance.pk).values_list("language", flat=True)
        instance.language_before = stored.first()


def rulings_of_edition_whose_language_changed(edition):
    """An edition's language decides which of its rulings are translations; its other
    changes (the errata registry checked) decide nothing here."""
    if edition.language == getattr(edition, "language_before", None):
        return Ruling, []
    return Ruling, list(edition.rulings.values_list("pk", flat=True))


pre_save.connect(remember_edition_language, sender=Edition, dispatch_uid="translation_status")
refresh_on(Edition, rulings_of_edition_whose_language_changed)
