"""Rulings: answered questions about one edition, each claim citing a numbered source; and
their public corrections (the shape every correction shares is in `core`)."""

from django.conf import settings
from django.contrib.contenttypes.fields import GenericRelation
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from modelcluster.fields import ParentalKey
from modelcluster.models import ClusterableModel
from wagtail.models import DraftStateMixin, PreviewableMixin, RevisionMixin
from wagtail.search import index

from catalogue.models.errata import ErrataCard
from catalogue.models.games import Edition, next_free_slug
from core.models import Correction
from core.roles import public_name
from core.text_search import (
    question_vector_index,
    search_vector_field,
    search_vector_index,
    site_languages,
)
from core.translated_fields import SOURCE_LANGUAGE, settle_in_language

from ..flags import compute_flags
from .ruling_status import DATED_AT, RulingOrigin, RulingQuerySet, RulingStatus, public_rulings

TIMING_LABELS = {"search": _("passage search"), "ask": _("answering"), "total": _("total")}
# What the review flags are computed from, besides the citations.
FLAG_INPUTS = {"answer", "tokens_out", "flags", "flag_count"} | {
    f"answer_{code}" for code, _name in settings.LANGUAGES
}


class Ruling(index.Indexed, DraftStateMixin, RevisionMixin, PreviewableMixin, ClusterableModel):
    """An answered rules question about one `Edition`, citing numbered `Citation`s."""

    class Outcome(models.TextChoices):
        ANSWERED = "answered", _("Answered")
        ABSTAINED = "abstained", _("Abstained")
        NEEDS_EDITOR = "needs_editor", _("Needs an editor")

    Origin = RulingOrigin
    Status = RulingStatus

    edition = models.ForeignKey(
        Edition, on_delete=models.PROTECT, related_name="rulings", verbose_name=_("edition")
    )
    slug = models.SlugField(_("slug"), max_length=120)
    question = models.TextField(_("question"))
    answer = models.TextField(_("answer"), blank=True, help_text=_("Markdown; [n] cites n."))
    outcome = models.CharField(
        _("outcome"), max_length=20, choices=Outcome.choices, default=Outcome.ANSWERED
    )
    outcome_label = models.CharField(_("outcome as exported"), max_length=200, blank=True)
    abstain_rationale = models.TextField(_("abstain rationale"), blank=True)
    closing_line = models.CharField(_("closing line"), max_length=300, blank=True)
    answerer = models.CharField(_("answered by"), max_length=300, blank=True)
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)
    timings = models.JSONField(_("timings (ms)"), default=dict, blank=True)
    tokens_in = models.PositiveIntegerField(_("tokens in"), null=True, blank=True)
    tokens_out = models.PositiveIntegerField(_("tokens out"), null=True, blank=True)
    retrieval = models.JSONField(
        _("retrieval results"), default=list, blank=True, help_text=_("Kept verbatim.")
    )
    provenance = models.JSONField(_("provenance"), default=dict, blank=True)
    errata_statement = models.TextField(_("errata registry statement"), blank=True)
    origin = models.CharField(
        _("origin"),
        max_length=20,
        choices=RulingOrigin.choices,
        default=RulingOrigin.EDITOR,
        help_text=_("Set by the importer (export) and the demo loader (illustrative)."),
    )
    source_file = models.CharField(_("imported from"), max_length=300, blank=True)
    # Identity across re-imports (importers/identity.py).
    import_key = models.CharField(max_length=64, unique=True, null=True, editable=False)
    question_key = models.CharField(max_length=64, null=True, editable=False, db_index=True)
    import_hash = models.CharField(max_length=64, blank=True, editable=False)
    status = models.CharField(
        _("review status"),
        max_length=20,
        choices=RulingStatus.choices,
        default=RulingStatus.WRITTEN,
    )
    reviewed_at = models.DateTimeField(_("reviewed at"), null=True, blank=True)
    reviewed_by = models.CharField(_("reviewed by"), max_length=150, blank=True)
    flags = models.JSONField(_("review flags"), default=list, blank=True, editable=False)
    flag_count = models.PositiveSmallIntegerField(_("flags"), default=0, editable=False)
    # Not `auto_now_add`: a new ruling's two dates are then one moment.
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    updated_at = models.DateTimeField(auto_now=True)
    # `news_at`, indexed for the feed and the sitemap; not revisioned.
    changed_for_readers_at = models.DateTimeField(
        _("last changed for readers"), default=timezone.now, editable=False, serialize=False
    )
    _revisions = GenericRelation("wagtailcore.Revision", related_query_name="ruling")
    translation_marks = GenericRelation("core.TranslationMark")
    # Its translations' statuses as stored for the dashboard (core.freshness).
    translation_statuses = GenericRelation("core.TranslationStatusRecord")

    objects = RulingQuerySet.as_manager()

    # Searched in its own columns, one language at a time (core.admin_search_backend).
    admin_search_index = False
    search_fields = [
        *(index.SearchField(f"question_{code}", boost=2) for code in site_languages()),
        *(index.SearchField(f"answer_{code}", boost=1) for code in site_languages()),
        index.FilterField("id"),
        index.FilterField("edition_id"),
        index.FilterField("status"),
        index.FilterField("live"),
        *(index.FilterField(f"question_{code}") for code in site_languages()),
    ]
    search_en = search_vector_field("en", {"question_en": "A", "answer_en": "B"})
    search_es = search_vector_field("es", {"question_es": "A", "answer_es": "B"})
    # Indexed by save() itself: Wagtail's bookkeeping saves change nothing searched.
    search_auto_update = False

    class Meta:
        ordering = [models.F("answered_at").desc(nulls_last=True), "pk"]
        verbose_name = _("ruling")
        verbose_name_plural = _("rulings")
        permissions = [
            ("review_ruling", _("Can verify, correct or withdraw a ruling")),
            # Declared so that the migration giving it to Editors (core.roles) finds it.
            ("publish_ruling", "Can publish ruling"),
        ]
        indexes = [
            *(search_vector_index("ruling", code) for code in site_languages()),
            *(question_vector_index("ruling", code) for code in site_languages()),
            models.Index(
                models.F("answered_at").desc(nulls_last=True), "id", name="ruling_newest_answer"
            ),
            models.Index(
                models.F("changed_for_readers_at").desc(), name="ruling_changed_for_readers"
            ),
            models.Index(DATED_AT, name="ruling_dated_at"),
            # The reader lists (all, an edition's, a status's): rows and count from the index.
            *(
                models.Index(
                    *fields,
                    models.F("answered_at").desc(nulls_last=True),
                    "id",
                    condition=public_rulings(),
                    name=name,
                )
                for name, fields in (
                    ("ruling_public_newest", ()),
                    ("ruling_public_edition_newest", ("edition",)),
                    ("ruling_public_status_newest", ("status",)),
                )
            ),
            # The sitemap reads every public ruling's address from the index alone.
            models.Index(
                fields=["id"],
                include=["edition", "slug", "changed_for_readers_at"],
                condition=public_rulings(),
                name="ruling_public_addresses",
            ),
            models.Index(
                "edition",
                models.F("changed_for_readers_at").desc(),
                condition=public_rulings(),
                name="ruling_public_edition_changed",
            ),
            # The editors' rulings listing's order (rulings.wagtail_hooks).
            models.Index(
                models.F("flag_count").desc(),
                models.F("answered_at").desc(),
                models.F("id").desc(),
                name="ruling_review_queue",
            ),
            # The review queue (`needing_review`), oldest first.
            models.Index(
                fields=["created_at", "id"],
                condition=~Q(status__in=sorted(RulingStatus.decided())),
                name="ruling_needing_review",
            ),
        ]
        constraints = [
            models.UniqueConstraint(fields=["edition", "slug"], name="ruling_unique_slug"),
            models.CheckConstraint(
                condition=Q(origin__in=RulingOrigin.values),
                name="ruling_origin_known",
            ),
            models.CheckConstraint(
                condition=Q(import_key__isnull=True) | Q(origin=RulingOrigin.EXPORT),
                name="ruling_imported_is_export",
            ),
            models.CheckConstraint(
                condition=~Q(origin=RulingOrigin.ILLUSTRATIVE) | Q(source_file=""),
                name="ruling_illustrative_has_no_source_file",
            ),
            # An unreviewed ruling's status says who wrote it (RulingStatus.first_for).
            models.CheckConstraint(
                condition=~Q(status=RulingStatus.WRITTEN) | Q(origin=RulingOrigin.EDITOR),
                name="ruling_written_is_editors",
            ),
            models.CheckConstraint(
                condition=~Q(status=RulingStatus.IMPORTED) | ~Q(origin=RulingOrigin.EDITOR),
                name="ruling_editors_is_not_imported",
            ),
        ]

    def __str__(self):
        return f"{self.edition.code}: {self.question[:80]}"

    def save(self, *args, refresh_flags=True, search_index=True, **kwargs):
        """Save, then refresh the review flags and search index when the save may change them."""
        if not self.slug:
            self.slug = unique_slug(self)
        update_fields = kwargs.get("update_fields")
        if self.live and update_fields is None:
            self.date_publication()
        if update_fields is None or "answered_at" in update_fields:
            self.changed_for_readers_at = self.news_at()
            if update_fields is not None:
                kwargs["update_fields"] = {*update_fields, "changed_for_readers_at"}
        super().save(*args, **kwargs)
        changed = set(kwargs.get("update_fields") or ()) or None
        if refresh_flags and (changed is None or FLAG_INPUTS & changed):
            self.refresh_flags()
        if search_index and (
            changed is None or {field.field_name for field in self.search_fields} & changed
        ):
            index.insert_or_update_object(self)

    def clean(self):
        """What an editor typed is stored in the edition's language (`settle_in_language`)."""
        super().clean()
        if self.edition_id:
            settle_in_language(self, self.language)

    @property
    def language(self):
        """The language its text is written in: its edition's."""
        return self.edition.language

    @property
    def written_in(self):
        """Its original's language, which translators leave to editors (core.forms)."""
        return self.language if self.edition_id else SOURCE_LANGUAGE

    def delete(self, *args, **kwargs):
        index.remove_object(self)
        return super().delete(*args, **kwargs)

    def get_absolute_url(self):
        return reverse("rulings:ruling", kwargs={"code": self.edition.code, "slug": self.slug})

    @property
    def revisions(self):
        return self._revisions

    def date_publication(self):
        """An editor's answer is given when it is first published."""
        if self.origin == RulingOrigin.EDITOR and self.answered_at is None:
            self.answered_at = self.first_published_at or timezone.now()

    def with_content_json(self, content):
        """Dated as it stands now: restoring an earlier text is not an earlier correction."""
        obj = super().with_content_json(content)
        obj.changed_for_readers_at = self.changed_for_readers_at
        obj.answered_at = obj.answered_at or self.answered_at
        return obj

    @property
    def dated_at(self):
        """When its answer was given, else when it was stored (`DATED_AT` in a query)."""
        return self.answered_at or self.created_at

    def news_at(self):
        """When readers last had news of this ruling: its answer or latest correction."""
        return max([self.dated_at, *(c.dated_at for c in self.corrections.all())])

    def mark_changed_for_readers(self, when):
        """Readers have news of this ruling from `when` (never moves back)."""
        type(self).objects.filter(pk=self.pk, changed_for_readers_at__lt=when).update(
            changed_for_readers_at=when
        )
        if self.changed_for_readers_at is None or self.changed_for_readers_at < when:
            self.changed_for_readers_at = when

    def refresh_flags(self):
        flags = self.flags_for(list(self.citations.all()))
        if flags != self.flags:
            self.flags, self.flag_count = flags, len(flags)
            type(self).objects.filter(pk=self.pk).update(flags=flags, flag_count=len(flags))

    def flags_for(self, citations):
        superseding = ErrataCard.objects.superseding({c.passage_id for c in citations})
        return compute_flags(self.answer, self.tokens_out, citations, superseding)

    def record_review(self, user, when=None):
        self.reviewed_at = when or timezone.now()
        self.reviewed_by = public_name(user)

    def has_flag(self, code):
        return any(flag["code"] == code for flag in self.flags)

    @property
    def preview_modes(self):
        return settings.LANGUAGES

    def get_preview_template(self, request, mode_name):
        return "rulings/ruling_preview.html"

    def serve_preview(self, request, mode_name):
        language = mode_name if mode_name in dict(settings.LANGUAGES) else None
        with translation.override(language or settings.LANGUAGE_CODE):
            self.slug = self.slug or slug_base(self.question)  # not saved yet: as it would be
            return super().serve_preview(request, mode_name).render()

    def get_preview_context(self, request, mode_name):
        return {**super().get_preview_context(request, mode_name), "ruling": self}

    @property
    def is_illustrative(self):
        return self.origin == self.Origin.ILLUSTRATIVE

    @property
    def timing_rows(self):
        """(label, milliseconds, translated?) per timing; unknown keys are shown as sent."""
        return [
            (TIMING_LABELS.get(key, key), ms, key in TIMING_LABELS)
            for key, ms in (self.timings or {}).items()
        ]


def unique_slug(ruling):
    """The question's slug, or the next free "-n" after it in the edition."""
    base = slug_base(ruling.question)
    taken = set(
        Ruling.objects.filter(edition_id=ruling.edition_id, slug__startswith=base)
        .exclude(pk=ruling.pk)
        .values_list("slug", flat=True)
    )
    return next_free_slug(base, taken)


def slug_base(question):
    return slugify(question)[:80].strip("-") or "ruling"


class RulingCorrectionQuerySet(models.QuerySet):
    def public(self):
        return (
            self.filter(public_rulings("ruling__"))
            .select_related("ruling__edition")
            .order_by("-corrected_on", "-pk")
        )


class RulingCorrection(Correction):
    ruling = ParentalKey(Ruling, on_delete=models.CASCADE, related_name="corrections")

    objects = RulingCorrectionQuerySet.as_manager()

    class Meta(Correction.Meta):
        abstract = False
        indexes = [models.Index(fields=["-corrected_on", "-id"], name="rulingcorrection_newest")]

    def save(self, *args, **kwargs):
        """A correction is news of its ruling for readers (the feed)."""
        super().save(*args, **kwargs)
        self.ruling.mark_changed_for_readers(self.dated_at)
