"""Questions readers send about an edition: kept for editors, never shown publicly."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import GreaterThanOrEqual, LessThanOrEqual
from django.utils.translation import gettext_lazy as _

from catalogue.models.games import Edition
from core.text_search import search_vector_field, search_vector_index, site_languages

from .rulings import Ruling

QUESTION_MIN_LENGTH = 10
QUESTION_MAX_LENGTH = 1000
# The longest a reader's address is kept when nobody has written to it (the ask page says so).
ADDRESS_KEPT_DAYS = 90


class ReaderQuestionQuerySet(models.QuerySet):
    def waiting(self):
        return self.filter(status=ReaderQuestion.Status.NEW)

    def reader_to_be_told(self):
        return (
            self.exclude(status=ReaderQuestion.Status.NEW)
            .exclude(email="")
            .filter(notified_at__isnull=True)
        )


class ReaderQuestion(models.Model):
    class Status(models.TextChoices):
        NEW = "new", _("New")
        DUPLICATE = "duplicate", _("Duplicate of a ruling")
        ANSWERED = "answered", _("Answered by a new ruling")
        DECLINED = "declined", _("Declined")

    edition = models.ForeignKey(
        Edition,
        on_delete=models.PROTECT,
        related_name="reader_questions",
        verbose_name=_("edition"),
    )
    question = models.TextField(_("question"), max_length=QUESTION_MAX_LENGTH)
    language = models.CharField(
        _("asked in"), max_length=7, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    email = models.EmailField(
        _("e-mail"), blank=True, help_text=_("Given by the reader to hear back; never shown.")
    )
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.NEW
    )
    ruling = models.ForeignKey(
        Ruling,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reader_questions",
        verbose_name=_("ruling"),
        help_text=_("The ruling that answers it: an existing one (duplicate) or a new one."),
    )
    decline_reason = models.TextField(_("reason for declining"), blank=True)
    created_at = models.DateTimeField(_("asked at"), auto_now_add=True)
    handled_at = models.DateTimeField(_("handled at"), null=True, blank=True)
    handled_by = models.CharField(_("handled by"), max_length=150, blank=True)
    notified_at = models.DateTimeField(
        _("reader told at"),
        null=True,
        blank=True,
        help_text=_("When the reader was sent the one e-mail about it; the address is gone."),
    )

    # Text-search vectors kept by PostgreSQL (core.text_search) for the editors' search,
    # each NULL unless the question is asked in its language, as for passages.
    search_en = search_vector_field("en", {"question": "A"}, only_where={"language": "en"})
    search_es = search_vector_field("es", {"question": "A"}, only_where={"language": "es"})

    objects = ReaderQuestionQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("reader question")
        verbose_name_plural = _("reader questions")
        indexes = [
            models.Index(
                models.F("created_at").desc(), models.F("id").desc(), name="reader_question_newest"
            ),
            *(
                search_vector_index("readerquestion", code, condition=Q(language=code))
                for code in site_languages()
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["new", "duplicate", "answered", "declined"]),
                name="reader_question_status_known",
            ),
            models.CheckConstraint(
                condition=~Q(status="declined") | ~Q(decline_reason=""),
                name="reader_question_declined_has_reason",
            ),
            # The address is deleted once the reader has been told.
            models.CheckConstraint(
                condition=Q(notified_at__isnull=True) | Q(email=""),
                name="reader_question_told_keeps_no_address",
            ),
            models.CheckConstraint(
                condition=Q(GreaterThanOrEqual(Length("question"), QUESTION_MIN_LENGTH))
                & Q(LessThanOrEqual(Length("question"), QUESTION_MAX_LENGTH)),
                name="reader_question_length",
            ),
        ]

    def __str__(self):
        return self.question[:80]
