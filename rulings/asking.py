"""Readers asking a rules question: "check" shows the rulings most like it, "send" stores it
for editors. Sending is limited per address in the cache, failing closed when it is down."""

import time

from django import forms
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils import translation
from django.utils.text import format_lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from catalogue.lookup import chosen_edition, edition_label, editions_matching
from core.client_address import client_address
from core.navigation import Crumb
from core.redis_cache import CacheUnavailable, errors_raised
from core.translated_fields import falls_back

from .forms import refuse_in_lines
from .models import ReaderQuestion
from .models.questions import ADDRESS_KEPT_DAYS, QUESTION_MAX_LENGTH, QUESTION_MIN_LENGTH
from .reader_mail import look_after_reader_addresses
from .recall import answered_before
from .views import trail

SESSION_KEY = "rulesage_asked_question"
RECALL_LIMIT = 5


class EditionField(forms.CharField):
    def clean(self, value):
        text = super().clean(value)
        edition = chosen_edition(text)
        if edition is None:
            raise forms.ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice"
            )
        return edition


class QuestionForm(forms.Form):
    edition = EditionField(
        label=_("Game and edition"),
        help_text=_("Type part of the game's name, then choose its edition."),
        max_length=300,
        widget=forms.TextInput(
            attrs={
                "list": "id_edition-options",
                "autocomplete": "off",
                "data-suggestions": format_lazy("{}?kind=editions", reverse_lazy("suggestions")),
            }
        ),
        error_messages={
            "required": _("Choose the edition your question is about."),
            "invalid_choice": _("That edition is not one we know; choose one from the list."),
        },
    )
    question = forms.CharField(
        label=_("Your question"),
        min_length=QUESTION_MIN_LENGTH,
        max_length=QUESTION_MAX_LENGTH,
        strip=True,
        validators=[refuse_in_lines],
        widget=forms.Textarea(attrs={"rows": 4}),
        error_messages={
            "required": _("Type your question."),
            "min_length": _(
                "Your question is too short: write at least %(limit_value)d characters."
            ),
            "max_length": _(
                "Your question is too long: at most %(limit_value)d characters "
                "(it has %(show_value)d)."
            ),
        },
    )
    email = forms.EmailField(
        label=_("Your e-mail (optional)"),
        required=False,
        max_length=254,
        help_text=format_lazy(
            _(
                "We write to you once: when an editor answers your question, marks it answered "
                "already or declines it. Then your address is deleted, or after {days} days if "
                "we never wrote. Never shown or shared."
            ),
            days=ADDRESS_KEPT_DAYS,
        ),
        error_messages={
            "invalid": _("That e-mail address looks incomplete; check it or leave it empty.")
        },
    )
    # Hidden from people by the stylesheet; form-filling robots fill it in.
    website = forms.CharField(
        label=_("Leave this field empty"),
        required=False,
        widget=forms.TextInput(attrs={"tabindex": "-1", "autocomplete": "off"}),
    )

    def clean_website(self):
        if self.cleaned_data["website"]:
            raise forms.ValidationError(_("Leave this field empty to send your question."))
        return ""


def take_a_send(request):
    """Count one question from this address: 0 when it may be sent, else the seconds
    until it may. The window's start and count are set with the cache's atomic `add` and
    `incr`, so concurrent sends never get past the limit; raises CacheUnavailable."""
    limit, window = settings.RULESAGE_QUESTION_RATE_LIMIT
    now = time.time()
    key = f"rulesage:ask:{client_address(request) or 'unknown'}"
    with errors_raised():
        for _attempt in range(3):
            cache.add(key, now, window)
            started = cache.get(key)
            if started is None:  # the window ended in between: start the next one
                continue
            count_key = f"{key}:{started}"
            cache.add(count_key, 0, window)
            try:
                count = cache.incr(count_key)
            except ValueError:  # expired between add and incr
                continue
            if count <= limit:
                return 0
            return max(1, int(started + window - now) + 1)
    return 0


def rate_limit_message(seconds):
    limit, window = settings.RULESAGE_QUESTION_RATE_LIMIT
    minutes = max(1, (seconds + 59) // 60)
    return ngettext(
        "You have sent %(limit)s questions recently, the most we take from one address in a "
        "while. Your question is kept below: please send it again in %(minutes)s minute.",
        "You have sent %(limit)s questions recently, the most we take from one address in a "
        "while. Your question is kept below: please send it again in %(minutes)s minutes.",
        minutes,
    ) % {"limit": limit, "minutes": minutes}


def crumbs(edition, last):
    game = [Crumb(edition.game.name, edition.get_absolute_url())] if edition else []
    return trail(None, *game, Crumb(last))


@require_http_methods(["GET", "HEAD", "POST"])
def ask(request):
    status, similar = 200, None
    if request.method == "POST":
        form = QuestionForm(request.POST)
    elif "question" in request.GET:
        # Checking from a game or edition page: a GET, so those pages stay cacheable.
        form = QuestionForm(request.GET)
    else:
        edition = chosen_edition(request.GET.get("edition", ""))
        form = QuestionForm(initial={"edition": edition_label(edition)} if edition else None)
    if form.is_bound:
        if form.is_valid() and request.method == "POST" and request.POST.get("action") == "send":
            try:
                wait = take_a_send(request)
            except CacheUnavailable:
                form.add_error(
                    None,
                    gettext(
                        "Questions cannot be sent just now: the part of the site that counts "
                        "them is not answering. Your question is kept below: please send it "
                        "again in a few minutes."
                    ),
                )
                status = 503
            else:
                if not wait:
                    return sent(request, form)
                form.add_error(None, rate_limit_message(wait))
                status = 429
        # What is already answered, whenever the edition and question are usable.
        edition = form.cleaned_data.get("edition")
        if edition and form.cleaned_data.get("question"):
            similar = answered_before(edition, form.cleaned_data["question"], limit=RECALL_LIMIT)
            # Rulings not yet translated are shown in English, and the list says so.
            for ruling in similar:
                ruling.in_english = falls_back(ruling, "question")
    typed = form["edition"].value() if form.is_bound and "edition" in form.errors else ""
    context = {
        "form": form,
        "edition": edition,
        "similar": similar,
        "any_in_english": any(ruling.in_english for ruling in similar or ()),
        "checked": similar is not None,
        # Typed text that names no edition: what it matches.
        "edition_text": typed,
        "edition_matches": editions_matching(typed),
        "crumbs": crumbs(edition, gettext("Ask a rules question")),
    }
    response = render(request, "rulings/ask.html", context, status=status)
    if status == 503:
        response["Retry-After"] = str(settings.RULESAGE_RETRY_AFTER_SECONDS)
    return response


def sent(request, form):
    question = ReaderQuestion.objects.create(
        edition=form.cleaned_data["edition"],
        question=form.cleaned_data["question"],
        email=form.cleaned_data["email"],
        language=translation.get_language(),
    )
    transaction.on_commit(look_after_reader_addresses.enqueue)  # an occasion to sweep
    request.session[SESSION_KEY] = question.pk
    return redirect("rulings:ask_sent")


def ask_sent(request):
    pk = request.session.get(SESSION_KEY)
    question = (
        ReaderQuestion.objects.select_related("edition__game").filter(pk=pk).first() if pk else None
    )
    if question is None:
        return redirect("rulings:ask")
    context = {
        "question": question,
        "edition": question.edition,
        "days": ADDRESS_KEPT_DAYS,
        "crumbs": crumbs(question.edition, gettext("Question sent")),
    }
    return render(request, "rulings/ask_sent.html", context)
