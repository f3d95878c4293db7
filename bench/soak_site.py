"""The soak's work inside Django (bench/soak.py --worker …), under production settings:
what the readers need to know of the site, one editor's edit, and the task queue."""

from __future__ import annotations

import datetime
import random
import re
from collections import Counter

from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from catalogue.models import Edition
from devtools.synthetic_catalogue.words import EN, ES, QUESTION_FORMS
from guides.forms import ChangeKind
from guides.models import GuidePage
from rulings.models import Ruling

MARK = re.compile(r" \(soak edit \d+\)$")
EDITIONS_ASKED_ABOUT = 200


def site():
    """The ask and search addresses per language, editions to ask about, words to use."""
    paths = {"ask": {}, "search": {}}
    for language in ("en", "es"):
        with translation.override(language):
            paths["ask"][language] = reverse("rulings:ask")
            paths["search"][language] = reverse("search")
    codes = list(Edition.objects.order_by("?").values_list("code", flat=True))
    return {
        **paths,
        "editions": codes[:EDITIONS_ASKED_ABOUT],
        "words": {"en": EN, "es": ES},
        "questions": QUESTION_FORMS,
        "limit": list(settings.RULESAGE_QUESTION_RATE_LIMIT),
    }


def edit(number):
    """Edit number `number`: an even one publishes a new revision of a random live guide
    (its summary changed, a minor edit), an odd one edits a random ruling's answer and
    saves its revision; both as the admin's edit views do, by an editor."""
    number = int(number)
    editor, _created = get_user_model().objects.get_or_create(
        username="soak-editor", defaults={"is_staff": True, "is_superuser": True}
    )
    rng = random.Random(number)
    with translation.override(settings.LANGUAGE_CODE):
        if number % 2 == 0:
            guides = GuidePage.objects.live().order_by("pk")
            guide = guides[rng.randrange(guides.count())]
            page = guide.get_latest_revision_as_object()
            page.intro = MARK.sub("", page.intro) + f" (soak edit {number})"
            page.change_kind = ChangeKind.MINOR
            page.change_summary = ""
            revision = page.save_revision(user=editor, log_action=True)
            revision.publish(user=editor)
            return {"published": page.url}
        rulings = Ruling.objects.public().order_by("pk")
        ruling = rulings.select_related("edition")[rng.randrange(rulings.count())]
    # In the ruling's own language: a Spanish edition's rulings have no English text.
    with translation.override(ruling.edition.language):
        ruling.answer = MARK.sub("", ruling.answer) + f" (soak edit {number})"
        ruling.save()
        ruling.save_revision(user=editor, log_action=True)
        return {"saved": ruling.get_absolute_url()}


def tasks(since):
    """The background tasks queued since `since` (ISO 8601), by status, and how many of
    them still wait to run (due now or later: a mail's next attempt waits too)."""
    queued = DBTaskResult.objects.filter(enqueued_at__gte=datetime.datetime.fromisoformat(since))
    found = Counter(queued.values_list("status", flat=True))
    return {
        "queued": sum(found.values()),
        "run": found[TaskResultStatus.SUCCESSFUL],
        "failed": found[TaskResultStatus.FAILED],
        "waiting": found[TaskResultStatus.READY] + found[TaskResultStatus.RUNNING],
    }
