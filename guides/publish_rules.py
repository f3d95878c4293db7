"""The rules a guide must meet to go live, apart from the models that read them."""

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from modeltranslation.utils import build_localized_fieldname

from core.translated_fields import SOURCE_LANGUAGE


class ChangeKind(models.TextChoices):
    """What an editor says a publish is: it decides the version number and the log line."""

    MINOR = "minor", _("Minor edit: wording, a typo or a link; the rules it states are unchanged")
    SUBSTANTIVE = "substantive", _("Substantive change: a new version")


class PublishRefused(ValidationError):
    """A guide that may not go live as it stands (no source, no checked date…)."""


def publish_problems(page):
    """What stops `page`, as it would go live, from being published (empty: nothing)."""
    return problems_with(
        checked_on=page.checked_on,
        has_sources=any(source.document_id for source in page.sources.all()),
        substantive=page.change_kind == ChangeKind.SUBSTANTIVE,
        note=stored(page, "change_summary"),
    )


def problems_with(*, checked_on, has_sources, substantive, note):
    problems = []
    if not checked_on:
        problems.append(_("give the date the guide was checked against its sources"))
    if not has_sources:
        problems.append(_("add at least one source under “Sources and scope”"))
    if substantive and not note:
        problems.append(_("say in the change-log note what the new version changes"))
    return problems


def refusal_message(problems):
    """The message an editor sees when a publish is refused and the draft was kept."""
    return ngettext(
        "Your changes were saved as a draft, but not published. To publish, %(problems)s.",
        "Your changes were saved as a draft, but not published. To publish: %(problems)s.",
        len(problems),
    ) % {"problems": "; ".join(str(problem) for problem in problems)}


def stored(page, field, language=SOURCE_LANGUAGE):
    return (getattr(page, build_localized_fieldname(field, language)) or "").strip()
